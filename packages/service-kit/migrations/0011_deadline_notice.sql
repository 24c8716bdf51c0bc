-- The reminders ahead of a record's due moment that were sent (service-kit resource/deadlines.ts): one row per record,
-- due moment and reminder, so that a sweep run twice, or in two instances at once, tells each person once. A new due
-- moment is a new key: its reminders are sent again.
CREATE TABLE IF NOT EXISTS deadline_notice (
  resource text NOT NULL,
  record_id uuid NOT NULL,
  due timestamptz NOT NULL,
  kind text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (resource, record_id, due, kind)
);
