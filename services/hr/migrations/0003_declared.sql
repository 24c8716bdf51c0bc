-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE holiday (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  name text,
  from_date date,
  to_date date,
  description text
);
CREATE INDEX ix_holiday__state_created ON holiday (state, created_date DESC, id);
CREATE INDEX ix_holiday__name ON holiday (name);
CREATE INDEX ix_holiday__from_date ON holiday (from_date);
