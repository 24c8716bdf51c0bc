-- Media metadata (spec §7 Files). Bytes live in the storage driver under the media id, never under the client's name.
CREATE TABLE media (
  id uuid PRIMARY KEY,
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  name text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  mime text NOT NULL,
  extension text NOT NULL,
  md5_hash char(32) NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  -- The record the file is attached to: a declared resource name and optionally its id (context "staff:<id>").
  context text,
  context_id uuid,
  owner_id uuid NOT NULL,
  owner_name text,
  storage_driver text NOT NULL,
  created_date timestamptz NOT NULL DEFAULT now(),
  modified_date timestamptz NOT NULL DEFAULT now(),
  deleted_date timestamptz,
  deleted_by uuid
);
CREATE INDEX media_context ON media (context, context_id) WHERE state = 'ACTIVE';
CREATE INDEX media_owner ON media (owner_id);
