import type { ResourceHooks } from '@portal/service-kit';

/**
 * A room or car moved to another site takes its coming bookings with it: their `area_id` (a copy of the room's or car's,
 * the calendars' area filter) follows for every booking not yet over; a past one stays where it took place.
 */
export function placeHooks(bookings: { table: string; ref: string }): ResourceHooks {
  return {
    afterWrite: async (verb, row, _ctx, tx) => {
      if (verb !== 'updated') return;
      await tx.query(`UPDATE ${bookings.table} SET area_id = $1 WHERE ${bookings.ref} = $2 AND end_time > now() AND area_id IS DISTINCT FROM $1`, [
        row.area_id,
        row.id,
      ]);
    },
  };
}
