/**
 * Two properties of who may move and share a record, checked around every generated write of the resources
 * they concern (writes-property.ts):
 *
 * (a) no record reaches a status its workflow gates behind approval (`acts.approved`) without the approval engine's
 *     approval by someone other than its requester — unless no approval applies to it at all (no approvers named, no
 *     flow configured for its document type, never sent);
 * (b) nobody changes who may read a record (a `share` field group: visibility, named readers, handler) unless they are
 *     one of the actors the group names for the record as it was (its keeper).
 *
 * The table's rows are read before and after the write (only the columns these rules read): every way in — an edit, an
 * import row, a bulk write, a status move, its alias — is caught by what changed, not by which route was called.
 */
import { isActor, type Action, type CallerContext, type Feature, type ResourceDef } from '@portal/contracts';
import type { Pool } from 'pg';

export interface ActsSnapshot {
  def: ResourceDef;
  rows: Map<string, Record<string, unknown>>;
}

/** The resources these properties concern: a workflow gated by approval, or fields that decide readership. */
export const actsConcern = (r: ResourceDef | undefined): r is ResourceDef => Boolean(r?.acts?.approved?.length || r?.acts?.fields?.some((g) => g.share));

const shareFields = (r: ResourceDef) => (r.acts?.fields ?? []).filter((g) => g.share).flatMap((g) => g.fields);

/** The columns (a) and (b) read of every row of `r`'s table. */
export async function actsSnapshot(pool: Pool, r: ResourceDef): Promise<ActsSnapshot> {
  const cols = new Set([
    'id',
    'created_by',
    ...shareFields(r),
    ...Object.values(r.actors ?? {}).flatMap((a) => ('staff' in a ? [a.staff] : [])),
    ...(r.scope?.staffDepartment ? [r.scope.staffDepartment] : []),
  ]);
  if (r.workflow) cols.add(r.workflow.field);
  if (r.approval) {
    cols.add(r.approval.statusField ?? 'approval_status');
    if (r.approval.approversField) cols.add(r.approval.approversField);
  }
  const { rows } = await pool.query(`SELECT ${[...cols].join(', ')} FROM ${r.table}`);
  return { def: r, rows: new Map(rows.map((x) => [String(x.id), x])) };
}

/** The writer as the declared actors read a caller. */
export interface Writer {
  userId: string;
  staffId: string | null;
  admin: boolean;
  ability: Set<string>;
  depts: Set<string> | null;
}

const contextOf = (a: Writer): CallerContext =>
  ({
    userId: a.userId,
    staffId: a.staffId,
    isAdmin: a.admin,
    sessionId: '',
    departmentId: null,
    roleIds: [],
    name: '',
    lang: 'en',
    ip: '',
    userAgent: '',
    ability: [...a.ability].map((x) => ({ action: x.split(':')[0] as Action, subject: x.split(':')[1] as Feature })),
    staffScope: { type: 'VIEW_SPECIFIC_DEPARTMENT', departmentIds: a.depts ? [...a.depts] : null },
    projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
  }) as CallerContext;

const same = (x: unknown, y: unknown) => JSON.stringify(norm(x)) === JSON.stringify(norm(y));
// Readership as it reads: no list and an empty list name nobody alike; ids in one form, in any order.
const norm = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.length
      ? [...v].map((x) => String(x).toLowerCase()).sort()
      : null
    : v === undefined || v === ''
      ? null
      : v instanceof Date
        ? v.toISOString()
        : v;

/** What (a) and (b) find wrong between `before` and the table now, for a write by `a`: one line each. */
export async function actsViolations(pool: Pool, before: ActsSnapshot, a: Writer): Promise<string[]> {
  const r = before.def;
  const after = await actsSnapshot(pool, r);
  const found: string[] = [];
  const gated = r.acts?.approved ?? [];
  for (const [id, now] of after.rows) {
    const was = before.rows.get(id);
    if (!was) continue;
    // (a) a move into a gated status.
    if (r.workflow && gated.includes(String(now[r.workflow.field])) && now[r.workflow.field] !== was[r.workflow.field]) {
      const {
        rows: [ok],
      } = await pool.query<{ approved: boolean; unconditioned: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM approval_request rq JOIN approval_step st ON st.request_id = rq.id
                         WHERE rq.resource = $1 AND rq.record_id = $2 AND rq.status = 'APPROVED' AND st.action = 'APPROVE'
                           AND st.actor_id <> rq.submitted_by AND st.actor_id IS DISTINCT FROM $3) AS approved,
                ($4::text = 'DRAFT' AND NOT $5::boolean AND NOT EXISTS (SELECT 1 FROM approval_flow f WHERE f.document_type = $6 AND f.state = 'ACTIVE')) AS unconditioned`,
        [
          r.name,
          id,
          now.created_by,
          String(now[r.approval!.statusField ?? 'approval_status'] ?? 'DRAFT'),
          Boolean(r.approval!.approversField && (now[r.approval!.approversField] as unknown[] | null)?.length),
          r.approval!.documentType,
        ],
      );
      if (!ok!.approved && !ok!.unconditioned)
        found.push(`(a) ${r.name} ${id} reached ${String(now[r.workflow.field])} without an approval by someone other than its requester`);
    }
    // (b) readership changed by someone who is not its keeper.
    for (const g of (r.acts?.fields ?? []).filter((x) => x.share)) {
      const changed = g.fields.filter((k) => !same(now[k], was[k]));
      if (!changed.length) continue;
      const keeper = g.by.some((b) => isActor(r.actors!, b, was, contextOf(a), r.feature, r.scope?.staffDepartment));
      if (!keeper) found.push(`(b) ${r.name} ${id}: ${changed.join(', ')} changed by ${a.userId}, who is not ${g.by.join(' or ')}`);
    }
  }
  return found;
}
