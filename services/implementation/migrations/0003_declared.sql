-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE supply (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  implementation_id uuid,
  project_id uuid,
  category_id uuid,
  supply_category text,
  quantity numeric(20,4),
  unit text,
  needed_by date,
  summary_approval_cost bigint,
  supplier_id uuid,
  material_status text,
  ordered_date date,
  failed_reason text,
  note text,
  approval_status text
);
CREATE TABLE memo (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  implementation_id uuid,
  project_id uuid,
  content text,
  summary_approval_cost bigint,
  approval_status text
);
CREATE INDEX ix_supply__state_created ON supply (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_supply__code ON supply (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_supply__code__q ON supply USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_supply__name ON supply (name);
CREATE INDEX ix_supply__name__q ON supply USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_supply__implementation_id ON supply (implementation_id);
CREATE INDEX ix_supply__project_id ON supply (project_id);
CREATE INDEX ix_supply__category_id ON supply (category_id);
CREATE INDEX ix_supply__supply_category ON supply (supply_category);
CREATE INDEX ix_supply__needed_by ON supply (needed_by);
CREATE INDEX ix_supply__summary_approval_cost ON supply (summary_approval_cost);
CREATE INDEX ix_supply__supplier_id ON supply (supplier_id);
CREATE INDEX ix_supply__material_status ON supply (material_status);
CREATE INDEX ix_supply__approval_status ON supply (approval_status);
CREATE INDEX ix_memo__state_created ON memo (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_memo__code ON memo (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_memo__code__q ON memo USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_memo__name ON memo (name);
CREATE INDEX ix_memo__name__q ON memo USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_memo__implementation_id ON memo (implementation_id);
CREATE INDEX ix_memo__project_id ON memo (project_id);
CREATE INDEX ix_memo__summary_approval_cost ON memo (summary_approval_cost);
CREATE INDEX ix_memo__approval_status ON memo (approval_status);
ALTER TABLE supply ADD CONSTRAINT fk_supply__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE supply ADD CONSTRAINT fk_supply__category_id FOREIGN KEY (category_id) REFERENCES implementation_category (id);
ALTER TABLE memo ADD CONSTRAINT fk_memo__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
