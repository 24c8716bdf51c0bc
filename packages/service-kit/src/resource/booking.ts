import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { BOOKING_LIMIT_BOUNDS, bookingSettingPath, companyDayOf, isoDay, type BookingDecl, type BookingLimits, type ResourceDef } from '@portal/contracts';
import { withTx, type Tx } from '../db';
import { AppError, badRequest, type FieldError } from '../errors';
import { defineMessages } from '../i18n';
import { changedFields, recordActivity } from '../activity';
import { requireCaller } from '../access';
import { parseOrThrow } from './validation';
import { changes } from './changes';

/** The kit's messages for booking limits (contracts kit/booking.ts): each names the limit. */
const bookingMessages = defineMessages({
  booking_longest_hours: { vi: 'Mỗi lượt đặt kéo dài tối đa {n} giờ', en: 'A booking lasts at most {n|# hour|# hours}' },
  booking_longest_days: { vi: 'Mỗi lượt đặt kéo dài tối đa {n} ngày', en: 'A booking lasts at most {n|# day|# days}' },
  booking_ahead: { vi: 'Chỉ được đặt trước tối đa {n} ngày', en: 'Bookings open at most {n|# day|# days} ahead' },
});
type BookingMessages = typeof bookingMessages;
declare module '../i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends BookingMessages {}
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The resource's limits as the administrator set them (one row of booking_setting per resource), the declared defaults until then. */
export async function bookingLimits(db: Pool | Tx, def: ResourceDef): Promise<BookingLimits> {
  const b = def.booking!;
  const { rows } = await db.query<{ value: Partial<BookingLimits> }>('SELECT value FROM booking_setting WHERE resource = $1', [def.name]);
  const value = { ...b.defaults, ...(rows[0]?.value ?? {}) };
  // Only the limits the declaration has (a room has no draft hold).
  return { longest: value.longest, ahead_days: value.ahead_days, ...(b.draft ? { draft_hold_hours: value.draft_hold_hours } : {}) };
}

/** The body of `PUT <path>/booking-setting`: whole numbers within BOOKING_LIMIT_BOUNDS, each refused on its own name. */
function settingSchema(b: BookingDecl) {
  const int = (r: { min: number; max: number }) =>
    z
      .number({ error: 'must_number' })
      .int({ error: 'must_integer' })
      .min(r.min, { error: `min_number|${JSON.stringify({ n: r.min })}` })
      .max(r.max, { error: `max_number|${JSON.stringify({ n: r.max })}` });
  return z
    .object(
      {
        longest: int(BOOKING_LIMIT_BOUNDS.longest[b.unit]),
        ahead_days: int(BOOKING_LIMIT_BOUNDS.ahead_days),
        ...(b.draft ? { draft_hold_hours: int(BOOKING_LIMIT_BOUNDS.draft_hold_hours) } : {}),
      },
      { error: 'body_object' },
    )
    .strict();
}

const instant = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The limits of a resource declaring `booking`, kept by ResourceRepository on every create (the route, import, bulk,
 * a series) and on every edit that moves the times: the booking at most `longest` long (400 on the exclusive `to`
 * field), its start at most `ahead_days` after the company's today by the service's clock (400 on `from`). A record
 * holding no slot (a cancelled one) is not limited; a write by the record's own workflow is not an edit and is not checked.
 */
export class BookingLimiter {
  constructor(
    readonly def: ResourceDef,
    readonly now: () => Date,
  ) {}

  async check(tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> {
    const x = this.def.exclusive![0]!;
    const dated = this.def.fields[x.from]!.type === 'date';
    if (existing && !changes(this.def, input, existing, [x.from, x.to])) return;
    const row = { ...(existing ?? {}), ...input };
    const unless = x.unless;
    if (unless?.values.map(String).includes(String(row[unless.field] ?? this.def.fields[unless.field]?.default ?? ''))) return;
    const [start, end] = [row[x.from], row[x.to]];
    // A date range is inclusive: its last day counts whole.
    const [s, e] = dated ? [Date.parse(`${isoDay(start)}T00:00:00Z`), Date.parse(`${isoDay(end)}T00:00:00Z`) + DAY_MS] : [instant(start), instant(end)];
    // Missing or malformed times are the validation's to refuse.
    if (Number.isNaN(s) || Number.isNaN(e)) return;
    const limits = await bookingLimits(tx, this.def);
    const b = this.def.booking!;
    const errors: (FieldError & { params: { n: number } })[] = [];
    if (e - s > limits.longest * (b.unit === 'hour' ? HOUR_MS : DAY_MS)) {
      errors.push({ path: x.to, key: b.unit === 'hour' ? 'booking_longest_hours' : 'booking_longest_days', params: { n: limits.longest } });
    }
    const startDay = dated ? isoDay(start)! : companyDayOf(new Date(s));
    if (startDay > dayAfter(companyDayOf(this.now()), limits.ahead_days)) errors.push({ path: x.from, key: 'booking_ahead', params: { n: limits.ahead_days } });
    if (errors.length) throw new AppError(400, errors[0]!.key, errors[0]!.params, errors);
  }
}

/**
 * `GET <path>/booking-setting` (anyone who may read the bookings: the form and its hints) and `PUT` (the settings right,
 * contracts kit/routes.ts): one settings record per resource, its change in the activity log.
 */
export function registerBookingSettings(app: FastifyInstance, pool: Pool, def: ResourceDef) {
  const path = `/api/v1${bookingSettingPath(def.path)}`;
  const schema = settingSchema(def.booking!);
  app.get(path, async (req) => {
    requireCaller(req);
    return { success: true, data: await bookingLimits(pool, def) };
  });
  app.put(path, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(schema, req.body, (e) => badRequest(e)) as BookingLimits;
    const data = await withTx(pool, async (tx) => {
      // One writer at a time per resource: the row locked (or created) first.
      await tx.query(`INSERT INTO booking_setting (resource, value) VALUES ($1, '{}') ON CONFLICT (resource) DO NOTHING`, [def.name]);
      await tx.query('SELECT 1 FROM booking_setting WHERE resource = $1 FOR UPDATE', [def.name]);
      const before = await bookingLimits(tx, def);
      await tx.query('UPDATE booking_setting SET value = $2, updated_date = now(), updated_by = $3 WHERE resource = $1', [
        def.name,
        JSON.stringify(body),
        ctx.userId,
      ]);
      const after = await bookingLimits(tx, def);
      const diff = changedFields(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
      await recordActivity(tx, ctx, {
        domain: def.domain,
        resource: 'booking_setting',
        recordId: null,
        action: 'update',
        feature: 'setting',
        description: def.name,
        originData: diff.origin,
        updatedData: diff.updated,
      });
      return after;
    });
    return { success: true, data };
  });
}
