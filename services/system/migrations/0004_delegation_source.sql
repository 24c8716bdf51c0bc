-- A delegation made by something else than its approver (an approved leave with a deputy): `source` names it
-- (e.g. 'staffLeave:<id>') so cancelling the leave ends that delegation only.
ALTER TABLE delegation ADD COLUMN IF NOT EXISTS source text;
CREATE INDEX IF NOT EXISTS ix_delegation__source ON delegation (source) WHERE source IS NOT NULL;
