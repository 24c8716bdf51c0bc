-- Approval settings as the spec models them (contracts kit/approval.ts): a flow applies to ALL amounts, or to
-- amounts UP_TO / ABOVE its document type's approval cost limit; its levels name an approver scope. Delegations
-- move to the system service (one place for every domain). Waiting steps get reminders.
ALTER TABLE approval_flow ADD COLUMN IF NOT EXISTS cost_band text NOT NULL DEFAULT 'ALL'
  CHECK (cost_band IN ('ALL', 'UP_TO_LIMIT', 'ABOVE_LIMIT'));
ALTER TABLE approval_flow DROP COLUMN IF EXISTS min_amount;
ALTER TABLE approval_flow DROP COLUMN IF EXISTS max_amount;
ALTER TABLE approval_flow ADD COLUMN IF NOT EXISTS created_by uuid;
ALTER TABLE approval_flow ADD COLUMN IF NOT EXISTS updated_by uuid;

CREATE TABLE IF NOT EXISTS approval_cost_limit (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL UNIQUE CHECK (kind IN ('SUPPLIER', 'SUBCONTRACTOR', 'ADDITIONAL')),
  max_cost numeric NOT NULL DEFAULT 0 CHECK (max_cost >= 0),
  updated_by uuid,
  updated_date timestamptz NOT NULL DEFAULT now()
);
INSERT INTO approval_cost_limit (kind) VALUES ('SUPPLIER'), ('SUBCONTRACTOR'), ('ADDITIONAL') ON CONFLICT (kind) DO NOTHING;

-- When the current step was last reminded (NULL: not yet); reset on every step.
ALTER TABLE approval_request ADD COLUMN IF NOT EXISTS reminded_at timestamptz;
CREATE INDEX IF NOT EXISTS ix_approval_request__waiting ON approval_request (updated_date)
  WHERE status IN ('PENDING', 'SUBMITTED_APPROVAL', 'RESUBMIT', 'APPROVING', 'SUBMIT_SUPERIORS');

DROP TABLE IF EXISTS approval_delegation;
