import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookRoom, REPEAT, SERIES_MAX, type CallerContext } from '@portal/contracts';
import {
  AppError,
  badRequest,
  expandSeries,
  type Occurrence,
  type Repeat,
  ok,
  t,
  parseOrThrow,
  requireCaller,
  resourceSchemas,
  slotHolders,
  withTx,
  type Row,
  type ServiceKit,
  type Tx,
} from '@portal/service-kit';

const repeatBody = z.object({
  repeat: z.enum(REPEAT.filter((x) => x !== 'NONE') as [string, ...string[]], { error: 'invalid' }),
  repeat_until: z.string({ error: 'series_until_required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date_invalid' }),
});

/**
 * The occurrences of a repeating booking, expanded on the company's clock (service-kit recurrence.ts): until the end of
 * `repeat_until`, at most SERIES_MAX.
 */
export function occurrences(start: string, end: string, repeat: string, until: string): Occurrence[] {
  const list = expandSeries(start, end, repeat as Repeat, until, { max: SERIES_MAX });
  if (list === 'before_start') throw badRequest([{ path: 'repeat_until', key: 'date_before', params: { other: bookRoom.fields.start_time!.label } }]);
  if (list === 'too_many') throw badRequest([{ path: 'repeat_until', key: 'series_too_long', params: { n: SERIES_MAX } }]);
  return list;
}

/**
 * Repeating bookings (spec §3 "repeat"): `series-preview` lists every occurrence as free or taken (and by which
 * booking), before anything is saved; `series` books the free ones in one transaction under one `series_id` and
 * answers what it skipped — a date skipped is booked later like any other. An occurrence taken between the preview and
 * the booking is skipped the same way (the database refuses it; the answer names the holder).
 */
export function seriesRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repo(bookRoom);
  const base = resourceSchemas(bookRoom).create;
  const parse = (body: unknown) => {
    const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const { repeat, repeat_until, ...rest } = raw;
    const input = parseOrThrow(base, rest, badRequest) as Record<string, unknown>;
    const r = parseOrThrow(repeatBody, { repeat, repeat_until }, badRequest);
    return { input, repeat: r.repeat, list: occurrences(String(input.start_time), String(input.end_time), r.repeat, r.repeat_until) };
  };

  app.post('/api/v1/book-room/series-preview', async (req) => {
    requireCaller(req);
    const { input, list } = parse(req.body);
    // Every occurrence's holder in one query, by the rule of the room's exclusion constraint.
    const holders = await withTx(kit.pool, (tx) =>
      slotHolders(
        bookRoom,
        bookRoom.exclusive![0]!,
        tx,
        input,
        list.map((o) => ({ from: o.start_time, to: o.end_time })),
      ),
    );
    const items = list.map((o, n) => {
      const h = holders[n];
      return { ...o, free: !h, ...(h ? { holder: { id: h.id, name: h.title, start_time: h.from, end_time: h.to } } : {}) };
    });
    return ok({ items, free: items.filter((x) => x.free).length, taken: items.filter((x) => !x.free).length });
  });

  app.post('/api/v1/book-room/series', async (req) => {
    const ctx = requireCaller(req);
    const { input, repeat, list } = parse(req.body);
    const result = await withTx(kit.pool, async (tx) => bookSeries(kit, tx, input, repeat, list, ctx));
    repo.onCommit();
    return ok(result);
  });
}

/**
 * Books the occurrences of a series in the caller's transaction under one new `series_id`: each as its own booking
 * would be (its rules, the room's clash), a taken slot skipped and named. The series route's, and the demo company's
 * weekly briefing (scripts/lib/demo-admin.ts).
 */
export async function bookSeries(kit: ServiceKit, tx: Tx, input: Record<string, unknown>, repeat: string, list: Occurrence[], ctx: CallerContext) {
  const repo = kit.repo(bookRoom);
  const seriesId = crypto.randomUUID();
  const created: Row[] = [];
  const skipped: (Occurrence & { message: string })[] = [];
  for (const o of list) {
    try {
      created.push(await repo.createIn(tx, { ...input, ...o, repeat, series_id: seriesId }, ctx));
    } catch (e) {
      // A later date past how far ahead rooms are booked (the kit's limit): the series' end reaches too far.
      if (e instanceof AppError && e.key === 'booking_ahead' && o !== list[0])
        throw new AppError(400, e.key, e.params, [{ path: 'repeat_until', key: e.key, params: e.params }]);
      // Only a taken slot is skipped; anything else (out of scope, a bad room) refuses the whole series.
      if (!(e instanceof AppError) || e.key !== 'slot_taken') throw e;
      skipped.push({ ...o, message: t(ctx.lang, e.key, e.params) });
    }
  }
  if (!created.length) throw new AppError(409, 'series_all_taken');
  return { series_id: seriesId, created: created.length, items: created, skipped };
}
