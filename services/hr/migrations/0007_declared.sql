-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE INDEX ix_staff_group__state_created_scope ON staff_group (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_staff__state_created_scope ON staff (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_staff_leave__state_created_scope ON staff_leave (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_recruitment__state_created_scope ON recruitment (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_candidate__state_created_scope ON candidate (state, created_date DESC, id) INCLUDE (department_id);
