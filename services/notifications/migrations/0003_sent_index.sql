-- Reports count notifications sent in a period (the administration's notifications report).
CREATE INDEX IF NOT EXISTS notification_created ON notification (created_date);
