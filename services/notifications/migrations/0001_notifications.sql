-- Notifications (spec §3, §7): one row per recipient; each user sees only their own.
CREATE TABLE notification (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('APPROVE_REQUEST', 'APPROVED', 'CANCELLED', 'REFUSED', 'INFO')),
  title_vi text NOT NULL,
  title_en text NOT NULL,
  body_vi text NOT NULL,
  body_en text NOT NULL,
  -- A page path in the portal.
  link text,
  -- The record it is about, e.g. "staff:<uuid>".
  context text,
  -- The `notification.requested` event it came from (with user_id: one row per recipient, even if redelivered).
  source_event text NOT NULL,
  read_at timestamptz,
  created_date timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_event, user_id)
);
CREATE INDEX notification_user ON notification (user_id, created_date DESC, id DESC);
CREATE INDEX notification_user_type ON notification (user_id, type, created_date DESC);
CREATE INDEX notification_unread ON notification (user_id) WHERE read_at IS NULL;

-- Delivery choices per user and type; without a row: in-app on, email off.
CREATE TABLE notification_preference (
  user_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('APPROVE_REQUEST', 'APPROVED', 'CANCELLED', 'REFUSED', 'INFO')),
  in_app boolean NOT NULL,
  email boolean NOT NULL,
  modified_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type)
);
