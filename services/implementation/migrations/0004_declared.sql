-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE review_supplier (
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
  type text,
  priority text,
  start_date date,
  end_date date,
  submission_cost bigint,
  total_suppliers integer,
  is_vote boolean,
  contractor_id uuid,
  summary_approval_cost bigint,
  review_status text,
  note text,
  approval_status text
);
CREATE TABLE review_supplier_product (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  review_id uuid,
  name text,
  unit text,
  quantity numeric(20,4),
  specification text,
  sort_order integer,
  awarded_quotation_id uuid,
  awarded_amount bigint,
  award_reason text
);
CREATE TABLE review_supplier_quote (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  review_id uuid,
  contractor_id uuid,
  quotation_date date,
  valid_until date,
  vat_rate numeric(20,4),
  delivery_cost bigint,
  payment_terms_days integer,
  delivery_days integer,
  subtotal bigint,
  note text,
  total bigint GENERATED ALWAYS AS (round(subtotal * (100 + vat_rate) / 100.0)::bigint + delivery_cost) STORED
);
CREATE TABLE review_supplier_quote_line (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  quotation_id uuid,
  review_id uuid,
  product_id uuid,
  quantity numeric(20,4),
  unit_price bigint,
  note text,
  amount bigint GENERATED ALWAYS AS (round(unit_price * quantity)::bigint) STORED
);
CREATE TABLE review_subcontractor (
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
  type text,
  priority text,
  start_date date,
  end_date date,
  submission_cost bigint,
  total_suppliers integer,
  is_vote boolean,
  contractor_id uuid,
  summary_approval_cost bigint,
  review_status text,
  note text,
  approval_status text
);
CREATE TABLE review_subcontractor_product (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  review_id uuid,
  name text,
  unit text,
  quantity numeric(20,4),
  specification text,
  sort_order integer,
  awarded_quotation_id uuid,
  awarded_amount bigint,
  award_reason text
);
CREATE TABLE review_subcontractor_quote (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  review_id uuid,
  contractor_id uuid,
  quotation_date date,
  valid_until date,
  vat_rate numeric(20,4),
  delivery_cost bigint,
  payment_terms_days integer,
  delivery_days integer,
  subtotal bigint,
  note text,
  total bigint GENERATED ALWAYS AS (round(subtotal * (100 + vat_rate) / 100.0)::bigint + delivery_cost) STORED
);
CREATE TABLE review_subcontractor_quote_line (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  quotation_id uuid,
  review_id uuid,
  product_id uuid,
  quantity numeric(20,4),
  unit_price bigint,
  note text,
  amount bigint GENERATED ALWAYS AS (round(unit_price * quantity)::bigint) STORED
);
CREATE INDEX ix_review_supplier__state_created ON review_supplier (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_review_supplier__code ON review_supplier (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_supplier__code__q ON review_supplier USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_review_supplier__name ON review_supplier (name);
CREATE INDEX ix_review_supplier__name__q ON review_supplier USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_review_supplier__implementation_id ON review_supplier (implementation_id);
CREATE INDEX ix_review_supplier__project_id ON review_supplier (project_id);
CREATE INDEX ix_review_supplier__category_id ON review_supplier (category_id);
CREATE INDEX ix_review_supplier__type ON review_supplier (type);
CREATE INDEX ix_review_supplier__priority ON review_supplier (priority);
CREATE INDEX ix_review_supplier__start_date ON review_supplier (start_date);
CREATE INDEX ix_review_supplier__end_date ON review_supplier (end_date);
CREATE INDEX ix_review_supplier__is_vote ON review_supplier (is_vote);
CREATE INDEX ix_review_supplier__contractor_id ON review_supplier (contractor_id);
CREATE INDEX ix_review_supplier__summary_approval_cost ON review_supplier (summary_approval_cost);
CREATE INDEX ix_review_supplier__review_status ON review_supplier (review_status);
CREATE INDEX ix_review_supplier__approval_status ON review_supplier (approval_status);
CREATE INDEX ix_review_supplier_product__state_created ON review_supplier_product (state, created_date DESC, id);
CREATE INDEX ix_review_supplier_product__state_default_order ON review_supplier_product (state, sort_order ASC NULLS LAST, created_date ASC, id);
CREATE INDEX ix_review_supplier_product__review_id ON review_supplier_product (review_id);
CREATE INDEX ix_review_supplier_product__name__q ON review_supplier_product USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_review_supplier_product__sort_order ON review_supplier_product (sort_order);
CREATE INDEX ix_review_supplier_product__awarded_quotation_id ON review_supplier_product (awarded_quotation_id);
CREATE UNIQUE INDEX uq_review_supplier_product__review_id__name ON review_supplier_product (review_id, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_supplier_quote__state_created ON review_supplier_quote (state, created_date DESC, id);
CREATE INDEX ix_review_supplier_quote__state_default_order ON review_supplier_quote (state, created_date ASC, id);
CREATE UNIQUE INDEX uq_review_supplier_quote__code ON review_supplier_quote (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_supplier_quote__code__q ON review_supplier_quote USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_review_supplier_quote__review_id ON review_supplier_quote (review_id);
CREATE INDEX ix_review_supplier_quote__contractor_id ON review_supplier_quote (contractor_id);
CREATE UNIQUE INDEX uq_review_supplier_quote__review_id__contractor_id ON review_supplier_quote (review_id, contractor_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_supplier_quote_line__state_created ON review_supplier_quote_line (state, created_date DESC, id);
CREATE INDEX ix_review_supplier_quote_line__state_default_order ON review_supplier_quote_line (state, created_date ASC, id);
CREATE INDEX ix_review_supplier_quote_line__quotation_id ON review_supplier_quote_line (quotation_id);
CREATE INDEX ix_review_supplier_quote_line__review_id ON review_supplier_quote_line (review_id);
CREATE INDEX ix_review_supplier_quote_line__product_id ON review_supplier_quote_line (product_id);
CREATE UNIQUE INDEX uq_review_supplier_quote_line__quotation_id__product_id ON review_supplier_quote_line (quotation_id, product_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_subcontractor__state_created ON review_subcontractor (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_review_subcontractor__code ON review_subcontractor (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_subcontractor__code__q ON review_subcontractor USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_review_subcontractor__name ON review_subcontractor (name);
CREATE INDEX ix_review_subcontractor__name__q ON review_subcontractor USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_review_subcontractor__implementation_id ON review_subcontractor (implementation_id);
CREATE INDEX ix_review_subcontractor__project_id ON review_subcontractor (project_id);
CREATE INDEX ix_review_subcontractor__category_id ON review_subcontractor (category_id);
CREATE INDEX ix_review_subcontractor__type ON review_subcontractor (type);
CREATE INDEX ix_review_subcontractor__priority ON review_subcontractor (priority);
CREATE INDEX ix_review_subcontractor__start_date ON review_subcontractor (start_date);
CREATE INDEX ix_review_subcontractor__end_date ON review_subcontractor (end_date);
CREATE INDEX ix_review_subcontractor__is_vote ON review_subcontractor (is_vote);
CREATE INDEX ix_review_subcontractor__contractor_id ON review_subcontractor (contractor_id);
CREATE INDEX ix_review_subcontractor__summary_approval_cost ON review_subcontractor (summary_approval_cost);
CREATE INDEX ix_review_subcontractor__review_status ON review_subcontractor (review_status);
CREATE INDEX ix_review_subcontractor__approval_status ON review_subcontractor (approval_status);
CREATE INDEX ix_review_subcontractor_product__state_created ON review_subcontractor_product (state, created_date DESC, id);
CREATE INDEX ix_review_subcontractor_product__state_default_order ON review_subcontractor_product (state, sort_order ASC NULLS LAST, created_date ASC, id);
CREATE INDEX ix_review_subcontractor_product__review_id ON review_subcontractor_product (review_id);
CREATE INDEX ix_review_subcontractor_product__name__q ON review_subcontractor_product USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_review_subcontractor_product__sort_order ON review_subcontractor_product (sort_order);
CREATE INDEX ix_review_subcontractor_product__awarded_quotation_id ON review_subcontractor_product (awarded_quotation_id);
CREATE UNIQUE INDEX uq_review_subcontractor_product__review_id__name ON review_subcontractor_product (review_id, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_subcontractor_quote__state_created ON review_subcontractor_quote (state, created_date DESC, id);
CREATE INDEX ix_review_subcontractor_quote__state_default_order ON review_subcontractor_quote (state, created_date ASC, id);
CREATE UNIQUE INDEX uq_review_subcontractor_quote__code ON review_subcontractor_quote (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_subcontractor_quote__code__q ON review_subcontractor_quote USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_review_subcontractor_quote__review_id ON review_subcontractor_quote (review_id);
CREATE INDEX ix_review_subcontractor_quote__contractor_id ON review_subcontractor_quote (contractor_id);
CREATE UNIQUE INDEX uq_review_subcontractor_quote__review_id__contractor_id ON review_subcontractor_quote (review_id, contractor_id) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_subcontractor_quote_line__state_created ON review_subcontractor_quote_line (state, created_date DESC, id);
CREATE INDEX ix_review_subcontractor_quote_line__state_default_order ON review_subcontractor_quote_line (state, created_date ASC, id);
CREATE INDEX ix_review_subcontractor_quote_line__quotation_id ON review_subcontractor_quote_line (quotation_id);
CREATE INDEX ix_review_subcontractor_quote_line__review_id ON review_subcontractor_quote_line (review_id);
CREATE INDEX ix_review_subcontractor_quote_line__product_id ON review_subcontractor_quote_line (product_id);
CREATE UNIQUE INDEX uq_review_subcontractor_quote_line__quotation_id__product_id ON review_subcontractor_quote_line (quotation_id, product_id) WHERE state = 'ACTIVE';
ALTER TABLE review_supplier ADD CONSTRAINT fk_review_supplier__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE review_supplier ADD CONSTRAINT fk_review_supplier__category_id FOREIGN KEY (category_id) REFERENCES implementation_category (id);
ALTER TABLE review_supplier_product ADD CONSTRAINT fk_review_supplier_product__review_id FOREIGN KEY (review_id) REFERENCES review_supplier (id);
ALTER TABLE review_supplier_product ADD CONSTRAINT fk_review_supplier_product__awarded_quotation_id FOREIGN KEY (awarded_quotation_id) REFERENCES review_supplier_quote (id);
ALTER TABLE review_supplier_quote ADD CONSTRAINT fk_review_supplier_quote__review_id FOREIGN KEY (review_id) REFERENCES review_supplier (id);
ALTER TABLE review_supplier_quote_line ADD CONSTRAINT fk_review_supplier_quote_line__quotation_id FOREIGN KEY (quotation_id) REFERENCES review_supplier_quote (id);
ALTER TABLE review_supplier_quote_line ADD CONSTRAINT fk_review_supplier_quote_line__review_id FOREIGN KEY (review_id) REFERENCES review_supplier (id);
ALTER TABLE review_supplier_quote_line ADD CONSTRAINT fk_review_supplier_quote_line__product_id FOREIGN KEY (product_id) REFERENCES review_supplier_product (id);
ALTER TABLE review_subcontractor ADD CONSTRAINT fk_review_subcontractor__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE review_subcontractor ADD CONSTRAINT fk_review_subcontractor__category_id FOREIGN KEY (category_id) REFERENCES implementation_category (id);
ALTER TABLE review_subcontractor_product ADD CONSTRAINT fk_review_subcontractor_product__review_id FOREIGN KEY (review_id) REFERENCES review_subcontractor (id);
ALTER TABLE review_subcontractor_product ADD CONSTRAINT fk_review_subcontractor_product__awarded_quotation_id FOREIGN KEY (awarded_quotation_id) REFERENCES review_subcontractor_quote (id);
ALTER TABLE review_subcontractor_quote ADD CONSTRAINT fk_review_subcontractor_quote__review_id FOREIGN KEY (review_id) REFERENCES review_subcontractor (id);
ALTER TABLE review_subcontractor_quote_line ADD CONSTRAINT fk_review_subcontractor_quote_line__quotation_id FOREIGN KEY (quotation_id) REFERENCES review_subcontractor_quote (id);
ALTER TABLE review_subcontractor_quote_line ADD CONSTRAINT fk_review_subcontractor_quote_line__review_id FOREIGN KEY (review_id) REFERENCES review_subcontractor (id);
ALTER TABLE review_subcontractor_quote_line ADD CONSTRAINT fk_review_subcontractor_quote_line__product_id FOREIGN KEY (product_id) REFERENCES review_subcontractor_product (id);
