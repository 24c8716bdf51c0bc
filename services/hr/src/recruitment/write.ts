import type { CallerContext } from '@portal/contracts';
import type { Row, ServiceKit, Tx } from '@portal/service-kit';

/**
 * Writes fields the workflow owns (status, hired_count, staff_id, …) through the resource's repository as a workflow
 * write (no approval lock: an approved request or candidate is exactly when the workflow moves its status), with the
 * activity entry and event of any update. `verb: 'deleted'` deactivates the record.
 */
export function writeWorkflow(
  kit: ServiceKit, tx: Tx, resource: string, id: string, patch: Record<string, unknown>, ctx: CallerContext,
  opts: { description?: string | null; verb?: 'updated' | 'deleted' } = {},
): Promise<Row> {
  const repo = kit.repos.get(resource)!;
  const write = { workflow: true, description: opts.description };
  return opts.verb === 'deleted' ? repo.deactivateIn(tx, id, ctx, write) : repo.updateIn(tx, id, patch, ctx, 'update', write);
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
