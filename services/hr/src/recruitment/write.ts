import type { CallerContext } from '@portal/contracts';
import type { Row, ServiceKit, Tx } from '@portal/service-kit';

/**
 * Writes fields the workflow owns (status, hired_count, staff_id, …) through the resource's repository as a workflow
 * write (no approval lock: an approved request or candidate is exactly when the workflow moves its status), with the
 * activity entry and event of any update. `verb: 'deleted'` deactivates the record.
 */
export function writeWorkflow(
  kit: ServiceKit,
  tx: Tx,
  resource: string,
  id: string,
  patch: Record<string, unknown>,
  ctx: CallerContext,
  opts: { description?: string | null; verb?: 'updated' | 'deleted' } = {},
): Promise<Row> {
  const repo = kit.repos.get(resource)!;
  const write = { workflow: true, description: opts.description };
  return opts.verb === 'deleted' ? repo.deactivateIn(tx, id, ctx, write) : repo.updateIn(tx, id, patch, ctx, 'update', write);
}
