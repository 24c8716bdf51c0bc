import { badRequest, type Row } from '@portal/service-kit';

/** A booking made a little late still counts (the form was open while the meeting or trip began). */
const GRACE_MS = 5 * 60_000;

/** A start given in the past is refused (a booking is for what is still to come). */
export const notPast = (start: unknown, now: Date) => {
  if (typeof start === 'string' && new Date(start).getTime() < now.getTime() - GRACE_MS) throw badRequest([{ path: 'start_time', key: 'booking_in_past' }]);
};

/**
 * A value sent equal to the one stored: a time to the millisecond whatever its text ("…+07:00" or "…Z"), a list in any
 * order, a yes/no with unset as no, and blank, null or an empty list as none.
 */
export function sameValue(sent: unknown, stored: unknown): boolean {
  if (typeof stored === 'boolean' || typeof sent === 'boolean') return Boolean(sent) === Boolean(stored);
  const none = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);
  if (none(sent) || none(stored)) return none(sent) && none(stored);
  const instant = (v: unknown) => (v instanceof Date ? v.getTime() : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : NaN);
  if (!Number.isNaN(instant(stored)) && !Number.isNaN(instant(sent))) return instant(sent) === instant(stored);
  if (Array.isArray(sent) && Array.isArray(stored)) return [...sent].map(String).sort().join() === [...stored].map(String).sort().join();
  return String(sent) === String(stored);
}

/** Did any of `fields` change: given, and not the same value as stored (sameValue). */
export const changes = (input: Record<string, unknown>, existing: Row, fields: string[]) =>
  fields.some((k) => input[k] !== undefined && !sameValue(input[k], existing[k]));
