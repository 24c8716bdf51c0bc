-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE asset_alert_setting (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  kind text,
  enabled boolean,
  days_ahead integer,
  recipient_ids uuid[],
  to_department_head boolean,
  by_mail boolean,
  note text
);
CREATE INDEX ix_asset_alert_setting__state_created ON asset_alert_setting (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_asset_alert_setting__kind ON asset_alert_setting (kind) WHERE state = 'ACTIVE';
