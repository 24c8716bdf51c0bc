import type { CallerContext } from '@portal/contracts';
import { changedFields, enqueue, notFound, Params, recordActivity, type Row, type ServiceKit, type Tx } from '@portal/service-kit';

/**
 * Writes fields the workflow owns (status, hired_count, staff_id, …) on a record of this service, with the same
 * activity-log entry (an update with origin and updated data) and `portal.hr.<resource>.updated` event as a
 * repository update, in the caller's transaction.
 *
 * Why not `repository.updateIn`: it refuses any record whose approval is in progress or APPROVED (422
 * approval_locked), and an approved recruitment request or candidate is exactly when the workflow moves its status.
 * The lock is meant for users' edits; these writes are the workflow's own. (A kit option to bypass the lock would let
 * this go; until then it mirrors the repository's afterWrite.) `verb: 'deleted'` sets state INACTIVE.
 */
export async function writeWorkflow(
  kit: ServiceKit, tx: Tx, resource: string, id: string, patch: Record<string, unknown>, ctx: CallerContext,
  opts: { description?: string | null; verb?: 'updated' | 'deleted' } = {},
): Promise<Row> {
  const repo = kit.repos.get(resource)!;
  const def = repo.def;
  const verb = opts.verb ?? 'updated';
  const { rows: [before] } = await tx.query<Row>(`SELECT * FROM ${def.table} WHERE id = $1 FOR UPDATE`, [id]);
  if (!before) throw notFound();
  const values: Record<string, unknown> = { ...patch };
  if (verb === 'deleted') values.state = 'INACTIVE';
  const cols = Object.keys(values).filter((c) => c === 'state' || def.fields[c]);
  const p = new Params();
  const sets = cols.map((c) => `${c} = ${p.add(values[c])}`);
  const { rows: [after] } = await tx.query<Row>(
    `UPDATE ${def.table} SET ${[...sets, `updated_date = now()`, `updated_by = ${p.add(ctx.userId)}`].join(', ')} WHERE id = ${p.add(id)} RETURNING *`, p.values);
  const { origin, updated } = changedFields(before, after!);
  await enqueue(tx, repo.subject(verb), { id, record: after, actor_id: ctx.userId });
  const dept = def.scope?.staffDepartment;
  await recordActivity(tx, ctx, {
    domain: def.domain, resource: def.name, recordId: id, action: verb === 'deleted' ? 'delete' : 'update', feature: def.feature,
    description: opts.description ?? undefined, originData: origin, updatedData: updated,
    departmentId: dept ? ((after![dept] as string | null) ?? null) : null,
  });
  return after!;
}

/**
 * The next code `<prefix><number>` of a table (UV000123, NV051): one past the highest such code ever given (inactive
 * records included, so a code is never reused), under a transaction-scoped advisory lock so that concurrent
 * creations take different numbers.
 */
export async function nextCode(tx: Tx, table: string, prefix: string, width: number): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code:${table}`]);
  const { rows } = await tx.query<{ n: string }>(
    `SELECT coalesce(max(substring(code from ${prefix.length + 1})::bigint), 0) AS n FROM ${table} WHERE code ~* $1`, [`^${prefix}[0-9]{1,12}$`]);
  return `${prefix}${String(Number(rows[0]?.n ?? 0) + 1).padStart(width, '0')}`;
}

/** A date column as YYYY-MM-DD. */
export const isoDate = (v: unknown): string | null => (v instanceof Date ? v.toISOString().slice(0, 10) : v ? String(v).slice(0, 10) : null);
