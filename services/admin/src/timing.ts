import { can, type CallerContext, type Feature } from '@portal/contracts';
import { AppError, badRequest, type Row } from '@portal/service-kit';
import type { MessageKey } from '@portal/service-kit';

/** A booking made a little late still counts (the form was open while the meeting or trip began). */
const GRACE_MS = 5 * 60_000;

/** A start given in the past is refused (a booking is for what is still to come). */
export const notPast = (start: unknown, now: Date) => {
  if (typeof start === 'string' && new Date(start).getTime() < now.getTime() - GRACE_MS) throw badRequest([{ path: 'start_time', key: 'booking_in_past' }]);
};

/** Has the booking's start time come. */
export const started = (row: Row, now: Date) => new Date(String(row.start_time)).getTime() <= now.getTime();

const same = (a: unknown, b: string | null | undefined) => Boolean(b) && String(a ?? '').toLowerCase() === String(b).toLowerCase();
/** Is the caller's staff record the one named in the row's `field` (the booking's orderer, the trip's driver). */
export const isNamed = (row: Row, field: string, ctx: CallerContext) => same(row[field], ctx.staffId);

/**
 * A booking is changed by its orderer, or by whoever manages the bookings of `feature` (its approve right: the
 * administration office), whatever else the caller's scope shows; `refusal`: the 403's message.
 */
export const mayChange = (row: Row, ctx: CallerContext, feature: Feature, refusal: MessageKey) => {
  if (!isNamed(row, 'orderer_id', ctx) && !can(ctx, 'approve', feature)) throw new AppError(403, refusal);
};

/** Did any of `fields` change (a datetime compared as the ISO text it is sent as). */
export const changes = (input: Record<string, unknown>, existing: Row, fields: string[]) =>
  fields.some((k) => input[k] !== undefined && String(input[k] ?? '') !== String(existing[k] instanceof Date ? (existing[k] as Date).toISOString() : existing[k] ?? ''));
