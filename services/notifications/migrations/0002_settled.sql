-- An approval request answered since (approved, refused, passed on or cancelled, by anyone) leaves "Waiting for me".
ALTER TABLE notification ADD COLUMN settled_at timestamptz;
CREATE INDEX notification_waiting ON notification (context) WHERE type = 'APPROVE_REQUEST' AND settled_at IS NULL;
