-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE leave_type (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  max_days numeric(20,4),
  paid boolean,
  description text
);
CREATE TABLE staff_leave (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  title text,
  staff_id uuid,
  department_id uuid,
  leave_type_id uuid,
  from_date date,
  to_date date,
  days numeric(20,4),
  reason text,
  approval_status text
);
CREATE INDEX ix_leave_type__state_created ON leave_type (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_leave_type__code ON leave_type (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_leave_type__name ON leave_type (name);
CREATE INDEX ix_leave_type__paid ON leave_type (paid);
CREATE INDEX ix_staff_leave__state_created ON staff_leave (state, created_date DESC, id);
CREATE INDEX ix_staff_leave__staff_id ON staff_leave (staff_id);
CREATE INDEX ix_staff_leave__department_id ON staff_leave (department_id);
CREATE INDEX ix_staff_leave__leave_type_id ON staff_leave (leave_type_id);
CREATE INDEX ix_staff_leave__from_date ON staff_leave (from_date);
CREATE INDEX ix_staff_leave__to_date ON staff_leave (to_date);
CREATE INDEX ix_staff_leave__approval_status ON staff_leave (approval_status);
ALTER TABLE staff_leave ADD CONSTRAINT fk_staff_leave__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE staff_leave ADD CONSTRAINT fk_staff_leave__department_id FOREIGN KEY (department_id) REFERENCES organization (id);
ALTER TABLE staff_leave ADD CONSTRAINT fk_staff_leave__leave_type_id FOREIGN KEY (leave_type_id) REFERENCES leave_type (id);
