-- An entry about a record limited by project (ScopeRule.project, its own or its parent's) carries the record's project:
-- the log shows it only to those whose project scope covers that project, as the record itself (project_id null: none).
ALTER TABLE activity_log ADD COLUMN IF NOT EXISTS project_scoped boolean NOT NULL DEFAULT false;
ALTER TABLE activity_log ADD COLUMN IF NOT EXISTS project_id uuid;
CREATE INDEX IF NOT EXISTS ix_activity_log__project ON activity_log (project_id) WHERE project_scoped;
