import { bookRoom } from '@portal/contracts';
import { changes, hooksFor, type HooksOf, type ServiceKit } from '@portal/service-kit';
import { notPast } from '../timing';

/**
 * The rules of a meeting-room booking the declaration cannot say (spec §8). Who changes, cancels, ends and deletes a
 * booking, in which status, and before or after its start, is declared (contracts admin/booking.ts: its actors and
 * acts); the clash is the database's (`exclusive`). Here: no booking starting in the past, and "end now" ends it at
 * once, freeing the rest of its slot. `now` is the clock (a test's fixed one).
 */
export function roomBookingHooks(kit: () => ServiceKit): HooksOf<typeof bookRoom> {
  const now = () => kit().now();
  return hooksFor(bookRoom, {
    beforeCreate: (input) => notPast(input.start_time, now()),
    beforeUpdate: (input, existing) => {
      if (changes(bookRoom, input, existing, ['start_time'])) notPast(input.start_time, now());
    },
    beforeStatus: (move, record) => {
      if (move.to !== 'ENDED') return {};
      // Ended now: the rest of the slot is free again (an ended meeting past its end keeps its times).
      const [start, end] = [record.start_time!, record.end_time!];
      return end.getTime() > now().getTime() ? { end_time: new Date(Math.max(now().getTime(), start.getTime() + 60_000)).toISOString() } : {};
    },
  });
}
