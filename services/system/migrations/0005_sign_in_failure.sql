-- Failed sign-ins under a login that names no account (an unknown email or username): counted and locked exactly as an
-- account's own failed_attempts / locked_until, so the answers of a wrong password and of an unknown login are the same.
CREATE TABLE sign_in_failure (
  login text PRIMARY KEY,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failure_updated ON sign_in_failure (updated_at);
