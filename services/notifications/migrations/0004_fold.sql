-- A burst of changes to one record (a ticket created with its checklist and sent for approval) is one notification per
-- person: a newer INFO about the same record folds into the reader's unread one of the last minutes (store.ts).
ALTER TABLE notification ADD COLUMN IF NOT EXISTS folded integer NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS notification_fold ON notification (user_id, context, created_date DESC) WHERE read_at IS NULL AND type = 'INFO';
