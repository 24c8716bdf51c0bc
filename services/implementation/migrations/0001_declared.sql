-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE implementation_project (
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
  location text,
  department_id uuid,
  manager_id uuid,
  contract_number text,
  contract_value bigint,
  start_date date,
  end_date date,
  progress integer,
  status text,
  completed_date date,
  description text
);
CREATE TABLE construction (
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
  floors integer,
  floor_area numeric(20,4),
  description text
);
CREATE TABLE implementation_category (
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
  construction_id uuid,
  manager_id uuid,
  budget bigint,
  start_date date,
  end_date date,
  status text,
  total_checklist integer,
  progress integer,
  description text
);
CREATE TABLE category_checklist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  category_id uuid,
  name text,
  owner_id uuid,
  due_date date,
  required boolean,
  done boolean,
  overdue boolean,
  sort_order integer,
  note text
);
CREATE INDEX ix_implementation_project__state_created ON implementation_project (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_implementation_project__code ON implementation_project (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_implementation_project__code__q ON implementation_project USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_implementation_project__name ON implementation_project (name);
CREATE INDEX ix_implementation_project__name__q ON implementation_project USING gin (portal_fold(name) gin_trgm_ops);
CREATE UNIQUE INDEX uq_implementation_project__project_id ON implementation_project (project_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_implementation_project__investor__q ON implementation_project USING gin (portal_fold(investor) gin_trgm_ops);
CREATE INDEX ix_implementation_project__department_id ON implementation_project (department_id);
CREATE INDEX ix_implementation_project__manager_id ON implementation_project (manager_id);
CREATE INDEX ix_implementation_project__contract_number__q ON implementation_project USING gin (portal_fold(contract_number) gin_trgm_ops);
CREATE INDEX ix_implementation_project__contract_value ON implementation_project (contract_value);
CREATE INDEX ix_implementation_project__start_date ON implementation_project (start_date);
CREATE INDEX ix_implementation_project__end_date ON implementation_project (end_date);
CREATE INDEX ix_implementation_project__progress ON implementation_project (progress);
CREATE INDEX ix_implementation_project__status ON implementation_project (status);
CREATE INDEX ix_construction__state_created ON construction (state, created_date DESC, id);
CREATE INDEX ix_construction__state_default_order ON construction (state, code ASC NULLS LAST, id);
CREATE INDEX ix_construction__code ON construction (code);
CREATE INDEX ix_construction__code__q ON construction USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_construction__name ON construction (name);
CREATE INDEX ix_construction__name__q ON construction USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_construction__implementation_id ON construction (implementation_id);
CREATE INDEX ix_construction__project_id ON construction (project_id);
CREATE UNIQUE INDEX uq_construction__implementation_id__code ON construction (implementation_id, lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_implementation_category__state_created ON implementation_category (state, created_date DESC, id);
CREATE INDEX ix_implementation_category__state_default_order ON implementation_category (state, code ASC NULLS LAST, id);
CREATE INDEX ix_implementation_category__code ON implementation_category (code);
CREATE INDEX ix_implementation_category__code__q ON implementation_category USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_implementation_category__name ON implementation_category (name);
CREATE INDEX ix_implementation_category__name__q ON implementation_category USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_implementation_category__implementation_id ON implementation_category (implementation_id);
CREATE INDEX ix_implementation_category__project_id ON implementation_category (project_id);
CREATE INDEX ix_implementation_category__construction_id ON implementation_category (construction_id);
CREATE INDEX ix_implementation_category__manager_id ON implementation_category (manager_id);
CREATE INDEX ix_implementation_category__budget ON implementation_category (budget);
CREATE INDEX ix_implementation_category__start_date ON implementation_category (start_date);
CREATE INDEX ix_implementation_category__end_date ON implementation_category (end_date);
CREATE INDEX ix_implementation_category__status ON implementation_category (status);
CREATE INDEX ix_implementation_category__progress ON implementation_category (progress);
CREATE UNIQUE INDEX uq_implementation_category__implementation_id__code ON implementation_category (implementation_id, lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_category_checklist__state_created ON category_checklist (state, created_date DESC, id);
CREATE INDEX ix_category_checklist__state_default_order ON category_checklist (state, sort_order ASC NULLS LAST, id);
CREATE INDEX ix_category_checklist__category_id ON category_checklist (category_id);
CREATE INDEX ix_category_checklist__name__q ON category_checklist USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_category_checklist__owner_id ON category_checklist (owner_id);
CREATE INDEX ix_category_checklist__due_date ON category_checklist (due_date);
CREATE INDEX ix_category_checklist__done ON category_checklist (done);
CREATE INDEX ix_category_checklist__overdue ON category_checklist (overdue);
CREATE INDEX ix_category_checklist__sort_order ON category_checklist (sort_order);
ALTER TABLE construction ADD CONSTRAINT fk_construction__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE implementation_category ADD CONSTRAINT fk_implementation_category__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE implementation_category ADD CONSTRAINT fk_implementation_category__construction_id FOREIGN KEY (construction_id) REFERENCES construction (id);
ALTER TABLE category_checklist ADD CONSTRAINT fk_category_checklist__category_id FOREIGN KEY (category_id) REFERENCES implementation_category (id);
