-- A queued mail's attachments (a meeting invitation's .ics): [{ filename, content, content_type }], text content.
ALTER TABLE mail_queue ADD COLUMN IF NOT EXISTS attachments jsonb;
