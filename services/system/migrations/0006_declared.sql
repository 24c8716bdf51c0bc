-- Hand-written: delegations became a declared resource (contracts system/delegation.ts). The
-- table 0003 made takes the declared shape (declared.snapshot.json holds it from now on): the system column it lacked,
-- the declared indexes and the named foreign keys. Its NOT NULL and CHECK constraints stay: stricter than declared.
ALTER TABLE delegation ADD COLUMN IF NOT EXISTS updated_by uuid;
CREATE INDEX IF NOT EXISTS ix_delegation__state_created ON delegation (state, created_date DESC, id);
CREATE INDEX IF NOT EXISTS ix_delegation__approver_id ON delegation (approver_id);
CREATE INDEX IF NOT EXISTS ix_delegation__deputy_id ON delegation (deputy_id);
CREATE INDEX IF NOT EXISTS ix_delegation__from_date ON delegation (from_date);
CREATE INDEX IF NOT EXISTS ix_delegation__to_date ON delegation (to_date);
ALTER TABLE delegation DROP CONSTRAINT IF EXISTS delegation_approver_id_fkey;
ALTER TABLE delegation DROP CONSTRAINT IF EXISTS delegation_deputy_id_fkey;
ALTER TABLE delegation ADD CONSTRAINT fk_delegation__approver_id FOREIGN KEY (approver_id) REFERENCES app_user (id);
ALTER TABLE delegation ADD CONSTRAINT fk_delegation__deputy_id FOREIGN KEY (deputy_id) REFERENCES app_user (id);
