-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE INDEX ix_asset_type__state_default_order ON asset_type (state, name ASC NULLS LAST, id);
CREATE INDEX ix_asset_group__state_default_order ON asset_group (state, name ASC NULLS LAST, id);
CREATE INDEX ix_asset__state_default_order ON asset (state, asset_code DESC NULLS LAST, id);
CREATE INDEX ix_asset_handover_line__state_default_order ON asset_handover_line (state, created_date ASC, id);
CREATE INDEX ix_repair_company__state_default_order ON repair_company (state, name ASC NULLS LAST, id);
CREATE INDEX ix_asset_insurance__state_default_order ON asset_insurance (state, to_date ASC NULLS LAST, id);
CREATE INDEX ix_asset_inspection__state_default_order ON asset_inspection (state, inspection_date DESC NULLS LAST, id);
CREATE INDEX ix_asset_alert_setting__state_default_order ON asset_alert_setting (state, kind ASC NULLS LAST, id);
CREATE INDEX ix_asset_alert_setting__kind ON asset_alert_setting (kind);
