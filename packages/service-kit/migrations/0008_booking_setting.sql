-- The booking limits an administrator set for a resource declaring `booking` (contracts kit/booking.ts;
-- service-kit resource/booking.ts): one row per resource, the declared defaults where a limit is absent.
CREATE TABLE IF NOT EXISTS booking_setting (
  resource text PRIMARY KEY,
  value jsonb NOT NULL DEFAULT '{}',
  updated_date timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);
