-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE INDEX ix_organization__state_default_order ON organization (state, ordering ASC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_position__state_default_order ON position (state, ordering ASC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_labor_contract__state_default_order ON labor_contract (state, start_date DESC NULLS LAST, id);
CREATE INDEX ix_salary_staff__state_default_order ON salary_staff (state, effective_date DESC NULLS LAST, id);
CREATE INDEX ix_education__state_default_order ON education (state, start_date DESC NULLS LAST, id);
CREATE INDEX ix_recognition__state_default_order ON recognition (state, issue_date DESC NULLS LAST, id);
CREATE INDEX ix_experience_staff__state_default_order ON experience_staff (state, from_date DESC NULLS LAST, id);
CREATE INDEX ix_staff_status__state_default_order ON staff_status (state, effective_date DESC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_staff_transfer_history__state_default_order ON staff_transfer_history (state, effective_date DESC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_leave_type__state_default_order ON leave_type (state, created_date ASC, id);
CREATE INDEX ix_staff_leave__state_default_order ON staff_leave (state, from_date DESC NULLS LAST, id);
CREATE INDEX ix_holiday__state_default_order ON holiday (state, from_date DESC NULLS LAST, id);
CREATE INDEX ix_annual_leave_increase__state_default_order ON annual_leave_increase (state, years_of_service ASC NULLS LAST, id);
CREATE INDEX ix_staff_leave_day__state_default_order ON staff_leave_day (state, year DESC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_candidate_interview__state_default_order ON candidate_interview (state, scheduled_at ASC NULLS LAST, id);
