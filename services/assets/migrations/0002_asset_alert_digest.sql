-- The asset digests sent (services/assets alerts/digest.ts): one row per person per day, claimed in the transaction that
-- queues the digest, so a second run or another instance sends nothing again.
CREATE TABLE asset_alert_digest (
  day date NOT NULL,
  user_id uuid NOT NULL,
  items integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (day, user_id)
);
