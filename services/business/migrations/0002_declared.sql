-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE business_feasibility (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  project_id uuid,
  category_id uuid,
  kind text,
  area_id uuid,
  phase_id uuid,
  source_id uuid,
  investment_type_id uuid,
  development_type_id uuid,
  priority text,
  winning_possibility integer,
  investment_value bigint,
  mep_rate_value numeric(20,4),
  investor text,
  consultant_ids uuid[],
  constructors text,
  floor_acreage numeric(20,4),
  project_acreage numeric(20,4),
  rooms integer,
  towers integer,
  floors integer,
  tunnels integer,
  licensed boolean,
  conditions text,
  main_plan text,
  ve_plan text,
  primary_plan text,
  ability text,
  review_note text,
  mep_value bigint GENERATED ALWAYS AS (round(investment_value * mep_rate_value / 100)::bigint) STORED,
  is_ability boolean GENERATED ALWAYS AS (CASE ability WHEN 'FEASIBLE' THEN true WHEN 'WAITING' THEN false END) STORED
);
CREATE TABLE business_contract (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  project_id uuid,
  investor text,
  signed_date date,
  start_date date,
  end_date date,
  value bigint,
  recognised bigint,
  status text,
  note text,
  left_revenue bigint GENERATED ALWAYS AS (value - coalesce(recognised, 0)) STORED
);
CREATE TABLE business_left_revenue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  contract_id uuid,
  year integer,
  revenue bigint,
  note text
);
CREATE TABLE bid (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  project_id uuid,
  category_id uuid,
  manager_id uuid,
  deadline date,
  bid_price bigint,
  bid_security bigint,
  total_checklist integer,
  progress integer,
  status text,
  result_date date,
  winner text,
  winner_price bigint,
  lost_reason text,
  note text,
  price_gap bigint GENERATED ALWAYS AS (bid_price - winner_price) STORED,
  price_gap_percent numeric(20,4) GENERATED ALWAYS AS (round((bid_price - winner_price) * 100.0 / nullif(winner_price, 0), 2)) STORED
);
CREATE TABLE bid_checklist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  bid_id uuid,
  name text,
  owner_id uuid,
  days_before integer,
  due_date date,
  required boolean,
  done boolean,
  overdue boolean,
  sort_order integer,
  note text
);
CREATE TABLE matrix_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  axis text,
  name text,
  ordering integer
);
CREATE TABLE matrix_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  group_id uuid,
  axis text,
  name text,
  max_point integer,
  guide text,
  ordering integer
);
CREATE TABLE business_matrix (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  project_id uuid,
  name text,
  attractiveness integer,
  position integer,
  scored integer,
  note text,
  cell text GENERATED ALWAYS AS (CASE WHEN scored = 0 THEN NULL ELSE CASE WHEN attractiveness >= 75 THEN 'A' WHEN attractiveness >= 50 THEN 'B' WHEN attractiveness >= 25 THEN 'C' ELSE 'D' END || CASE WHEN position >= 75 THEN '1' WHEN position >= 50 THEN '2' WHEN position >= 25 THEN '3' ELSE '4' END END) STORED
);
CREATE TABLE business_matrix_score (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  matrix_id uuid,
  item_id uuid,
  axis text,
  point integer,
  note text
);
CREATE TABLE business_matrix_plan (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  matrix_id uuid,
  action text,
  target_cell text,
  owner_id uuid,
  due_date date,
  status text
);
CREATE INDEX ix_business_feasibility__state_created ON business_feasibility (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_business_feasibility__code ON business_feasibility (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_business_feasibility__code__q ON business_feasibility USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_business_feasibility__name ON business_feasibility (name);
CREATE INDEX ix_business_feasibility__name__q ON business_feasibility USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_business_feasibility__project_id ON business_feasibility (project_id);
CREATE INDEX ix_business_feasibility__category_id ON business_feasibility (category_id);
CREATE INDEX ix_business_feasibility__kind ON business_feasibility (kind);
CREATE INDEX ix_business_feasibility__area_id ON business_feasibility (area_id);
CREATE INDEX ix_business_feasibility__phase_id ON business_feasibility (phase_id);
CREATE INDEX ix_business_feasibility__source_id ON business_feasibility (source_id);
CREATE INDEX ix_business_feasibility__investment_type_id ON business_feasibility (investment_type_id);
CREATE INDEX ix_business_feasibility__development_type_id ON business_feasibility (development_type_id);
CREATE INDEX ix_business_feasibility__priority ON business_feasibility (priority);
CREATE INDEX ix_business_feasibility__winning_possibility ON business_feasibility (winning_possibility);
CREATE INDEX ix_business_feasibility__investment_value ON business_feasibility (investment_value);
CREATE INDEX ix_business_feasibility__mep_value ON business_feasibility (mep_value);
CREATE INDEX ix_business_feasibility__investor__q ON business_feasibility USING gin (portal_fold(investor) gin_trgm_ops);
CREATE INDEX ix_business_feasibility__licensed ON business_feasibility (licensed);
CREATE INDEX ix_business_feasibility__ability ON business_feasibility (ability);
CREATE INDEX ix_business_feasibility__is_ability ON business_feasibility (is_ability);
CREATE INDEX ix_business_contract__state_created ON business_contract (state, created_date DESC, id);
CREATE INDEX ix_business_contract__state_default_order ON business_contract (state, signed_date DESC NULLS LAST, id);
CREATE UNIQUE INDEX uq_business_contract__code ON business_contract (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_business_contract__code__q ON business_contract USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_business_contract__name ON business_contract (name);
CREATE INDEX ix_business_contract__name__q ON business_contract USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_business_contract__project_id ON business_contract (project_id);
CREATE INDEX ix_business_contract__investor__q ON business_contract USING gin (portal_fold(investor) gin_trgm_ops);
CREATE INDEX ix_business_contract__signed_date ON business_contract (signed_date);
CREATE INDEX ix_business_contract__value ON business_contract (value);
CREATE INDEX ix_business_contract__recognised ON business_contract (recognised);
CREATE INDEX ix_business_contract__left_revenue ON business_contract (left_revenue);
CREATE INDEX ix_business_contract__status ON business_contract (status);
CREATE INDEX ix_business_left_revenue__state_created ON business_left_revenue (state, created_date DESC, id);
CREATE INDEX ix_business_left_revenue__state_default_order ON business_left_revenue (state, year DESC NULLS LAST, id);
CREATE INDEX ix_business_left_revenue__contract_id ON business_left_revenue (contract_id);
CREATE INDEX ix_business_left_revenue__year ON business_left_revenue (year);
CREATE INDEX ix_business_left_revenue__revenue ON business_left_revenue (revenue);
CREATE UNIQUE INDEX uq_business_left_revenue__contract_id__year ON business_left_revenue (contract_id, year) WHERE state = 'ACTIVE';
CREATE INDEX ix_bid__state_created ON bid (state, created_date DESC, id);
CREATE INDEX ix_bid__state_default_order ON bid (state, deadline DESC NULLS LAST, id);
CREATE UNIQUE INDEX uq_bid__code ON bid (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_bid__code__q ON bid USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_bid__name ON bid (name);
CREATE INDEX ix_bid__name__q ON bid USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_bid__project_id ON bid (project_id);
CREATE INDEX ix_bid__category_id ON bid (category_id);
CREATE INDEX ix_bid__manager_id ON bid (manager_id);
CREATE INDEX ix_bid__deadline ON bid (deadline);
CREATE INDEX ix_bid__bid_price ON bid (bid_price);
CREATE INDEX ix_bid__status ON bid (status);
CREATE INDEX ix_bid_checklist__state_created ON bid_checklist (state, created_date DESC, id);
CREATE INDEX ix_bid_checklist__state_default_order ON bid_checklist (state, sort_order ASC NULLS LAST, id);
CREATE INDEX ix_bid_checklist__bid_id ON bid_checklist (bid_id);
CREATE INDEX ix_bid_checklist__name__q ON bid_checklist USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_bid_checklist__owner_id ON bid_checklist (owner_id);
CREATE INDEX ix_bid_checklist__due_date ON bid_checklist (due_date);
CREATE INDEX ix_bid_checklist__done ON bid_checklist (done);
CREATE INDEX ix_bid_checklist__overdue ON bid_checklist (overdue);
CREATE INDEX ix_bid_checklist__sort_order ON bid_checklist (sort_order);
CREATE INDEX ix_matrix_group__state_created ON matrix_group (state, created_date DESC, id);
CREATE INDEX ix_matrix_group__state_default_order ON matrix_group (state, axis ASC NULLS LAST, ordering ASC NULLS LAST, id);
CREATE INDEX ix_matrix_group__axis ON matrix_group (axis);
CREATE INDEX ix_matrix_group__name__q ON matrix_group USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_matrix_group__ordering ON matrix_group (ordering);
CREATE UNIQUE INDEX uq_matrix_group__axis__name ON matrix_group (axis, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_matrix_item__state_created ON matrix_item (state, created_date DESC, id);
CREATE INDEX ix_matrix_item__state_default_order ON matrix_item (state, axis ASC NULLS LAST, ordering ASC NULLS LAST, id);
CREATE INDEX ix_matrix_item__group_id ON matrix_item (group_id);
CREATE INDEX ix_matrix_item__axis ON matrix_item (axis);
CREATE INDEX ix_matrix_item__name__q ON matrix_item USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_matrix_item__ordering ON matrix_item (ordering);
CREATE INDEX ix_business_matrix__state_created ON business_matrix (state, created_date DESC, id);
CREATE INDEX ix_business_matrix__state_default_order ON business_matrix (state, updated_date DESC, id);
CREATE UNIQUE INDEX uq_business_matrix__project_id ON business_matrix (project_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_business_matrix__name__q ON business_matrix USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_business_matrix__attractiveness ON business_matrix (attractiveness);
CREATE INDEX ix_business_matrix__position ON business_matrix (position);
CREATE INDEX ix_business_matrix__cell ON business_matrix (cell);
CREATE INDEX ix_business_matrix_score__state_created ON business_matrix_score (state, created_date DESC, id);
CREATE INDEX ix_business_matrix_score__state_default_order ON business_matrix_score (state, created_date ASC, id);
CREATE INDEX ix_business_matrix_score__matrix_id ON business_matrix_score (matrix_id);
CREATE INDEX ix_business_matrix_score__item_id ON business_matrix_score (item_id);
CREATE UNIQUE INDEX uq_business_matrix_score__matrix_id__item_id ON business_matrix_score (matrix_id, item_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_business_matrix_plan__state_created ON business_matrix_plan (state, created_date DESC, id);
CREATE INDEX ix_business_matrix_plan__state_default_order ON business_matrix_plan (state, due_date ASC NULLS LAST, id);
CREATE INDEX ix_business_matrix_plan__matrix_id ON business_matrix_plan (matrix_id);
CREATE INDEX ix_business_matrix_plan__action__q ON business_matrix_plan USING gin (portal_fold(action) gin_trgm_ops);
CREATE INDEX ix_business_matrix_plan__owner_id ON business_matrix_plan (owner_id);
CREATE INDEX ix_business_matrix_plan__due_date ON business_matrix_plan (due_date);
CREATE INDEX ix_business_matrix_plan__status ON business_matrix_plan (status);
ALTER TABLE business_feasibility ADD CONSTRAINT fk_business_feasibility__project_id FOREIGN KEY (project_id) REFERENCES project (id);
ALTER TABLE business_feasibility ADD CONSTRAINT fk_business_feasibility__category_id FOREIGN KEY (category_id) REFERENCES business_setting_item (id);
ALTER TABLE business_feasibility ADD CONSTRAINT fk_business_feasibility__area_id FOREIGN KEY (area_id) REFERENCES business_setting_item (id);
ALTER TABLE business_feasibility ADD CONSTRAINT fk_business_feasibility__phase_id FOREIGN KEY (phase_id) REFERENCES business_setting_item (id);
ALTER TABLE business_feasibility ADD CONSTRAINT fk_business_feasibility__source_id FOREIGN KEY (source_id) REFERENCES business_setting_item (id);
ALTER TABLE business_feasibility ADD CONSTRAINT fk_business_feasibility__investment_type_id FOREIGN KEY (investment_type_id) REFERENCES business_setting_item (id);
ALTER TABLE business_feasibility ADD CONSTRAINT fk_business_feasibility__development_type_id FOREIGN KEY (development_type_id) REFERENCES business_setting_item (id);
ALTER TABLE business_contract ADD CONSTRAINT fk_business_contract__project_id FOREIGN KEY (project_id) REFERENCES project (id);
ALTER TABLE business_left_revenue ADD CONSTRAINT fk_business_left_revenue__contract_id FOREIGN KEY (contract_id) REFERENCES business_contract (id);
ALTER TABLE bid ADD CONSTRAINT fk_bid__project_id FOREIGN KEY (project_id) REFERENCES project (id);
ALTER TABLE bid ADD CONSTRAINT fk_bid__category_id FOREIGN KEY (category_id) REFERENCES business_setting_item (id);
ALTER TABLE bid_checklist ADD CONSTRAINT fk_bid_checklist__bid_id FOREIGN KEY (bid_id) REFERENCES bid (id);
ALTER TABLE matrix_item ADD CONSTRAINT fk_matrix_item__group_id FOREIGN KEY (group_id) REFERENCES matrix_group (id);
ALTER TABLE business_matrix ADD CONSTRAINT fk_business_matrix__project_id FOREIGN KEY (project_id) REFERENCES project (id);
ALTER TABLE business_matrix_score ADD CONSTRAINT fk_business_matrix_score__matrix_id FOREIGN KEY (matrix_id) REFERENCES business_matrix (id);
ALTER TABLE business_matrix_score ADD CONSTRAINT fk_business_matrix_score__item_id FOREIGN KEY (item_id) REFERENCES matrix_item (id);
ALTER TABLE business_matrix_plan ADD CONSTRAINT fk_business_matrix_plan__matrix_id FOREIGN KEY (matrix_id) REFERENCES business_matrix (id);
