-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE UNIQUE INDEX uq_staff_leave_day__staff_id__year ON staff_leave_day (staff_id, year) WHERE state = 'ACTIVE';
