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
 * Whoever manages the records of `feature` for this row: its approve right (the administration office; a department
 * head), and the row's department within the caller's staff scope — a record read only because it names the caller (a
 * ticket's follower, a trip's companion) is not theirs to manage.
 */
export const manages = (ctx: CallerContext, feature: Feature, row: Record<string, unknown>) => ctx.isAdmin || (can(ctx, 'approve', feature)
  && (ctx.staffScope.departmentIds === null || ctx.staffScope.departmentIds.includes(String(row.department_id ?? ''))));

/**
 * A record is changed by the person it is (its `field`: a booking's orderer, a schedule's person), or by whoever manages
 * the records of `feature`; `refusal`: the 403's message.
 */
export const mayChange = (row: Record<string, unknown>, ctx: CallerContext, feature: Feature, refusal: MessageKey, field = 'orderer_id') => {
  if (!isNamed(row as Row, field, ctx) && !manages(ctx, feature, row)) throw new AppError(403, refusal);
};

/** Did any of `fields` change (a datetime compared as the ISO text it is sent as). */
export const changes = (input: Record<string, unknown>, existing: Row, fields: string[]) =>
  fields.some((k) => input[k] !== undefined && String(input[k] ?? '') !== String(existing[k] instanceof Date ? (existing[k] as Date).toISOString() : existing[k] ?? ''));
