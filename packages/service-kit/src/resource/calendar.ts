import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CALENDAR_MAX_DAYS, CALENDAR_MAX_EVENTS, calendarFields, normalizeDate, UUID_RE } from '@portal/contracts';
import { badRequest, ok, type FieldError } from '../errors';
import { requireCaller } from '../access';
import { first, parseListQuery } from './query';
import { parseOrThrow, resourceSchemas } from './validation';
import type { ResourceRepository } from './repository';
import { busyBlocks } from './busy';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The days a calendar request covers: `from` and `to` (dd/mm/yyyy or yyyy-mm-dd, inclusive), `to` not before `from`,
 * at most CALENDAR_MAX_DAYS days in all. Each mistake is a 400 on its parameter.
 */
export function parseCalendarRange(raw: Record<string, unknown>): { from: string; to: string } {
  const errors: FieldError[] = [];
  const day = (name: 'from' | 'to') => {
    const v = first(raw[name]);
    if (v === undefined || v === '') {
      errors.push({ path: name, key: 'date_required' });
      return null;
    }
    const d = normalizeDate(v);
    if (typeof d !== 'string' || !ISO_DAY.test(d)) {
      errors.push({ path: name, key: 'date_invalid' });
      return null;
    }
    return d;
  };
  const from = day('from');
  const to = day('to');
  if (from && to) {
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1) errors.push({ path: 'to', key: 'calendar_to_before_from' });
    else if (days > CALENDAR_MAX_DAYS) errors.push({ path: 'to', key: 'calendar_range_too_long', params: { n: CALENDAR_MAX_DAYS } });
  }
  if (errors.length) throw badRequest(errors);
  return { from: from!, to: to! };
}

/**
 * `GET <path>/calendar?from&to` of a resource declaring `calendar` (contracts kit/resource.ts): the ACTIVE records
 * overlapping the days, in the caller's scope and the list's `f_<field>` filters (the calendar's location among them),
 * each with the list's fields, the calendar's own and the titles of its references. `truncated`: there were more than
 * CALENDAR_MAX_EVENTS; the screen asks the user to filter. `busy`: for a booking resource (busy.ts), the slots of the
 * same days held by bookings the caller may not read, as blocks with only their times and room or car — so that
 * whoever may book sees every slot already taken, not a room that looks free until the save is refused.
 */
export function registerCalendar(app: FastifyInstance, repo: ResourceRepository) {
  const r = repo.def;
  const cal = r.calendar!;
  const events = async (req: FastifyRequest) => {
    const ctx = requireCaller(req);
    const raw = req.query as Record<string, unknown>;
    const range = parseCalendarRange(raw);
    const lq = parseListQuery(r, { ...raw, f_state: 'ACTIVE', page: '1', limit: '1' }, { lean: true });
    lq.fields = [...new Set([...(lq.fields ?? Object.keys(r.fields)), ...calendarFields(cal, r.titleField)])];
    const [rows, busy] = await Promise.all([
      repo.between(lq, range, CALENDAR_MAX_EVENTS + 1, ctx),
      busyBlocks(repo.pool, r, repo.sameService, lq, range, CALENDAR_MAX_EVENTS, ctx),
    ]);
    if (busy.items.length) await repo.titles?.decorate(r, busy.items, [cal.location!], { ctx });
    return ok({
      items: rows.slice(0, CALENDAR_MAX_EVENTS),
      busy: busy.items,
      truncated: rows.length > CALENDAR_MAX_EVENTS || busy.truncated,
      from: range.from,
      to: range.to,
    });
  };
  app.get(`/api/v1${r.path}/calendar`, events);
  if (!cal.alias) return;
  // The spec's calendar paths (CalendarDecl.alias): the same events, and an event added or moved as the resource's own
  // create and update would (their checks, hooks, events and history).
  const schemas = resourceSchemas(r);
  app.get(`/api/v1${cal.alias}/events`, events);
  app.post(`/api/v1${cal.alias}/add-event`, async (req) =>
    ok(
      await repo.create(
        parseOrThrow(schemas.create, req.body, (e) => badRequest(e)),
        requireCaller(req),
      ),
    ),
  );
  app.put(`/api/v1${cal.alias}/update-event`, async (req) => {
    const ctx = requireCaller(req);
    const id = (req.body as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || !UUID_RE.test(id)) throw badRequest([{ path: 'id', key: 'invalid' }]);
    const { id: _id, ...rest } = req.body as Record<string, unknown>;
    return ok(
      await repo.update(
        id,
        parseOrThrow(schemas.update, rest, (e) => badRequest(e)),
        ctx,
      ),
    );
  });
}
