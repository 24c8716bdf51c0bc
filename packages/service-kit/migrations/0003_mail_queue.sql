-- Mail waiting to be sent: written in the same transaction as the change that causes it, sent by the
-- service's mail sender with retries. Kept apart from the outbox so an SMTP outage never holds events.
CREATE TABLE IF NOT EXISTS mail_queue (
  id bigserial PRIMARY KEY,
  mail_to text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz
);
CREATE INDEX IF NOT EXISTS mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL;
