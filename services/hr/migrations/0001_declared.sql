-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE organization (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  type text,
  parent_id uuid,
  manager_id uuid,
  phone text,
  email text,
  address text,
  ordering integer,
  description text
);
CREATE TABLE staff_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  department_id uuid,
  leader_id uuid,
  description text
);
CREATE TABLE position (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  level integer,
  is_manager boolean,
  ordering integer,
  description text
);
CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  full_name text,
  first_name text,
  middle_name text,
  last_name text,
  phone text,
  personal_email text,
  company_email text,
  address text,
  permanent_address text,
  temporary_address text,
  current_area text,
  working_area text,
  presenter text,
  birthday date,
  gender text,
  nationality text,
  id_number text,
  id_issue_date date,
  id_issue_place text,
  passport_number text,
  passport_issue_date date,
  passport_expiry_date date,
  unit_id uuid,
  department_id uuid,
  position_id uuid,
  group_id uuid,
  manager_id uuid,
  academic_level text,
  language_level text,
  labor_type text,
  staff_type text,
  status text,
  major text,
  ethnic text,
  religion text,
  marital_status text,
  hometown text,
  birthplace text,
  social_insurance_code text,
  social_insurance_join_date date,
  health_insurance_number text,
  hospital text,
  bank_account text,
  bank_name text,
  probation_salary numeric(20,2),
  probation_date date,
  job_position text,
  entry_date date,
  severance_date date,
  decentralization_id text
);
CREATE INDEX ix_organization__state_created ON organization (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_organization__code ON organization (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_organization__name ON organization (name);
CREATE INDEX ix_organization__type ON organization (type);
CREATE INDEX ix_organization__parent_id ON organization (parent_id);
CREATE INDEX ix_organization__manager_id ON organization (manager_id);
CREATE INDEX ix_organization__ordering ON organization (ordering);
CREATE INDEX ix_staff_group__state_created ON staff_group (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_staff_group__code ON staff_group (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_staff_group__name ON staff_group (name);
CREATE INDEX ix_staff_group__department_id ON staff_group (department_id);
CREATE INDEX ix_staff_group__leader_id ON staff_group (leader_id);
CREATE INDEX ix_position__state_created ON position (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_position__code ON position (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_position__name ON position (name);
CREATE INDEX ix_position__level ON position (level);
CREATE INDEX ix_position__is_manager ON position (is_manager);
CREATE INDEX ix_position__ordering ON position (ordering);
CREATE INDEX ix_staff__state_created ON staff (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_staff__code ON staff (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_staff__full_name ON staff (full_name);
CREATE UNIQUE INDEX uq_staff__company_email ON staff (lower(company_email)) WHERE state = 'ACTIVE';
CREATE INDEX ix_staff__working_area ON staff (working_area);
CREATE INDEX ix_staff__birthday ON staff (birthday);
CREATE INDEX ix_staff__gender ON staff (gender);
CREATE INDEX ix_staff__unit_id ON staff (unit_id);
CREATE INDEX ix_staff__department_id ON staff (department_id);
CREATE INDEX ix_staff__position_id ON staff (position_id);
CREATE INDEX ix_staff__group_id ON staff (group_id);
CREATE INDEX ix_staff__manager_id ON staff (manager_id);
CREATE INDEX ix_staff__labor_type ON staff (labor_type);
CREATE INDEX ix_staff__staff_type ON staff (staff_type);
CREATE INDEX ix_staff__status ON staff (status);
CREATE INDEX ix_staff__entry_date ON staff (entry_date);
CREATE INDEX ix_staff__severance_date ON staff (severance_date);
ALTER TABLE organization ADD CONSTRAINT fk_organization__parent_id FOREIGN KEY (parent_id) REFERENCES organization (id);
ALTER TABLE organization ADD CONSTRAINT fk_organization__manager_id FOREIGN KEY (manager_id) REFERENCES staff (id);
ALTER TABLE staff_group ADD CONSTRAINT fk_staff_group__department_id FOREIGN KEY (department_id) REFERENCES organization (id);
ALTER TABLE staff_group ADD CONSTRAINT fk_staff_group__leader_id FOREIGN KEY (leader_id) REFERENCES staff (id);
ALTER TABLE staff ADD CONSTRAINT fk_staff__unit_id FOREIGN KEY (unit_id) REFERENCES organization (id);
ALTER TABLE staff ADD CONSTRAINT fk_staff__department_id FOREIGN KEY (department_id) REFERENCES organization (id);
ALTER TABLE staff ADD CONSTRAINT fk_staff__position_id FOREIGN KEY (position_id) REFERENCES position (id);
ALTER TABLE staff ADD CONSTRAINT fk_staff__group_id FOREIGN KEY (group_id) REFERENCES staff_group (id);
ALTER TABLE staff ADD CONSTRAINT fk_staff__manager_id FOREIGN KEY (manager_id) REFERENCES staff (id);
