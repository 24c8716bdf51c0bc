-- Mail sent on a user's behalf (mail-limit.ts): one row per recipient per change batch (the writing transaction), so a
-- series of 35 told at once counts each person once; counted per user over the last hour and day, in the database so
-- every instance of the service sees the same count. Rows older than a day are pruned as new ones come.
CREATE TABLE IF NOT EXISTS mail_on_behalf (
  user_id text NOT NULL,
  batch bigint NOT NULL,
  recipient text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, batch, recipient)
);
CREATE INDEX IF NOT EXISTS mail_on_behalf_user_time ON mail_on_behalf (user_id, sent_at);
-- The company's limits (one row; absent: MAIL_LIMIT_DEFAULTS of contracts kit/mail-limit.ts).
CREATE TABLE IF NOT EXISTS mail_limit (
  id integer PRIMARY KEY CHECK (id = 1),
  per_hour integer NOT NULL,
  per_day integer NOT NULL,
  updated_date timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
