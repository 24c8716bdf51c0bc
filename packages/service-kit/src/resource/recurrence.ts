import { RRule, type Frequency } from 'rrule';
import { PORTAL_TIME_ZONE } from '@portal/contracts';

/** How a series repeats (RFC 5545 FREQ). */
export type Repeat = 'DAILY' | 'WEEKLY' | 'MONTHLY';
const FREQ: Record<Repeat, Frequency> = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY };

export interface Occurrence {
  start_time: string;
  end_time: string;
}

/** The offset of `zone` from UTC at an instant, in ms (+7 h for Asia/Ho_Chi_Minh). */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** An instant as the zone's wall clock, written as if it were UTC ("floating" time, as rrule expands it). */
const toWall = (instant: number, zone: string) => instant + offsetAt(instant, zone);
/** A floating wall-clock time back to the instant it names in the zone (a second pass settles a change of offset). */
function fromWall(wall: number, zone: string): number {
  const guess = wall - offsetAt(wall, zone);
  return wall - offsetAt(guess, zone);
}

export interface RecurrenceOptions {
  /** The calendar's time zone: the company's unless given. */
  zone?: string;
  /** At most this many occurrences: one more is reported as `tooMany`. */
  max: number;
}

/**
 * The occurrences of a series (RFC 5545 rules through `rrule`), expanded on the company's wall clock: from the first
 * start, every day, week or month until the end of the day `until` (company time), each as long as the first. A
 * monthly series on the 1st at 06:30 stays on the 1st at 06:30 company time — expanded in UTC it would fall on the
 * 31st of the month before and skip the months without one. A monthly series on the 31st skips the months without a
 * 31st, as calendars do. `before_start` when `until` is before the first start's day; `too_many` past `max`.
 */
export function expandSeries(start: string, end: string, repeat: Repeat, until: string, opts: RecurrenceOptions): Occurrence[] | 'before_start' | 'too_many' {
  const zone = opts.zone ?? PORTAL_TIME_ZONE;
  const first = new Date(start).getTime();
  const length = new Date(end).getTime() - first;
  const lastWall = Date.parse(`${until}T23:59:59.999Z`);
  const firstWall = toWall(first, zone);
  if (lastWall < firstWall) return 'before_start';
  const rule = new RRule({ freq: FREQ[repeat], dtstart: new Date(firstWall), until: new Date(lastWall), count: opts.max + 1 });
  const walls = rule.all();
  if (walls.length > opts.max) return 'too_many';
  return walls.map((w) => {
    const at = fromWall(w.getTime(), zone);
    return { start_time: new Date(at).toISOString(), end_time: new Date(at + length).toISOString() };
  });
}
