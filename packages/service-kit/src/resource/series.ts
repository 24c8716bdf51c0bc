import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERIES_REPEATS, seriesOpenStatuses, seriesPaths, UUID_RE, type CallerContext, type ResourceDef, type SeriesRepeat } from '@portal/contracts';
import { withTx, type Tx } from '../db';
import { AppError, badRequest, ok } from '../errors';
import { defineMessages, t } from '../i18n';
import { requireCaller } from '../access';
import { parseOrThrow, resourceSchemas } from './validation';
import { expandSeries } from './recurrence';
import { readableOf, slotHolders, type SlotHolder } from './exclusive';
import { changedOf } from './changes';
import { moveStatus } from './workflow';
import type { ResourceRepository, Row } from './repository';

/** The kit's messages for series (contracts kit/series.ts). */
const seriesMessages = defineMessages({
  series_until_required: { vi: 'Vui lòng chọn ngày kết thúc lặp lại', en: 'Please choose when the repetition ends' },
  series_too_long: { vi: 'Chuỗi lịch quá dài: tối đa {n} lần', en: 'The series is too long: {n} occurrences at most' },
  series_all_taken: { vi: 'Mọi lần trong chuỗi đều đã có người đặt', en: 'Every occurrence of the series is already taken' },
  series_none: { vi: '{record} này không thuộc chuỗi lặp lại', en: 'This {record} is not part of a repeating series' },
  series_closed: { vi: '{record} này đã kết thúc hoặc đã hủy', en: 'This {record} has ended or was cancelled' },
});
type SeriesMessages = typeof seriesMessages;
declare module '../i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends SeriesMessages {}
}

/** One occurrence of a series: its start and end, under the declaration's field names. */
export type SeriesOccurrence = Record<string, string>;

const repeatBody = z.object({
  repeat: z.enum(SERIES_REPEATS, { error: 'invalid' }),
  repeat_until: z.string({ error: 'series_until_required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date_invalid' }),
});
const idBody = z.object({ id: z.string({ error: 'invalid' }).regex(UUID_RE, { error: 'invalid' }).toLowerCase() }, { error: 'body_object' });
const noteBody = z.object({ note: z.string({ error: 'invalid' }).max(1000, { error: 'max_length|{"n":1000}' }).nullish() });

const record = (def: ResourceDef) => ({ vi: def.label.vi, en: def.label.en.charAt(0).toLowerCase() + def.label.en.slice(1) });
const isDate = (def: ResourceDef) => def.fields[def.series!.start]!.type === 'date';

/**
 * The occurrences of a series of `def` (ResourceDef.series) from the first one's start and end, every day, week or
 * month until the end of the day `until`, on the company's wall clock (recurrence.ts; a series of date fields by the
 * calendar's days): 400 on `repeat_until` when it is before the start or makes more than the declared `max`.
 */
export function seriesOccurrences(def: ResourceDef, start: string, end: string, repeat: SeriesRepeat, until: string): SeriesOccurrence[] {
  const s = def.series!;
  const days = isDate(def);
  const at = (v: string) => (days ? `${v.slice(0, 10)}T00:00:00Z` : v);
  const list = expandSeries(at(start), at(end), repeat, until, { max: s.max, ...(days ? { zone: 'UTC' } : {}) });
  if (list === 'before_start') throw badRequest([{ path: 'repeat_until', key: 'date_before', params: { other: def.fields[s.start]!.label } }]);
  if (list === 'too_many') throw badRequest([{ path: 'repeat_until', key: 'series_too_long', params: { n: s.max } }]);
  const value = (v: string) => (days ? v.slice(0, 10) : v);
  return list.map((o) => ({ [s.start]: value(o.start_time), [s.end]: value(o.end_time) }));
}

/**
 * Writes the occurrences of a series in the caller's transaction under one new group id, each as its own create would
 * be (its rules, limits, hooks, the slot's clash), each behind a savepoint: an occurrence whose slot is taken is
 * skipped, named, and leaves nothing; any other refusal refuses the whole series (a later occurrence past how far ahead
 * the resource books is a 400 on `repeat_until`: the series reaches too far). The series route's, and the demo seed's.
 */
export async function createSeries<R extends Row>(
  repo: ResourceRepository<R>,
  tx: Tx,
  input: Record<string, unknown>,
  repeat: SeriesRepeat,
  list: SeriesOccurrence[],
  ctx: CallerContext,
) {
  const s = repo.def.series!;
  const group = randomUUID();
  const created: R[] = [];
  const skipped: (SeriesOccurrence & { message: string })[] = [];
  for (const o of list) {
    await tx.query('SAVEPOINT series_occurrence');
    try {
      created.push(await repo.createIn(tx, { ...input, ...o, ...(s.repeat ? { [s.repeat]: repeat } : {}), [s.group]: group }, ctx));
      await tx.query('RELEASE SAVEPOINT series_occurrence');
    } catch (e) {
      await tx.query('ROLLBACK TO SAVEPOINT series_occurrence');
      if (e instanceof AppError && e.key === 'booking_ahead' && o !== list[0])
        throw new AppError(400, e.key, e.params, [{ path: 'repeat_until', key: e.key, params: e.params }]);
      if (!(e instanceof AppError) || (e.key !== 'slot_taken' && e.key !== 'slot_busy')) throw e;
      skipped.push({ ...o, message: t(ctx.lang, e.key, e.params) });
    }
  }
  if (!created.length) throw new AppError(409, 'series_all_taken');
  return { [s.group]: group, created: created.length, items: created, skipped };
}

/**
 * The series routes of a resource declaring `series` (contracts kit/series.ts, whose `seriesRoutes` declares them):
 * preview, create, cancel the rest and edit the rest. Every occurrence is written through the repository, as its own
 * create, edit, move or delete would be, in one transaction: all or nothing (a create skips only taken slots).
 */
export function registerSeries(app: FastifyInstance, repo: ResourceRepository) {
  const def = repo.def;
  const s = def.series!;
  const paths = seriesPaths(`/api/v1${def.path}`);
  const schemas = resourceSchemas(def);
  const open = seriesOpenStatuses(s, def.workflow);
  const statusField = def.workflow?.field;

  /** The create's fields and the occurrences a series body asks for. */
  const parse = (body: unknown) => {
    const raw = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    const { repeat, repeat_until, ...rest } = raw;
    const input = parseOrThrow(schemas.create, rest, badRequest) as Record<string, unknown>;
    const r = parseOrThrow(repeatBody, { repeat, repeat_until }, badRequest);
    return { input, repeat: r.repeat, list: seriesOccurrences(def, String(input[s.start]), String(input[s.end]), r.repeat, r.repeat_until) };
  };

  app.post(paths.preview, async (req) => {
    const ctx = requireCaller(req);
    const { input, list } = parse(req.body);
    // Each occurrence's holder, one query per exclusive declaration (a car and its driver), by the constraint's rule;
    // named only where the caller may read it (else its times alone, as their calendar shows it busy).
    const { holders, readable } = await withTx(
      repo.pool,
      async (tx) => {
        const found: (SlotHolder | null)[] = list.map(() => null);
        for (const x of def.exclusive ?? []) {
          const slots = list.map((o) => ({ from: o[x.from], to: o[x.to] }));
          (await slotHolders(def, x, tx, input, slots)).forEach((h, n) => {
            found[n] ??= h;
          });
        }
        const ids = [...new Set(found.filter((h): h is SlotHolder => h !== null).map((h) => h.id))];
        return { holders: found, readable: await readableOf(def, tx, ids, ctx) };
      },
      'BEGIN READ ONLY',
    );
    const items = list.map((o, n) => {
      const h = holders[n];
      const named = h && readable.has(h.id) ? { id: h.id, name: h.title } : {};
      return { ...o, free: !h, ...(h ? { holder: { ...named, [s.start]: h.from, [s.end]: h.to } } : {}) };
    });
    return ok({ items, free: items.filter((x) => x.free).length, taken: items.filter((x) => !x.free).length });
  });

  app.post(paths.create, async (req) => {
    const ctx = requireCaller(req);
    const { input, repeat, list } = parse(req.body);
    const result = await withTx(repo.pool, (tx) => createSeries(repo, tx, input, repeat, list, ctx));
    repo.onCommit();
    return ok(result);
  });

  /** The occurrence `id` (in the caller's scope, still open) and the later ones of its series still open, in order, locked unless `lock` is false. */
  async function rest(tx: Tx, id: string, ctx: CallerContext, lock = true): Promise<Row[]> {
    const first = await repo.get(id, ctx, tx, lock);
    if (!first[s.group]) throw new AppError(422, 'series_none', { record: record(def) });
    const isOpen = first.state === 'ACTIVE' && (!open || open.includes(String(first[statusField!])));
    if (!isOpen) throw new AppError(422, 'series_closed', { record: record(def) });
    const values: unknown[] = [first[s.group], first[s.start]];
    const still = open ? ` AND ${statusField}::text = ANY($3::text[])` : '';
    if (open) values.push(open);
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM ${def.table} WHERE ${s.group} = $1 AND state = 'ACTIVE' AND ${s.start} > $2${still} ORDER BY ${s.start}${lock ? ' FOR UPDATE' : ''}`,
      values,
    );
    const later: Row[] = [];
    for (const r of rows) later.push(await repo.get(r.id, ctx, tx, lock));
    return [first, ...later];
  }

  app.post(paths.cancel, async (req) => {
    const ctx = requireCaller(req);
    const { id } = parseOrThrow(idBody, req.body, badRequest);
    const { note } = parseOrThrow(noteBody, req.body, badRequest);
    const items = await withTx(repo.pool, async (tx) => {
      // What each move locks before its record (the resource's lockBeforeStatus), first: the order every move locks in.
      if (s.cancel && repo.hooks.lockBeforeStatus) for (const row of await rest(tx, id, ctx, false)) await repo.hooks.lockBeforeStatus(row, tx);
      const done: Row[] = [];
      for (const row of await rest(tx, id, ctx)) {
        done.push(
          s.cancel
            ? await moveStatus(repo, tx, row, s.cancel, ctx, { note: note ?? null, body: { status: s.cancel, note } })
            : await repo.deactivateIn(tx, row.id, ctx),
        );
      }
      return done;
    });
    repo.onCommit();
    return ok({ cancelled: items.length, items });
  });

  app.put(paths.update, async (req) => {
    const ctx = requireCaller(req);
    const raw = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;
    const { id: rawId, ...fields } = raw;
    const { id } = parseOrThrow(idBody, { id: rawId }, badRequest);
    const input = parseOrThrow(schemas.update, fields, badRequest) as Record<string, unknown>;
    const at = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(isDate(def) ? `${String(v).slice(0, 10)}T00:00:00Z` : String(v)));
    const out = (ms: number) => (isDate(def) ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString());
    const items = await withTx(repo.pool, async (tx) => {
      const list = await rest(tx, id, ctx);
      const first = list[0]!;
      // What the edit changes of this occurrence is what the later ones take: a field sent as it already was (a whole
      // form sent back) leaves each later occurrence's own value alone.
      const changed = Object.fromEntries(changedOf(def, input, first, Object.keys(input)).map((k) => [k, input[k]]));
      const { [s.start]: start, [s.end]: end, ...same } = changed;
      // This occurrence's new times give every later one the same shift and length.
      const newStart = start ? at(start) : at(first[s.start]);
      const length = (end ? at(end) : newStart + (at(first[s.end]) - at(first[s.start]))) - newStart;
      const shift = newStart - at(first[s.start]);
      const timed = Boolean(start || end);
      // Moved later, the last goes first (and earlier, the first), so no occurrence lands on one of its own not yet moved.
      const done: Row[] = [];
      for (const row of shift > 0 ? [...list].reverse() : list) {
        const from = at(row[s.start]) + shift;
        const patch = timed ? { ...same, [s.start]: out(from), [s.end]: out(from + length) } : { ...same };
        done.push(await repo.updateIn(tx, String(row.id), patch, ctx));
      }
      return done.sort((a, b) => at(a[s.start]) - at(b[s.start]));
    });
    repo.onCommit();
    return ok({ updated: items.length, items });
  });
}
