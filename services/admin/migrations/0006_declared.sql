-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE documentation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  title text,
  kind text,
  version text,
  department_id uuid,
  effective_date date,
  status text,
  description text
);
CREATE INDEX ix_documentation__state_created ON documentation (state, created_date DESC, id);
CREATE INDEX ix_documentation__code ON documentation (code);
CREATE INDEX ix_documentation__title ON documentation (title);
CREATE INDEX ix_documentation__kind ON documentation (kind);
CREATE INDEX ix_documentation__department_id ON documentation (department_id);
CREATE INDEX ix_documentation__effective_date ON documentation (effective_date);
CREATE INDEX ix_documentation__status ON documentation (status);
CREATE UNIQUE INDEX uq_documentation__code__version ON documentation (lower(code), lower(version)) WHERE state = 'ACTIVE';
