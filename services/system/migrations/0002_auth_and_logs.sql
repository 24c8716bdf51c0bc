-- Credentials, sessions and tokens (hand-written: not resource fields, never exposed by the generic routes).
ALTER TABLE app_user
  ADD COLUMN password_hash text,
  ADD COLUMN password_changed_at timestamptz,
  ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;

CREATE TABLE password_history (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES app_user (id),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_password_history__user ON password_history (user_id, created_at DESC);

-- A session is one signed-in device (at most 10 per user). Its refresh tokens form one rotation family.
CREATE TABLE auth_session (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES app_user (id),
  device text,
  ip text,
  user_agent text,
  method text NOT NULL DEFAULT 'password',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX ix_auth_session__user_active ON auth_session (user_id, created_at) WHERE revoked_at IS NULL;

CREATE TABLE refresh_token (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_session (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX ix_refresh_token__session ON refresh_token (session_id);

CREATE TABLE password_reset (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES app_user (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- OpenID Connect logins in flight (state → nonce, PKCE verifier) and one-time codes handed to the browser.
CREATE TABLE oidc_login (
  state text PRIMARY KEY,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE oidc_code (
  code_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_session (id),
  refresh_token text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE bookmark (
  user_id uuid PRIMARY KEY,
  items jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The portal-wide activity log, fed by every service's outbox (portal.<domain>.activity.logged).
CREATE TABLE activity_log (
  id uuid PRIMARY KEY,
  domain text NOT NULL,
  context text NOT NULL,
  record_id uuid,
  action text NOT NULL,
  feature text,
  description text,
  message text,
  suffix text,
  table_name text,
  origin_data jsonb,
  updated_data jsonb,
  department_id uuid,
  actor_id uuid,
  actor_name text,
  ip text,
  created_date timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_activity_log__context ON activity_log (context, record_id, created_date DESC);
CREATE INDEX ix_activity_log__created ON activity_log (created_date DESC);

CREATE TABLE system_log (
  id bigserial PRIMARY KEY,
  level text NOT NULL,
  source text NOT NULL,
  event text NOT NULL,
  message text NOT NULL,
  actor_id uuid,
  ip text,
  detail jsonb,
  created_date timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_system_log__created ON system_log (created_date DESC);

-- Development mailbox of the all-in-one mode: mail sent over SMTP to the built-in catcher lands here.
CREATE TABLE dev_mailbox (
  id bigserial PRIMARY KEY,
  mail_from text,
  mail_to text NOT NULL,
  subject text,
  body text,
  created_date timestamptz NOT NULL DEFAULT now()
);
