-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE user_bookmark (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  user_id uuid,
  title text,
  url text,
  icon text,
  ordering integer
);
CREATE INDEX ix_user_bookmark__state_created ON user_bookmark (state, created_date DESC, id);
CREATE INDEX ix_user_bookmark__user_id ON user_bookmark (user_id);
CREATE INDEX ix_user_bookmark__ordering ON user_bookmark (ordering);
ALTER TABLE user_bookmark ADD CONSTRAINT fk_user_bookmark__user_id FOREIGN KEY (user_id) REFERENCES app_user (id);
