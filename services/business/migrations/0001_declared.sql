-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE business_setting_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  kind text,
  name text,
  ordering integer,
  description text
);
CREATE TABLE project (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  investor text,
  category_id uuid,
  area_id uuid,
  location text,
  department_id uuid,
  manager_id uuid,
  rating text,
  stage text,
  expected_value bigint,
  probability integer,
  expected_close date,
  won_date date,
  lost_reason text,
  matrix_cell text,
  description text,
  revenue_band text GENERATED ALWAYS AS (CASE WHEN expected_value IS NULL THEN NULL WHEN expected_value > 100000000000 THEN 'OVER_100' WHEN expected_value > 50000000000 THEN 'OVER_50' WHEN expected_value > 10000000000 THEN 'OVER_10' WHEN expected_value > 5000000000 THEN 'OVER_5' ELSE 'UNDER_5' END) STORED,
  weighted_value bigint GENERATED ALWAYS AS (round(expected_value * probability / 100.0)::bigint) STORED
);
CREATE TABLE project_team (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  project_id uuid,
  staff_id uuid,
  position_id uuid,
  note text
);
CREATE TABLE project_suggestion (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  business_project_id uuid,
  rating text,
  reason text,
  status text,
  decision_note text
);
CREATE TABLE contractor_setting_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  kind text,
  name text,
  ordering integer,
  description text
);
CREATE TABLE contractor (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  kind text,
  type_id uuid,
  field_ids uuid[],
  representative text,
  phone text,
  email text,
  address text,
  tax_code text,
  bank_account text,
  bank_name text,
  website text,
  status text,
  avg_point numeric(20,4),
  grade text,
  execution_point numeric(20,4),
  maintenance_point numeric(20,4),
  evaluation_count integer,
  note text
);
CREATE TABLE contractor_evaluation_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  evaluation_type text,
  name text,
  proportion numeric(20,4),
  ordering integer,
  description text
);
CREATE TABLE contractor_evaluation_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  group_id uuid,
  evaluation_type text,
  name text,
  point numeric(20,4),
  ordering integer,
  description text
);
CREATE TABLE contractor_evaluation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  contractor_id uuid,
  evaluation_type text,
  warranty_type text,
  trigger text,
  project_id uuid,
  evaluation_date date,
  evaluator_id uuid,
  point numeric(20,4),
  grade text,
  status text,
  note text
);
CREATE TABLE contractor_evaluation_line (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  evaluation_id uuid,
  item_id uuid,
  point numeric(20,4),
  comment text
);
CREATE INDEX ix_business_setting_item__state_created ON business_setting_item (state, created_date DESC, id);
CREATE INDEX ix_business_setting_item__state_default_order ON business_setting_item (state, kind ASC NULLS LAST, ordering ASC NULLS LAST, name ASC NULLS LAST, id);
CREATE INDEX ix_business_setting_item__kind ON business_setting_item (kind);
CREATE INDEX ix_business_setting_item__name ON business_setting_item (name);
CREATE INDEX ix_business_setting_item__name__q ON business_setting_item USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_business_setting_item__ordering ON business_setting_item (ordering);
CREATE UNIQUE INDEX uq_business_setting_item__kind__name ON business_setting_item (kind, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_project__state_created ON project (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_project__code ON project (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_project__code__q ON project USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_project__name ON project (name);
CREATE INDEX ix_project__name__q ON project USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_project__investor__q ON project USING gin (portal_fold(investor) gin_trgm_ops);
CREATE INDEX ix_project__category_id ON project (category_id);
CREATE INDEX ix_project__area_id ON project (area_id);
CREATE INDEX ix_project__department_id ON project (department_id);
CREATE INDEX ix_project__manager_id ON project (manager_id);
CREATE INDEX ix_project__rating ON project (rating);
CREATE INDEX ix_project__stage ON project (stage);
CREATE INDEX ix_project__expected_value ON project (expected_value);
CREATE INDEX ix_project__revenue_band ON project (revenue_band);
CREATE INDEX ix_project__probability ON project (probability);
CREATE INDEX ix_project__weighted_value ON project (weighted_value);
CREATE INDEX ix_project__expected_close ON project (expected_close);
CREATE INDEX ix_project__matrix_cell ON project (matrix_cell);
CREATE INDEX ix_project_team__state_created ON project_team (state, created_date DESC, id);
CREATE INDEX ix_project_team__state_default_order ON project_team (state, created_date ASC, id);
CREATE INDEX ix_project_team__project_id ON project_team (project_id);
CREATE INDEX ix_project_team__staff_id ON project_team (staff_id);
CREATE INDEX ix_project_team__position_id ON project_team (position_id);
CREATE UNIQUE INDEX uq_project_team__project_id__staff_id__position_id ON project_team (project_id, staff_id, position_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_project_suggestion__state_created ON project_suggestion (state, created_date DESC, id);
CREATE INDEX ix_project_suggestion__state_default_order ON project_suggestion (state, status DESC NULLS LAST, created_date DESC, id);
CREATE UNIQUE INDEX uq_project_suggestion__code ON project_suggestion (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_project_suggestion__code__q ON project_suggestion USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_project_suggestion__business_project_id ON project_suggestion (business_project_id);
CREATE INDEX ix_project_suggestion__rating ON project_suggestion (rating);
CREATE INDEX ix_project_suggestion__status ON project_suggestion (status);
CREATE INDEX ix_contractor_setting_item__state_created ON contractor_setting_item (state, created_date DESC, id);
CREATE INDEX ix_contractor_setting_item__state_default_order ON contractor_setting_item (state, kind ASC NULLS LAST, ordering ASC NULLS LAST, name ASC NULLS LAST, id);
CREATE INDEX ix_contractor_setting_item__kind ON contractor_setting_item (kind);
CREATE INDEX ix_contractor_setting_item__name ON contractor_setting_item (name);
CREATE INDEX ix_contractor_setting_item__name__q ON contractor_setting_item USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_contractor_setting_item__ordering ON contractor_setting_item (ordering);
CREATE UNIQUE INDEX uq_contractor_setting_item__kind__name ON contractor_setting_item (kind, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_contractor__state_created ON contractor (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_contractor__code ON contractor (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_contractor__code__q ON contractor USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_contractor__name ON contractor (name);
CREATE INDEX ix_contractor__name__q ON contractor USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_contractor__kind ON contractor (kind);
CREATE INDEX ix_contractor__type_id ON contractor (type_id);
CREATE INDEX ix_contractor__field_ids ON contractor USING gin (field_ids);
CREATE INDEX ix_contractor__representative__q ON contractor USING gin (portal_fold(representative) gin_trgm_ops);
CREATE UNIQUE INDEX uq_contractor__tax_code ON contractor (lower(tax_code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_contractor__tax_code__q ON contractor USING gin (portal_fold(tax_code) gin_trgm_ops);
CREATE INDEX ix_contractor__status ON contractor (status);
CREATE INDEX ix_contractor__avg_point ON contractor (avg_point);
CREATE INDEX ix_contractor__grade ON contractor (grade);
CREATE INDEX ix_contractor_evaluation_group__state_created ON contractor_evaluation_group (state, created_date DESC, id);
CREATE INDEX ix_contractor_evaluation_group__state_default_order ON contractor_evaluation_group (state, ordering ASC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_contractor_evaluation_group__evaluation_type ON contractor_evaluation_group (evaluation_type);
CREATE INDEX ix_contractor_evaluation_group__name ON contractor_evaluation_group (name);
CREATE INDEX ix_contractor_evaluation_group__name__q ON contractor_evaluation_group USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_contractor_evaluation_group__ordering ON contractor_evaluation_group (ordering);
CREATE UNIQUE INDEX uq_contractor_evaluation_group__evaluation_type__name ON contractor_evaluation_group (evaluation_type, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_contractor_evaluation_item__state_created ON contractor_evaluation_item (state, created_date DESC, id);
CREATE INDEX ix_contractor_evaluation_item__state_default_order ON contractor_evaluation_item (state, ordering ASC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_contractor_evaluation_item__group_id ON contractor_evaluation_item (group_id);
CREATE INDEX ix_contractor_evaluation_item__evaluation_type ON contractor_evaluation_item (evaluation_type);
CREATE INDEX ix_contractor_evaluation_item__name ON contractor_evaluation_item (name);
CREATE INDEX ix_contractor_evaluation_item__name__q ON contractor_evaluation_item USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_contractor_evaluation_item__ordering ON contractor_evaluation_item (ordering);
CREATE UNIQUE INDEX uq_contractor_evaluation_item__group_id__name ON contractor_evaluation_item (group_id, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_contractor_evaluation__state_created ON contractor_evaluation (state, created_date DESC, id);
CREATE INDEX ix_contractor_evaluation__state_default_order ON contractor_evaluation (state, evaluation_date DESC NULLS LAST, created_date DESC, id);
CREATE UNIQUE INDEX uq_contractor_evaluation__code ON contractor_evaluation (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_contractor_evaluation__code__q ON contractor_evaluation USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_contractor_evaluation__contractor_id ON contractor_evaluation (contractor_id);
CREATE INDEX ix_contractor_evaluation__evaluation_type ON contractor_evaluation (evaluation_type);
CREATE INDEX ix_contractor_evaluation__warranty_type ON contractor_evaluation (warranty_type);
CREATE INDEX ix_contractor_evaluation__trigger ON contractor_evaluation (trigger);
CREATE INDEX ix_contractor_evaluation__project_id ON contractor_evaluation (project_id);
CREATE INDEX ix_contractor_evaluation__evaluation_date ON contractor_evaluation (evaluation_date);
CREATE INDEX ix_contractor_evaluation__evaluator_id ON contractor_evaluation (evaluator_id);
CREATE INDEX ix_contractor_evaluation__point ON contractor_evaluation (point);
CREATE INDEX ix_contractor_evaluation__grade ON contractor_evaluation (grade);
CREATE INDEX ix_contractor_evaluation__status ON contractor_evaluation (status);
CREATE INDEX ix_contractor_evaluation_line__state_created ON contractor_evaluation_line (state, created_date DESC, id);
CREATE INDEX ix_contractor_evaluation_line__state_default_order ON contractor_evaluation_line (state, created_date ASC, id);
CREATE INDEX ix_contractor_evaluation_line__evaluation_id ON contractor_evaluation_line (evaluation_id);
CREATE INDEX ix_contractor_evaluation_line__item_id ON contractor_evaluation_line (item_id);
CREATE UNIQUE INDEX uq_contractor_evaluation_line__evaluation_id__item_id ON contractor_evaluation_line (evaluation_id, item_id) WHERE state = 'ACTIVE';
ALTER TABLE project ADD CONSTRAINT fk_project__category_id FOREIGN KEY (category_id) REFERENCES business_setting_item (id);
ALTER TABLE project ADD CONSTRAINT fk_project__area_id FOREIGN KEY (area_id) REFERENCES business_setting_item (id);
ALTER TABLE project_team ADD CONSTRAINT fk_project_team__project_id FOREIGN KEY (project_id) REFERENCES project (id);
ALTER TABLE project_suggestion ADD CONSTRAINT fk_project_suggestion__business_project_id FOREIGN KEY (business_project_id) REFERENCES project (id);
ALTER TABLE contractor ADD CONSTRAINT fk_contractor__type_id FOREIGN KEY (type_id) REFERENCES contractor_setting_item (id);
ALTER TABLE contractor_evaluation_item ADD CONSTRAINT fk_contractor_evaluation_item__group_id FOREIGN KEY (group_id) REFERENCES contractor_evaluation_group (id);
ALTER TABLE contractor_evaluation ADD CONSTRAINT fk_contractor_evaluation__contractor_id FOREIGN KEY (contractor_id) REFERENCES contractor (id);
ALTER TABLE contractor_evaluation ADD CONSTRAINT fk_contractor_evaluation__project_id FOREIGN KEY (project_id) REFERENCES project (id);
ALTER TABLE contractor_evaluation_line ADD CONSTRAINT fk_contractor_evaluation_line__evaluation_id FOREIGN KEY (evaluation_id) REFERENCES contractor_evaluation (id);
ALTER TABLE contractor_evaluation_line ADD CONSTRAINT fk_contractor_evaluation_line__item_id FOREIGN KEY (item_id) REFERENCES contractor_evaluation_item (id);
