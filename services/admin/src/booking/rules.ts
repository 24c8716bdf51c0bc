import { AppError, type ResourceHooks } from '@portal/service-kit';
import { changes, mayChange as mayChangeBooking, notPast, started } from '../timing';
import type { CallerContext } from '@portal/contracts';
import type { Row } from '@portal/service-kit';

const mayChange = (row: Row, ctx: CallerContext) => mayChangeBooking(row, ctx, 'book_meeting_room', 'booking_not_orderer');

/**
 * The rules of a meeting-room booking the declaration cannot say (spec §8): no booking starting in the past; once its
 * start has passed it cannot be deleted, cancelled, moved or put in another room — only ended ("end now", which ends
 * it at once and frees the rest of its slot); an ended or cancelled booking is not edited. Changing, deleting, cancelling
 * or ending a booking is its orderer's, or a booking manager's (the approve right), whatever else the caller's scope shows. The clash itself is the database's (the declaration's `exclusive`).
 * `now` is the clock (a test's fixed one).
 */
export function roomBookingHooks(now: () => Date = () => new Date()): ResourceHooks {
  return {
    beforeCreate: (input) => notPast(input.start_time, now()),
    beforeUpdate: (input, existing, ctx) => {
      mayChange(existing, ctx);
      if (existing.status !== 'BOOKED') throw new AppError(422, 'booking_closed');
      if (!changes(input, existing, ['room_id', 'start_time', 'end_time'])) return;
      if (started(existing, now())) throw new AppError(422, 'booking_started_fixed');
      notPast(input.start_time, now());
    },
    beforeDelete: (existing, ctx) => {
      mayChange(existing, ctx);
      if (existing.status === 'BOOKED' && started(existing, now())) throw new AppError(422, 'booking_started');
    },
    beforeStatus: (move, record, ctx) => {
      mayChange(record, ctx);
      if (move.to === 'CANCELLED' && started(record, now())) throw new AppError(422, 'booking_started');
      if (move.to === 'ENDED') {
        if (!started(record, now())) throw new AppError(422, 'booking_not_started');
        // Ended now: the rest of the slot is free again (an ended meeting past its end keeps its times).
        const end = new Date(String(record.end_time));
        const start = new Date(String(record.start_time));
        return end.getTime() > now().getTime() ? { end_time: new Date(Math.max(now().getTime(), start.getTime() + 60_000)).toISOString() } : {};
      }
      return {};
    },
  };
}
