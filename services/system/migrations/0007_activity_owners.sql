-- The accounts a record of everyone's own rows belongs to (ScopeRule.owner: delegations): its history is theirs to read.
ALTER TABLE activity_log ADD COLUMN IF NOT EXISTS owner_ids uuid[];
CREATE INDEX IF NOT EXISTS ix_activity_log__owner_ids ON activity_log USING gin (owner_ids) WHERE owner_ids IS NOT NULL;
