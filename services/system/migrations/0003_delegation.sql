-- Approvers' deputies (contracts kit/approval.ts DelegationDto): one place for every domain's approval engine,
-- which asks the directory (/internal/approval/acting-for) who stands in for whom today.
CREATE TABLE IF NOT EXISTS delegation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  approver_id uuid NOT NULL REFERENCES app_user (id),
  deputy_id uuid NOT NULL REFERENCES app_user (id),
  from_date date NOT NULL,
  to_date date NOT NULL,
  note text,
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  CHECK (from_date <= to_date),
  CHECK (approver_id <> deputy_id)
);
CREATE INDEX IF NOT EXISTS ix_delegation__deputy ON delegation (deputy_id, from_date, to_date) WHERE state = 'ACTIVE';
CREATE INDEX IF NOT EXISTS ix_delegation__approver ON delegation (approver_id, from_date, to_date) WHERE state = 'ACTIVE';
