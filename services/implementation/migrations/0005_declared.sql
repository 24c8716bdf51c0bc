-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE review_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  name text,
  ordering integer,
  description text
);
CREATE TABLE review_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  group_id uuid,
  name text,
  point numeric(20,4),
  ordering integer,
  description text
);
CREATE TABLE review_point (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  quotation_id uuid,
  review_id uuid,
  evaluator_id uuid,
  item_id uuid,
  point numeric(20,4),
  comment text
);
ALTER TABLE review_subcontractor_quote ADD COLUMN avg_point numeric(20,4);
ALTER TABLE review_subcontractor_quote ADD COLUMN evaluators integer;
CREATE INDEX ix_review_subcontractor_quote__avg_point ON review_subcontractor_quote (avg_point);
CREATE INDEX ix_review_group__state_created ON review_group (state, created_date DESC, id);
CREATE INDEX ix_review_group__state_default_order ON review_group (state, ordering ASC NULLS LAST, created_date DESC, id);
CREATE UNIQUE INDEX uq_review_group__name ON review_group (lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_group__name__q ON review_group USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_review_group__ordering ON review_group (ordering);
CREATE INDEX ix_review_item__state_created ON review_item (state, created_date DESC, id);
CREATE INDEX ix_review_item__state_default_order ON review_item (state, ordering ASC NULLS LAST, created_date DESC, id);
CREATE INDEX ix_review_item__group_id ON review_item (group_id);
CREATE INDEX ix_review_item__name ON review_item (name);
CREATE INDEX ix_review_item__name__q ON review_item USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_review_item__ordering ON review_item (ordering);
CREATE UNIQUE INDEX uq_review_item__group_id__name ON review_item (group_id, lower(name)) WHERE state = 'ACTIVE';
CREATE INDEX ix_review_point__state_created ON review_point (state, created_date DESC, id);
CREATE INDEX ix_review_point__state_default_order ON review_point (state, created_date ASC, id);
CREATE INDEX ix_review_point__quotation_id ON review_point (quotation_id);
CREATE INDEX ix_review_point__review_id ON review_point (review_id);
CREATE INDEX ix_review_point__evaluator_id ON review_point (evaluator_id);
CREATE INDEX ix_review_point__item_id ON review_point (item_id);
CREATE UNIQUE INDEX uq_review_point__quotation_id__evaluator_id__item_id ON review_point (quotation_id, evaluator_id, item_id) WHERE state = 'ACTIVE';
ALTER TABLE review_item ADD CONSTRAINT fk_review_item__group_id FOREIGN KEY (group_id) REFERENCES review_group (id);
ALTER TABLE review_point ADD CONSTRAINT fk_review_point__quotation_id FOREIGN KEY (quotation_id) REFERENCES review_subcontractor_quote (id);
ALTER TABLE review_point ADD CONSTRAINT fk_review_point__review_id FOREIGN KEY (review_id) REFERENCES review_subcontractor (id);
ALTER TABLE review_point ADD CONSTRAINT fk_review_point__item_id FOREIGN KEY (item_id) REFERENCES review_item (id);
