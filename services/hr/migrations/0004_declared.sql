-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE labor_contract (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  code text,
  name text,
  document_type text,
  type integer,
  status integer,
  start_date date,
  end_date date,
  effective_date date,
  base_salary numeric(20,2),
  income numeric(20,2),
  allowance numeric(20,2),
  insurance_salary numeric(20,2),
  dependents integer,
  note text
);
CREATE TABLE salary_staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  decision_code text,
  effective_date date,
  base_salary numeric(20,2),
  allowance numeric(20,2),
  insurance_salary numeric(20,2),
  income numeric(20,2),
  note text
);
CREATE TABLE education (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  training_school text,
  type text,
  major text,
  rank text,
  start_date date,
  end_date date,
  note text
);
CREATE TABLE recognition (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  type text,
  decision_code text,
  issue_date date,
  title text,
  form text,
  money numeric(20,2),
  recipient text,
  note text
);
CREATE TABLE family_relationship (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  full_name text,
  relationship integer,
  dependent_person boolean,
  birthday date,
  nationality text,
  phone text,
  occupation text,
  address text
);
CREATE TABLE experience_staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  project text,
  department text,
  role text,
  from_date date,
  to_date date,
  description text
);
CREATE TABLE staff_status (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  status text,
  effective_date date,
  decision_code text,
  to_unit_id uuid,
  to_department_id uuid,
  to_position_id uuid,
  from_status text,
  reason text
);
CREATE TABLE staff_transfer_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  kind text,
  effective_date date,
  decision_code text,
  from_unit_id uuid,
  from_department_id uuid,
  from_position_id uuid,
  to_unit_id uuid,
  to_department_id uuid,
  to_position_id uuid,
  reason text
);
CREATE TABLE annual_leave_increase (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  name text,
  years_of_service integer,
  extra_days numeric(20,4),
  note text
);
CREATE TABLE staff_leave_day (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  staff_id uuid,
  year integer,
  carried_days numeric(20,4),
  extra_days numeric(20,4),
  note text
);
CREATE TABLE recruitment (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  department_id uuid,
  position_id uuid,
  quantity integer,
  deadline date,
  salary_from numeric(20,2),
  salary_to numeric(20,2),
  reason text,
  requirements text,
  status text,
  hired_count integer,
  approval_status text
);
CREATE TABLE candidate (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  full_name text,
  email text,
  phone text,
  birthday date,
  gender text,
  recruitment_id uuid,
  department_id uuid,
  position_id uuid,
  source text,
  experience_years numeric(20,4),
  expected_salary numeric(20,2),
  status text,
  staff_id uuid,
  note text,
  approval_status text
);
CREATE TABLE candidate_interview (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  candidate_id uuid,
  kind text,
  scheduled_at timestamptz,
  location text,
  interviewer_id uuid,
  result text,
  score numeric(20,4),
  feedback text
);
ALTER TABLE leave_type ADD COLUMN annual boolean;
CREATE INDEX ix_labor_contract__state_created ON labor_contract (state, created_date DESC, id);
CREATE INDEX ix_labor_contract__staff_id ON labor_contract (staff_id);
CREATE UNIQUE INDEX uq_labor_contract__code ON labor_contract (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_labor_contract__document_type ON labor_contract (document_type);
CREATE INDEX ix_labor_contract__type ON labor_contract (type);
CREATE INDEX ix_labor_contract__status ON labor_contract (status);
CREATE INDEX ix_labor_contract__start_date ON labor_contract (start_date);
CREATE INDEX ix_labor_contract__end_date ON labor_contract (end_date);
CREATE INDEX ix_salary_staff__state_created ON salary_staff (state, created_date DESC, id);
CREATE INDEX ix_salary_staff__staff_id ON salary_staff (staff_id);
CREATE INDEX ix_salary_staff__effective_date ON salary_staff (effective_date);
CREATE INDEX ix_education__state_created ON education (state, created_date DESC, id);
CREATE INDEX ix_education__staff_id ON education (staff_id);
CREATE INDEX ix_education__start_date ON education (start_date);
CREATE INDEX ix_education__end_date ON education (end_date);
CREATE INDEX ix_recognition__state_created ON recognition (state, created_date DESC, id);
CREATE INDEX ix_recognition__staff_id ON recognition (staff_id);
CREATE INDEX ix_recognition__type ON recognition (type);
CREATE INDEX ix_recognition__issue_date ON recognition (issue_date);
CREATE INDEX ix_family_relationship__state_created ON family_relationship (state, created_date DESC, id);
CREATE INDEX ix_family_relationship__staff_id ON family_relationship (staff_id);
CREATE INDEX ix_family_relationship__relationship ON family_relationship (relationship);
CREATE INDEX ix_family_relationship__dependent_person ON family_relationship (dependent_person);
CREATE INDEX ix_experience_staff__state_created ON experience_staff (state, created_date DESC, id);
CREATE INDEX ix_experience_staff__staff_id ON experience_staff (staff_id);
CREATE INDEX ix_experience_staff__from_date ON experience_staff (from_date);
CREATE INDEX ix_experience_staff__to_date ON experience_staff (to_date);
CREATE INDEX ix_staff_status__state_created ON staff_status (state, created_date DESC, id);
CREATE INDEX ix_staff_status__staff_id ON staff_status (staff_id);
CREATE INDEX ix_staff_status__status ON staff_status (status);
CREATE INDEX ix_staff_status__effective_date ON staff_status (effective_date);
CREATE INDEX ix_staff_status__to_unit_id ON staff_status (to_unit_id);
CREATE INDEX ix_staff_status__to_department_id ON staff_status (to_department_id);
CREATE INDEX ix_staff_status__to_position_id ON staff_status (to_position_id);
CREATE INDEX ix_staff_transfer_history__state_created ON staff_transfer_history (state, created_date DESC, id);
CREATE INDEX ix_staff_transfer_history__staff_id ON staff_transfer_history (staff_id);
CREATE INDEX ix_staff_transfer_history__kind ON staff_transfer_history (kind);
CREATE INDEX ix_staff_transfer_history__effective_date ON staff_transfer_history (effective_date);
CREATE INDEX ix_staff_transfer_history__from_unit_id ON staff_transfer_history (from_unit_id);
CREATE INDEX ix_staff_transfer_history__from_department_id ON staff_transfer_history (from_department_id);
CREATE INDEX ix_staff_transfer_history__from_position_id ON staff_transfer_history (from_position_id);
CREATE INDEX ix_staff_transfer_history__to_unit_id ON staff_transfer_history (to_unit_id);
CREATE INDEX ix_staff_transfer_history__to_department_id ON staff_transfer_history (to_department_id);
CREATE INDEX ix_staff_transfer_history__to_position_id ON staff_transfer_history (to_position_id);
CREATE INDEX ix_leave_type__annual ON leave_type (annual);
CREATE INDEX ix_annual_leave_increase__state_created ON annual_leave_increase (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_annual_leave_increase__years_of_service ON annual_leave_increase (years_of_service) WHERE state = 'ACTIVE';
CREATE INDEX ix_staff_leave_day__state_created ON staff_leave_day (state, created_date DESC, id);
CREATE INDEX ix_staff_leave_day__staff_id ON staff_leave_day (staff_id);
CREATE INDEX ix_staff_leave_day__year ON staff_leave_day (year);
CREATE INDEX ix_recruitment__state_created ON recruitment (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_recruitment__code ON recruitment (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_recruitment__name ON recruitment (name);
CREATE INDEX ix_recruitment__department_id ON recruitment (department_id);
CREATE INDEX ix_recruitment__position_id ON recruitment (position_id);
CREATE INDEX ix_recruitment__deadline ON recruitment (deadline);
CREATE INDEX ix_recruitment__status ON recruitment (status);
CREATE INDEX ix_recruitment__approval_status ON recruitment (approval_status);
CREATE INDEX ix_candidate__state_created ON candidate (state, created_date DESC, id);
CREATE INDEX ix_candidate__full_name ON candidate (full_name);
CREATE UNIQUE INDEX uq_candidate__email ON candidate (lower(email)) WHERE state = 'ACTIVE';
CREATE INDEX ix_candidate__gender ON candidate (gender);
CREATE INDEX ix_candidate__recruitment_id ON candidate (recruitment_id);
CREATE INDEX ix_candidate__department_id ON candidate (department_id);
CREATE INDEX ix_candidate__position_id ON candidate (position_id);
CREATE INDEX ix_candidate__source ON candidate (source);
CREATE INDEX ix_candidate__status ON candidate (status);
CREATE INDEX ix_candidate__staff_id ON candidate (staff_id);
CREATE INDEX ix_candidate__approval_status ON candidate (approval_status);
CREATE INDEX ix_candidate_interview__state_created ON candidate_interview (state, created_date DESC, id);
CREATE INDEX ix_candidate_interview__candidate_id ON candidate_interview (candidate_id);
CREATE INDEX ix_candidate_interview__kind ON candidate_interview (kind);
CREATE INDEX ix_candidate_interview__scheduled_at ON candidate_interview (scheduled_at);
CREATE INDEX ix_candidate_interview__interviewer_id ON candidate_interview (interviewer_id);
CREATE INDEX ix_candidate_interview__result ON candidate_interview (result);
ALTER TABLE labor_contract ADD CONSTRAINT fk_labor_contract__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE salary_staff ADD CONSTRAINT fk_salary_staff__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE education ADD CONSTRAINT fk_education__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE recognition ADD CONSTRAINT fk_recognition__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE family_relationship ADD CONSTRAINT fk_family_relationship__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE experience_staff ADD CONSTRAINT fk_experience_staff__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE staff_status ADD CONSTRAINT fk_staff_status__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE staff_status ADD CONSTRAINT fk_staff_status__to_unit_id FOREIGN KEY (to_unit_id) REFERENCES organization (id);
ALTER TABLE staff_status ADD CONSTRAINT fk_staff_status__to_department_id FOREIGN KEY (to_department_id) REFERENCES organization (id);
ALTER TABLE staff_status ADD CONSTRAINT fk_staff_status__to_position_id FOREIGN KEY (to_position_id) REFERENCES position (id);
ALTER TABLE staff_transfer_history ADD CONSTRAINT fk_staff_transfer_history__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE staff_transfer_history ADD CONSTRAINT fk_staff_transfer_history__from_unit_id FOREIGN KEY (from_unit_id) REFERENCES organization (id);
ALTER TABLE staff_transfer_history ADD CONSTRAINT fk_staff_transfer_history__from_department_id FOREIGN KEY (from_department_id) REFERENCES organization (id);
ALTER TABLE staff_transfer_history ADD CONSTRAINT fk_staff_transfer_history__from_position_id FOREIGN KEY (from_position_id) REFERENCES position (id);
ALTER TABLE staff_transfer_history ADD CONSTRAINT fk_staff_transfer_history__to_unit_id FOREIGN KEY (to_unit_id) REFERENCES organization (id);
ALTER TABLE staff_transfer_history ADD CONSTRAINT fk_staff_transfer_history__to_department_id FOREIGN KEY (to_department_id) REFERENCES organization (id);
ALTER TABLE staff_transfer_history ADD CONSTRAINT fk_staff_transfer_history__to_position_id FOREIGN KEY (to_position_id) REFERENCES position (id);
ALTER TABLE staff_leave_day ADD CONSTRAINT fk_staff_leave_day__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE recruitment ADD CONSTRAINT fk_recruitment__department_id FOREIGN KEY (department_id) REFERENCES organization (id);
ALTER TABLE recruitment ADD CONSTRAINT fk_recruitment__position_id FOREIGN KEY (position_id) REFERENCES position (id);
ALTER TABLE candidate ADD CONSTRAINT fk_candidate__recruitment_id FOREIGN KEY (recruitment_id) REFERENCES recruitment (id);
ALTER TABLE candidate ADD CONSTRAINT fk_candidate__department_id FOREIGN KEY (department_id) REFERENCES organization (id);
ALTER TABLE candidate ADD CONSTRAINT fk_candidate__position_id FOREIGN KEY (position_id) REFERENCES position (id);
ALTER TABLE candidate ADD CONSTRAINT fk_candidate__staff_id FOREIGN KEY (staff_id) REFERENCES staff (id);
ALTER TABLE candidate_interview ADD CONSTRAINT fk_candidate_interview__candidate_id FOREIGN KEY (candidate_id) REFERENCES candidate (id);
ALTER TABLE candidate_interview ADD CONSTRAINT fk_candidate_interview__interviewer_id FOREIGN KEY (interviewer_id) REFERENCES staff (id);
