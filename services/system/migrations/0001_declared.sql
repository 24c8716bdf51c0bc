-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE role (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  description text,
  permissions jsonb,
  staff_scope text,
  staff_department_ids uuid[],
  project_scope text,
  project_ids uuid[]
);
CREATE TABLE app_user (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  username text,
  email text,
  full_name text,
  staff_id uuid,
  role_ids uuid[],
  is_admin boolean,
  language text,
  locked_until timestamptz,
  last_sign_in_at timestamptz
);
CREATE TABLE decentralization (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  name text,
  staff_id uuid,
  role_ids uuid[],
  note text
);
CREATE INDEX ix_role__state_created ON role (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_role__code ON role (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_role__name ON role (name);
CREATE INDEX ix_role__staff_scope ON role (staff_scope);
CREATE INDEX ix_role__project_scope ON role (project_scope);
CREATE INDEX ix_app_user__state_created ON app_user (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_app_user__username ON app_user (lower(username)) WHERE state = 'ACTIVE';
CREATE UNIQUE INDEX uq_app_user__email ON app_user (lower(email)) WHERE state = 'ACTIVE';
CREATE INDEX ix_app_user__full_name ON app_user (full_name);
CREATE INDEX ix_app_user__staff_id ON app_user (staff_id);
CREATE INDEX ix_app_user__is_admin ON app_user (is_admin);
CREATE INDEX ix_app_user__last_sign_in_at ON app_user (last_sign_in_at);
CREATE INDEX ix_decentralization__state_created ON decentralization (state, created_date DESC, id);
CREATE INDEX ix_decentralization__name ON decentralization (name);
CREATE UNIQUE INDEX uq_decentralization__staff_id ON decentralization (staff_id) WHERE state = 'ACTIVE';
