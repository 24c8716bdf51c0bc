-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE asset_type (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  inspection_months integer,
  description text
);
CREATE TABLE asset_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  type_id uuid,
  depreciation_months integer,
  inspection_months integer,
  description text
);
CREATE TABLE asset (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  asset_code text,
  name text,
  kind text,
  type_id uuid,
  group_id uuid,
  brand text,
  model text,
  serial text,
  supplier text,
  purchase_date date,
  purchase_price bigint,
  depreciation_months integer,
  extended_months integer,
  capitalised_cost bigint,
  depreciation_end date,
  last_inspection_date date,
  next_inspection_date date,
  inspection_state text,
  insured_until date,
  department_id uuid,
  holder_id uuid,
  receiver_id uuid,
  location text,
  status text,
  liquidation_date date,
  liquidation_price bigint,
  note text,
  title text GENERATED ALWAYS AS (asset_code || ' · ' || name) STORED
);
CREATE TABLE asset_handover (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  type text,
  handover_date date,
  department_id uuid,
  giver_id uuid,
  receiver_id uuid,
  location text,
  reason text,
  status text,
  total_lines integer,
  accepted_lines integer,
  denied_lines integer,
  sent_at timestamptz,
  answer_due timestamptz,
  overdue boolean,
  completed_at timestamptz,
  note text
);
CREATE TABLE asset_handover_line (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  handover_id uuid,
  asset_id uuid,
  giver_id uuid,
  receiver_id uuid,
  condition text,
  status text,
  deny_reason text,
  answered_at timestamptz,
  asset_status_before text
);
CREATE TABLE repair_company (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  name text,
  tax_code text,
  contact_name text,
  phone text,
  email text,
  address text,
  note text
);
CREATE TABLE repair_asset (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  asset_id uuid,
  department_id uuid,
  company_id uuid,
  reason text,
  cost bigint,
  sent_date date,
  returned_date date,
  outcome text,
  capitalised boolean,
  extra_months integer,
  status text,
  note text,
  downtime_days integer GENERATED ALWAYS AS (returned_date - sent_date) STORED
);
CREATE TABLE asset_insurance (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  asset_id uuid,
  insurer text,
  policy_number text,
  insured_value bigint,
  premium bigint,
  from_date date,
  to_date date,
  note text
);
CREATE TABLE asset_inspection (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  asset_id uuid,
  department_id uuid,
  inspection_date date,
  inspector text,
  certificate_number text,
  result text,
  valid_until date,
  cost bigint,
  note text
);
CREATE TABLE asset_alert_setting (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  name text,
  kind text,
  enabled boolean,
  days_ahead integer,
  recipient_ids uuid[],
  to_department_head boolean,
  by_mail boolean,
  note text
);
CREATE INDEX ix_asset_type__state_created ON asset_type (state, created_date DESC, id);
CREATE INDEX ix_asset_type__state_default_order ON asset_type (state, name ASC NULLS LAST, id);
CREATE UNIQUE INDEX uq_asset_type__code ON asset_type (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset_type__code__q ON asset_type USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_asset_type__name ON asset_type (name);
CREATE INDEX ix_asset_type__name__q ON asset_type USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_asset_group__state_created ON asset_group (state, created_date DESC, id);
CREATE INDEX ix_asset_group__state_default_order ON asset_group (state, name ASC NULLS LAST, id);
CREATE UNIQUE INDEX uq_asset_group__code ON asset_group (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset_group__code__q ON asset_group USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_asset_group__name ON asset_group (name);
CREATE INDEX ix_asset_group__name__q ON asset_group USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_asset_group__type_id ON asset_group (type_id);
CREATE INDEX ix_asset__state_created ON asset (state, created_date DESC, id);
CREATE INDEX ix_asset__state_default_order ON asset (state, asset_code DESC NULLS LAST, id);
CREATE INDEX ix_asset__state_created_scope ON asset (state, created_date DESC, id) INCLUDE (department_id);
CREATE UNIQUE INDEX uq_asset__asset_code ON asset (lower(asset_code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset__asset_code__q ON asset USING gin (portal_fold(asset_code) gin_trgm_ops);
CREATE INDEX ix_asset__name ON asset (name);
CREATE INDEX ix_asset__name__q ON asset USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_asset__title ON asset (title);
CREATE INDEX ix_asset__kind ON asset (kind);
CREATE INDEX ix_asset__type_id ON asset (type_id);
CREATE INDEX ix_asset__group_id ON asset (group_id);
CREATE INDEX ix_asset__brand__q ON asset USING gin (portal_fold(brand) gin_trgm_ops);
CREATE INDEX ix_asset__model__q ON asset USING gin (portal_fold(model) gin_trgm_ops);
CREATE UNIQUE INDEX uq_asset__serial ON asset (lower(serial)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset__serial__q ON asset USING gin (portal_fold(serial) gin_trgm_ops);
CREATE INDEX ix_asset__supplier__q ON asset USING gin (portal_fold(supplier) gin_trgm_ops);
CREATE INDEX ix_asset__purchase_date ON asset (purchase_date);
CREATE INDEX ix_asset__purchase_price ON asset (purchase_price);
CREATE INDEX ix_asset__depreciation_end ON asset (depreciation_end);
CREATE INDEX ix_asset__last_inspection_date ON asset (last_inspection_date);
CREATE INDEX ix_asset__next_inspection_date ON asset (next_inspection_date);
CREATE INDEX ix_asset__inspection_state ON asset (inspection_state);
CREATE INDEX ix_asset__insured_until ON asset (insured_until);
CREATE INDEX ix_asset__department_id ON asset (department_id);
CREATE INDEX ix_asset__holder_id ON asset (holder_id);
CREATE INDEX ix_asset__receiver_id ON asset (receiver_id);
CREATE INDEX ix_asset__location__q ON asset USING gin (portal_fold(location) gin_trgm_ops);
CREATE INDEX ix_asset__status ON asset (status);
CREATE INDEX ix_asset__liquidation_date ON asset (liquidation_date);
CREATE INDEX ix_asset_handover__state_created ON asset_handover (state, created_date DESC, id);
CREATE INDEX ix_asset_handover__state_created_scope ON asset_handover (state, created_date DESC, id) INCLUDE (department_id);
CREATE UNIQUE INDEX uq_asset_handover__code ON asset_handover (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset_handover__code__q ON asset_handover USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_asset_handover__type ON asset_handover (type);
CREATE INDEX ix_asset_handover__handover_date ON asset_handover (handover_date);
CREATE INDEX ix_asset_handover__department_id ON asset_handover (department_id);
CREATE INDEX ix_asset_handover__giver_id ON asset_handover (giver_id);
CREATE INDEX ix_asset_handover__receiver_id ON asset_handover (receiver_id);
CREATE INDEX ix_asset_handover__status ON asset_handover (status);
CREATE INDEX ix_asset_handover__sent_at ON asset_handover (sent_at);
CREATE INDEX ix_asset_handover__answer_due ON asset_handover (answer_due);
CREATE INDEX ix_asset_handover__overdue ON asset_handover (overdue);
CREATE INDEX ix_asset_handover__completed_at ON asset_handover (completed_at);
CREATE INDEX ix_asset_handover_line__state_created ON asset_handover_line (state, created_date DESC, id);
CREATE INDEX ix_asset_handover_line__state_default_order ON asset_handover_line (state, created_date ASC, id);
CREATE INDEX ix_asset_handover_line__handover_id ON asset_handover_line (handover_id);
CREATE INDEX ix_asset_handover_line__asset_id ON asset_handover_line (asset_id);
CREATE INDEX ix_asset_handover_line__giver_id ON asset_handover_line (giver_id);
CREATE INDEX ix_asset_handover_line__receiver_id ON asset_handover_line (receiver_id);
CREATE INDEX ix_asset_handover_line__status ON asset_handover_line (status);
CREATE UNIQUE INDEX uq_asset_handover_line__handover_id__asset_id ON asset_handover_line (handover_id, asset_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_repair_company__state_created ON repair_company (state, created_date DESC, id);
CREATE INDEX ix_repair_company__state_default_order ON repair_company (state, name ASC NULLS LAST, id);
CREATE UNIQUE INDEX uq_repair_company__name ON repair_company (lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_repair_company__name__q ON repair_company USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_repair_company__tax_code__q ON repair_company USING gin (portal_fold(tax_code) gin_trgm_ops);
CREATE INDEX ix_repair_asset__state_created ON repair_asset (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_repair_asset__code ON repair_asset (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_repair_asset__code__q ON repair_asset USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_repair_asset__asset_id ON repair_asset (asset_id);
CREATE INDEX ix_repair_asset__department_id ON repair_asset (department_id);
CREATE INDEX ix_repair_asset__company_id ON repair_asset (company_id);
CREATE INDEX ix_repair_asset__reason__q ON repair_asset USING gin (portal_fold(reason) gin_trgm_ops);
CREATE INDEX ix_repair_asset__cost ON repair_asset (cost);
CREATE INDEX ix_repair_asset__sent_date ON repair_asset (sent_date);
CREATE INDEX ix_repair_asset__returned_date ON repair_asset (returned_date);
CREATE INDEX ix_repair_asset__downtime_days ON repair_asset (downtime_days);
CREATE INDEX ix_repair_asset__outcome ON repair_asset (outcome);
CREATE INDEX ix_repair_asset__status ON repair_asset (status);
CREATE INDEX ix_asset_insurance__state_created ON asset_insurance (state, created_date DESC, id);
CREATE INDEX ix_asset_insurance__state_default_order ON asset_insurance (state, to_date ASC NULLS LAST, id);
CREATE INDEX ix_asset_insurance__asset_id ON asset_insurance (asset_id);
CREATE INDEX ix_asset_insurance__insurer__q ON asset_insurance USING gin (portal_fold(insurer) gin_trgm_ops);
CREATE INDEX ix_asset_insurance__policy_number__q ON asset_insurance USING gin (portal_fold(policy_number) gin_trgm_ops);
CREATE INDEX ix_asset_insurance__from_date ON asset_insurance (from_date);
CREATE INDEX ix_asset_insurance__to_date ON asset_insurance (to_date);
CREATE UNIQUE INDEX uq_asset_insurance__insurer__policy_number ON asset_insurance (lower(insurer), lower(policy_number)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset_inspection__state_created ON asset_inspection (state, created_date DESC, id);
CREATE INDEX ix_asset_inspection__state_default_order ON asset_inspection (state, inspection_date DESC NULLS LAST, id);
CREATE UNIQUE INDEX uq_asset_inspection__code ON asset_inspection (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset_inspection__code__q ON asset_inspection USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_asset_inspection__asset_id ON asset_inspection (asset_id);
CREATE INDEX ix_asset_inspection__department_id ON asset_inspection (department_id);
CREATE INDEX ix_asset_inspection__inspection_date ON asset_inspection (inspection_date);
CREATE INDEX ix_asset_inspection__inspector__q ON asset_inspection USING gin (portal_fold(inspector) gin_trgm_ops);
CREATE INDEX ix_asset_inspection__certificate_number__q ON asset_inspection USING gin (portal_fold(certificate_number) gin_trgm_ops);
CREATE INDEX ix_asset_inspection__result ON asset_inspection (result);
CREATE INDEX ix_asset_inspection__valid_until ON asset_inspection (valid_until);
CREATE INDEX ix_asset_alert_setting__state_created ON asset_alert_setting (state, created_date DESC, id);
CREATE INDEX ix_asset_alert_setting__state_default_order ON asset_alert_setting (state, kind ASC NULLS LAST, id);
CREATE INDEX ix_asset_alert_setting__name ON asset_alert_setting (name);
CREATE INDEX ix_asset_alert_setting__name__q ON asset_alert_setting USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_asset_alert_setting__kind ON asset_alert_setting (kind);
ALTER TABLE asset_group ADD CONSTRAINT fk_asset_group__type_id FOREIGN KEY (type_id) REFERENCES asset_type (id);
ALTER TABLE asset ADD CONSTRAINT fk_asset__type_id FOREIGN KEY (type_id) REFERENCES asset_type (id);
ALTER TABLE asset ADD CONSTRAINT fk_asset__group_id FOREIGN KEY (group_id) REFERENCES asset_group (id);
ALTER TABLE asset_handover_line ADD CONSTRAINT fk_asset_handover_line__handover_id FOREIGN KEY (handover_id) REFERENCES asset_handover (id);
ALTER TABLE asset_handover_line ADD CONSTRAINT fk_asset_handover_line__asset_id FOREIGN KEY (asset_id) REFERENCES asset (id);
ALTER TABLE repair_asset ADD CONSTRAINT fk_repair_asset__asset_id FOREIGN KEY (asset_id) REFERENCES asset (id);
ALTER TABLE repair_asset ADD CONSTRAINT fk_repair_asset__company_id FOREIGN KEY (company_id) REFERENCES repair_company (id);
ALTER TABLE asset_insurance ADD CONSTRAINT fk_asset_insurance__asset_id FOREIGN KEY (asset_id) REFERENCES asset (id);
ALTER TABLE asset_inspection ADD CONSTRAINT fk_asset_inspection__asset_id FOREIGN KEY (asset_id) REFERENCES asset (id);
