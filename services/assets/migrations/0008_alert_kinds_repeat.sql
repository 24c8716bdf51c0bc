-- A kind may have several alerts (contracts assets/alerts.ts: the office a month ahead, the heads a week ahead): the
-- unique index 0005 made on the kind goes.
DROP INDEX IF EXISTS uq_asset_alert_setting__kind;
