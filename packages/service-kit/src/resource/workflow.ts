import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { aliasIdInPath, UUID_RE, type CallerContext, type Label } from '@portal/contracts';
import { withTx, type Tx } from '../db';
import { AppError, badRequest, ok } from '../errors';
import { requireCaller } from '../access';
import { enqueue } from '../events/outbox';
import { checkChecklistBlocks } from './checklist';
import { moveRecordsSchema, parseOrThrow } from './validation';
import type { ResourceRepository, Row } from './repository';

/**
 * A status move as the resource's hooks see it: `body` is the whole request body (a hire's start date…); `recorded` the
 * values of the fields the move records (`workflow.records`), checked, to be written with it.
 */
export interface StatusMove {
  from: string;
  to: string;
  note: string | null;
  body: Record<string, unknown>;
  recorded: Record<string, unknown>;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Moves a record of a resource declaring `workflow` to status `to`, inside the caller's transaction, the record read
 * (and locked) by the caller: the move must be in the declared table (422 naming both statuses otherwise); what the
 * move records (`workflow.records`) must be in `opts.body` (400 on each field otherwise); the resource's `beforeStatus` hook may refuse it or add fields to write; the record is written as a workflow write (its
 * activity entry says the move, or carries the note) with its `updated` event, then a `<resource>.status` event, then
 * `afterStatus` runs (a cancelled request closes its candidates).
 */
export async function moveStatus(
  repo: ResourceRepository,
  tx: Tx,
  record: Row,
  to: string,
  ctx: CallerContext,
  opts: { note?: string | null; body?: Record<string, unknown> } = {},
): Promise<Row> {
  const r = repo.def;
  const wf = r.workflow!;
  const field = r.fields[wf.field]!;
  if (record.state !== 'ACTIVE') throw new AppError(422, 'inactive_record');
  const from = String(record[wf.field] ?? field.default ?? '');
  const labelOf = (v: string): Label => field.valueLabels?.[v] ?? { vi: v, en: v };
  if (!(wf.moves[from] ?? []).includes(to)) {
    throw new AppError(422, 'status_move_invalid', {
      record: { vi: lowerFirst(r.label.vi), en: lowerFirst(r.label.en) },
      from: labelOf(from),
      to: labelOf(to),
    });
  }
  // Who may make this move, and whether it waits for approval (the declared actors: actors.ts), whatever the route.
  repo.acts.check({ move: to }, record, ctx);
  await repo.acts.checkApproved(tx, to, record);
  const records = moveRecordsSchema(r, to);
  const recorded = records ? parseOrThrow(records, opts.body ?? {}, badRequest) : {};
  await checkChecklistBlocks(tx, r, repo.sameService, record.id, to);
  const move: StatusMove = { from, to, note: opts.note ?? null, body: opts.body ?? {}, recorded };
  const extra = (await repo.hooks.beforeStatus?.(move, record, ctx, tx)) ?? {};
  const [a, b] = [labelOf(from), labelOf(to)];
  // A declared title always heads the entry (the note after it); the default gives way to the note.
  const what = wf.activity ?? { vi: 'Cập nhật trạng thái', en: 'Update status' };
  const said = `${what.vi}: ${a.vi} → ${b.vi} / ${what.en}: ${a.en} → ${b.en}`;
  const description = wf.activity ? (move.note ? `${said} — ${move.note}` : said) : (move.note ?? said);
  const row = await repo.updateIn(tx, record.id, { ...recorded, ...extra, [wf.field]: to }, ctx, 'update', { workflow: true, description });
  await enqueue(tx, repo.subject('status'), { id: row.id, from, to, note: move.note, actor_id: ctx.userId, actor_name: ctx.name, record: row });
  await repo.hooks.afterStatus?.(move, row, ctx, tx);
  return row;
}

/**
 * A move the workflow makes itself, not a user (a sweep releasing a draft, an asset's status following its handover or
 * its depreciation): the record (read and locked in `tx`, whatever the caller's scope) is written with `fields` and
 * status `to` as a workflow write — its activity entry says `description`, its `updated` event — then its `status`
 * event, as a user's move would leave them; the user's table of moves and the declared actors are not asked (the
 * service decides). A record already at `to` is left as it is. Returns the record as written.
 */
export async function ownMove(
  repo: ResourceRepository,
  tx: Tx,
  id: string,
  to: string,
  ctx: CallerContext,
  description: string,
  fields: Record<string, unknown> = {},
): Promise<Row> {
  const wf = repo.def.workflow!;
  const before = await repo.get(id, ctx, tx, true);
  const from = String(before[wf.field] ?? '');
  if (from === to && !Object.keys(fields).length) return before;
  const row = await repo.updateIn(tx, id, { ...fields, [wf.field]: to }, ctx, 'update', { workflow: true, description });
  if (from !== to) await enqueue(tx, repo.subject('status'), { id, from, to, note: description, actor_id: ctx.userId, actor_name: ctx.name, record: row });
  return row;
}

/**
 * `POST <path>/:id/status` of a resource declaring `workflow` (contracts kit/routes.ts declares it), and `POST <alias>`
 * with the id and the status in the body where it declares `workflow.alias` (the spec's `/book-car-status { bookCarId,
 * statusId }`): one move, the same checks. An alias `via` another resource names the status by that record's id (a
 * ticket status: its stage is the move).
 */
export function registerWorkflow(app: FastifyInstance, repo: ResourceRepository) {
  const r = repo.def;
  const wf = r.workflow!;
  const values = (r.fields[wf.field]!.values ?? []).map(String) as [string, ...string[]];
  const note = z.string({ error: 'invalid' }).trim().max(1000, { error: 'max_length|{"n":1000}' }).nullish();
  const schema = z.object({ status: z.enum(values, { error: 'select_required' }), note }, { error: 'body_object' }).loose();

  const move = async (req: FastifyRequest, id: string, status: string | ((tx: Tx) => Promise<string>), body: { note?: string | null }) => {
    const ctx = requireCaller(req);
    await withTx(repo.pool, async (tx) => {
      // Read in scope first (404 otherwise); the resource may lock what its moves lock first (no deadlock), then the record.
      const peek = await repo.get(id, ctx, tx);
      const to = typeof status === 'string' ? status : await status(tx);
      await repo.hooks.lockBeforeStatus?.(peek, tx);
      const record = await repo.get(id, ctx, tx, true);
      await moveStatus(repo, tx, record, to, ctx, { note: body.note || null, body: req.body as Record<string, unknown> });
    });
    repo.onCommit();
    return ok(await repo.get(id, ctx));
  };

  app.post(`/api/v1${r.path}/:id/status`, async (req) => {
    requireCaller(req);
    const body = parseOrThrow(schema, req.body, badRequest);
    return move(req, (req.params as { id: string }).id, body.status, body);
  });

  if (!wf.alias) return;
  const alias = wf.alias;
  const via = alias.via ? repo.sameService.get(alias.via.resource) : undefined;
  if (alias.via && (!via || !(via.fields[alias.via.field]?.values ?? []).map(String).every((v) => values.includes(v)))) {
    throw new Error(
      `${r.name}: workflow.alias.via names ${alias.via.resource}.${alias.via.field}, which must be an enum of ${r.name}'s statuses in the same service`,
    );
  }
  const uuid = z.string({ error: 'select_required' }).regex(UUID_RE, { error: 'invalid' }).toLowerCase();
  const inPath = aliasIdInPath(alias);
  const aliasSchema = z
    .object(
      { ...(inPath ? {} : { [alias.id!]: uuid }), [alias.status]: via ? uuid : z.enum(values, { error: 'select_required' }), note },
      { error: 'body_object' },
    )
    .loose();
  /** The status an alias `via` another resource names: that record's (ACTIVE) field. */
  const statusVia = (sent: string) => async (tx: Tx) => {
    const { rows } = await tx.query<{ s: string }>(`SELECT ${alias.via!.field} AS s FROM ${via!.table} WHERE id = $1 AND state = 'ACTIVE'`, [sent]);
    if (!rows[0]) throw badRequest([{ path: alias.status, key: 'status_unknown' }]);
    return rows[0].s;
  };
  app.route({
    method: alias.method ?? 'POST',
    url: `/api/v1${alias.path}`,
    handler: async (req) => {
      requireCaller(req);
      const body = parseOrThrow(aliasSchema, req.body, badRequest) as Record<string, string> & { note?: string | null };
      const sent = body[alias.status]!;
      return move(req, inPath ? (req.params as { id: string }).id : body[alias.id!]!, via ? statusVia(sent) : sent, body);
    },
  });
  // The spec's other paths for some of the moves (WorkflowAlias.also): the id in the path, only their statuses.
  for (const more of alias.also ?? []) {
    const moreSchema = z
      .object({ [alias.status]: z.enum(more.to as [string, ...string[]], { error: 'select_required' }), note }, { error: 'body_object' })
      .loose();
    app.route({
      method: alias.method ?? 'POST',
      url: `/api/v1${more.path}`,
      handler: async (req) => {
        requireCaller(req);
        const body = parseOrThrow(moreSchema, req.body, badRequest) as Record<string, string> & { note?: string | null };
        return move(req, (req.params as { id: string }).id, body[alias.status]!, body);
      },
    });
  }
}
