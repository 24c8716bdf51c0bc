-- The kit's approval engine (service-kit/src/approval): flows by document type and cost band, one request per
-- record, its steps (the record's timeline) and approvers' deputies.
CREATE TABLE IF NOT EXISTS approval_flow (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  document_type text NOT NULL,
  name text NOT NULL,
  -- The cost band: min_amount < amount <= max_amount; NULL is unbounded ("up to" / "above" the maximum approval cost).
  min_amount numeric,
  max_amount numeric,
  -- [{ level: 1, approver_ids: [uuid, ...] }, ...]
  levels jsonb NOT NULL DEFAULT '[]'::jsonb,
  state text NOT NULL DEFAULT 'ACTIVE',
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  CHECK (min_amount IS NULL OR max_amount IS NULL OR min_amount < max_amount)
);
CREATE INDEX IF NOT EXISTS ix_approval_flow__type ON approval_flow (document_type, state);

CREATE TABLE IF NOT EXISTS approval_request (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  document_type text NOT NULL,
  resource text NOT NULL,
  record_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING', 'SUBMITTED_APPROVAL', 'APPROVING', 'SUBMIT_SUPERIORS', 'RESUBMIT', 'APPROVED', 'REFUSE', 'CANCELLED')),
  current_level int NOT NULL DEFAULT 1,
  levels_count int NOT NULL DEFAULT 1,
  -- The levels this request goes through (copied from the flow at submit, so editing a flow changes no running request).
  levels jsonb NOT NULL DEFAULT '[]'::jsonb,
  flow_id uuid REFERENCES approval_flow (id),
  amount numeric,
  submitted_by uuid NOT NULL,
  approver_ids uuid[] NOT NULL DEFAULT '{}',
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  UNIQUE (resource, record_id)
);
CREATE INDEX IF NOT EXISTS ix_approval_request__approvers ON approval_request USING gin (approver_ids);

CREATE TABLE IF NOT EXISTS approval_step (
  id bigserial PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES approval_request (id),
  level int NOT NULL,
  action text NOT NULL,
  status_from text,
  status_to text NOT NULL,
  actor_id uuid NOT NULL,
  actor_name text,
  -- The approver a deputy acted for (delegation), else NULL.
  on_behalf_of uuid,
  comment text,
  origin_data jsonb,
  updated_data jsonb,
  created_date timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS ix_approval_step__request ON approval_step (request_id, id);

CREATE TABLE IF NOT EXISTS approval_delegation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  approver_id uuid NOT NULL,
  deputy_id uuid NOT NULL,
  from_date date NOT NULL,
  to_date date NOT NULL,
  created_date timestamptz NOT NULL DEFAULT now(),
  CHECK (from_date <= to_date),
  CHECK (approver_id <> deputy_id)
);
CREATE INDEX IF NOT EXISTS ix_approval_delegation__deputy ON approval_delegation (deputy_id, from_date, to_date);
