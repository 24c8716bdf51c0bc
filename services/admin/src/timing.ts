import { badRequest } from '@portal/service-kit';

/** A booking made a little late still counts (the form was open while the meeting or trip began). */
const GRACE_MS = 5 * 60_000;

/** A start given in the past is refused (a booking is for what is still to come). */
export const notPast = (start: unknown, now: Date) => {
  if (typeof start === 'string' && new Date(start).getTime() < now.getTime() - GRACE_MS) throw badRequest([{ path: 'start_time', key: 'booking_in_past' }]);
};
