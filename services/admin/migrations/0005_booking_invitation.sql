-- What the last meeting invitation of a booking said (services/admin/src/booking/invitation.ts): its SEQUENCE (-1: none
-- sent yet), the room and times it gave, the staff it went to, and whether it was the cancellation. A change of room or
-- time, or of the people, is told again with the next SEQUENCE; a cancelled or deleted booking that was told, cancelled.
CREATE TABLE IF NOT EXISTS book_room_invitation (
  booking_id uuid PRIMARY KEY REFERENCES book_room (id),
  sequence integer NOT NULL DEFAULT -1,
  room_id uuid,
  start_time timestamptz,
  end_time timestamptz,
  staff_ids uuid[] NOT NULL DEFAULT '{}',
  cancelled boolean NOT NULL DEFAULT false,
  sent_at timestamptz
);
