-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE business_plan (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  main_year integer,
  sale_code text,
  department_id uuid,
  owner_id uuid,
  note text,
  status text,
  decision_note text,
  approve_by date,
  expired boolean
);
CREATE TABLE business_plan_line (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  plan_id uuid,
  item text,
  m1 numeric(20,4),
  m2 numeric(20,4),
  m3 numeric(20,4),
  m4 numeric(20,4),
  m5 numeric(20,4),
  m6 numeric(20,4),
  m7 numeric(20,4),
  m8 numeric(20,4),
  m9 numeric(20,4),
  m10 numeric(20,4),
  m11 numeric(20,4),
  m12 numeric(20,4),
  note text,
  no integer GENERATED ALWAYS AS (array_position(ARRAY['CONTRACT_VALUE', 'WON_VALUE', 'BIDS_SUBMITTED', 'BIDS_WON', 'NEW_PROJECTS']::text[], item::text)) STORED,
  total numeric(20,4) GENERATED ALWAYS AS (coalesce(m1, 0) + coalesce(m2, 0) + coalesce(m3, 0) + coalesce(m4, 0) + coalesce(m5, 0) + coalesce(m6, 0) + coalesce(m7, 0) + coalesce(m8, 0) + coalesce(m9, 0) + coalesce(m10, 0) + coalesce(m11, 0) + coalesce(m12, 0)) STORED
);
CREATE INDEX ix_business_plan__state_created ON business_plan (state, created_date DESC, id);
CREATE INDEX ix_business_plan__state_default_order ON business_plan (state, main_year DESC NULLS LAST, sale_code ASC NULLS LAST, id);
CREATE UNIQUE INDEX uq_business_plan__code ON business_plan (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_business_plan__code__q ON business_plan USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_business_plan__name ON business_plan (name);
CREATE INDEX ix_business_plan__name__q ON business_plan USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_business_plan__main_year ON business_plan (main_year);
CREATE INDEX ix_business_plan__sale_code ON business_plan (sale_code);
CREATE INDEX ix_business_plan__sale_code__q ON business_plan USING gin (portal_fold(sale_code) gin_trgm_ops);
CREATE INDEX ix_business_plan__department_id ON business_plan (department_id);
CREATE INDEX ix_business_plan__owner_id ON business_plan (owner_id);
CREATE INDEX ix_business_plan__status ON business_plan (status);
CREATE INDEX ix_business_plan__approve_by ON business_plan (approve_by);
CREATE UNIQUE INDEX uq_business_plan__main_year__sale_code ON business_plan (main_year, lower(sale_code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_business_plan_line__state_created ON business_plan_line (state, created_date DESC, id);
CREATE INDEX ix_business_plan_line__state_default_order ON business_plan_line (state, no ASC NULLS LAST, id);
CREATE INDEX ix_business_plan_line__plan_id ON business_plan_line (plan_id);
CREATE INDEX ix_business_plan_line__no ON business_plan_line (no);
CREATE INDEX ix_business_plan_line__item ON business_plan_line (item);
CREATE UNIQUE INDEX uq_business_plan_line__plan_id__item ON business_plan_line (plan_id, item) WHERE state = 'ACTIVE';
ALTER TABLE business_plan_line ADD CONSTRAINT fk_business_plan_line__plan_id FOREIGN KEY (plan_id) REFERENCES business_plan (id);
