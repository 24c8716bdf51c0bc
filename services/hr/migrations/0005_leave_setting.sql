-- Leave settings (contracts hr/leave-settings.ts): one row for the company; missing keys take the defaults.
CREATE TABLE leave_setting (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  value jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_date timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);
INSERT INTO leave_setting (id) VALUES (1);
