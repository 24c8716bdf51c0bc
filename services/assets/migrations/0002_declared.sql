-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
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
ALTER TABLE asset_type ADD COLUMN inspection_months integer;
ALTER TABLE asset ADD COLUMN last_inspection_date date;
ALTER TABLE asset ADD COLUMN next_inspection_date date;
ALTER TABLE asset ADD COLUMN inspection_state text;
ALTER TABLE repair_asset ADD COLUMN department_id uuid;
CREATE INDEX ix_asset__last_inspection_date ON asset (last_inspection_date);
CREATE INDEX ix_asset__next_inspection_date ON asset (next_inspection_date);
CREATE INDEX ix_asset__inspection_state ON asset (inspection_state);
CREATE INDEX ix_repair_asset__department_id ON repair_asset (department_id);
CREATE INDEX ix_asset_inspection__state_created ON asset_inspection (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_asset_inspection__code ON asset_inspection (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_asset_inspection__code__q ON asset_inspection USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_asset_inspection__asset_id ON asset_inspection (asset_id);
CREATE INDEX ix_asset_inspection__department_id ON asset_inspection (department_id);
CREATE INDEX ix_asset_inspection__inspection_date ON asset_inspection (inspection_date);
CREATE INDEX ix_asset_inspection__inspector__q ON asset_inspection USING gin (portal_fold(inspector) gin_trgm_ops);
CREATE INDEX ix_asset_inspection__certificate_number__q ON asset_inspection USING gin (portal_fold(certificate_number) gin_trgm_ops);
CREATE INDEX ix_asset_inspection__result ON asset_inspection (result);
CREATE INDEX ix_asset_inspection__valid_until ON asset_inspection (valid_until);
ALTER TABLE asset_inspection ADD CONSTRAINT fk_asset_inspection__asset_id FOREIGN KEY (asset_id) REFERENCES asset (id);
