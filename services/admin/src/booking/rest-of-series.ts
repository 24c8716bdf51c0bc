import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookRoom, type CallerContext } from '@portal/contracts';
import {
  AppError,
  badRequest,
  moveStatus,
  changedOf,
  ok,
  parseOrThrow,
  requireCaller,
  resourceSchemas,
  withTx,
  type Row,
  type ServiceKit,
  type Tx,
} from '@portal/service-kit';

const idBody = z.object({ id: z.uuid({ error: 'invalid' }) }, { error: 'body_object' });
const noteBody = z.object({ note: z.string().max(1000, { error: 'max_length|{"n":1000}' }).nullish() });

/**
 * "This and the following" of a repeating meeting: `series-cancel` cancels an occurrence and every later
 * one still booked; `series-update` applies an edit to them — the name, room, attendees and note as given, and a change
 * of this occurrence's start or end as the same shift and length for each later one. Each occurrence is written as its
 * own edit or cancel would be (its rules: the orderer's or a manager's, not once started; the room's clash), all in one
 * transaction: if one is refused, none changes, and the answer is that occurrence's refusal. A series is not extended:
 * more dates are a new series.
 */
export function restOfSeriesRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repo(bookRoom);
  const edit = resourceSchemas(bookRoom).update;

  /** The occurrence `id` (in the caller's scope) and the later ones of its series still booked, locked, in date order. */
  async function rest(tx: Tx, id: string, ctx: CallerContext): Promise<Row[]> {
    const first = await repo.get(id, ctx, tx, true);
    if (!first.series_id) throw new AppError(422, 'booking_not_series');
    if (first.status !== 'BOOKED' || first.state !== 'ACTIVE') throw new AppError(422, 'booking_closed');
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM book_room WHERE series_id = $1 AND state = 'ACTIVE' AND status = 'BOOKED' AND start_time > $2 ORDER BY start_time FOR UPDATE`,
      [first.series_id, first.start_time],
    );
    const later: Row[] = [];
    for (const r of rows) later.push(await repo.get(r.id, ctx, tx, true));
    return [first, ...later];
  }

  app.post('/api/v1/book-room/series-cancel', async (req) => {
    const ctx = requireCaller(req);
    const { id } = parseOrThrow(idBody, req.body, badRequest);
    const { note } = parseOrThrow(noteBody, req.body, badRequest);
    const items = await withTx(kit.pool, async (tx) => {
      const done: Row[] = [];
      for (const row of await rest(tx, id, ctx))
        done.push(await moveStatus(repo, tx, row, 'CANCELLED', ctx, { note: note ?? null, body: { status: 'CANCELLED', note } }));
      return done;
    });
    repo.onCommit();
    return ok({ cancelled: items.length, items });
  });

  app.put('/api/v1/book-room/series-update', async (req) => {
    const ctx = requireCaller(req);
    const raw = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const { id: rawId, ...fields } = raw;
    const { id } = parseOrThrow(idBody, { id: rawId }, badRequest);
    const input = parseOrThrow(edit, fields, badRequest) as Record<string, unknown>;
    const items = await withTx(kit.pool, async (tx) => {
      const list = await rest(tx, id, ctx);
      const first = list[0]!;
      const t = (v: unknown) => new Date(String(v)).getTime();
      // What the edit changes of this occurrence is what the later ones take: a field sent as it already was (a whole
      // form sent back) leaves each later occurrence's own value alone.
      const changed = Object.fromEntries(changedOf(bookRoom, input, first, Object.keys(input)).map((k) => [k, input[k]]));
      const { start_time: start, end_time: end, ...same } = changed;
      // This occurrence's new times give every later one the same shift and length.
      const newStart = start ? t(start) : t(first.start_time);
      const length = (end ? t(end) : newStart + (t(first.end_time) - t(first.start_time))) - newStart;
      const shift = newStart - t(first.start_time);
      const timed = Boolean(start || end);
      // Moved later, the last goes first (and earlier, the first), so no occurrence lands on one of its own not yet moved.
      const done: Row[] = [];
      for (const row of shift > 0 ? [...list].reverse() : list) {
        const s = t(row.start_time) + shift;
        const patch = timed ? { ...same, start_time: new Date(s).toISOString(), end_time: new Date(s + length).toISOString() } : { ...same };
        done.push(await repo.updateIn(tx, String(row.id), patch, ctx));
      }
      return done.sort((a, b) => t(a.start_time) - t(b.start_time));
    });
    repo.onCommit();
    return ok({ updated: items.length, items });
  });
}
