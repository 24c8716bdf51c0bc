import { staff, type HeadCountReport, type StaffStatusKey } from '@portal/contracts';
import { Params, scopeCondition, type ReportRun } from '@portal/service-kit';
import { inSubtree, UNIT_OF_CTE, where } from './sql';

/** A status change that sets a status (a TRANSFER with a destination is an internal move: the status stays). */
const SETS_STATUS = `NOT (c.status = 'TRANSFER' AND (c.to_unit_id IS NOT NULL OR c.to_department_id IS NOT NULL OR c.to_position_id IS NOT NULL))`;

/**
 * Head count on a date: staff records (state ACTIVE, in the caller's scope) employed that day — entered on or before
 * it (no entry date: created on or before it), not yet severed (severance day after it), and whose status that day
 * was neither QUIT nor TRANSFER (transferred out). The status on the day comes from the status changes: the last one
 * effective by then, else the previous status of the first one after it, else the record's status. Unit and
 * department are the staff member's current ones.
 */
export async function headCount({ db, ctx, q }: ReportRun<{ date: string; organizationId: string | null }>): Promise<HeadCountReport> {
  const p = new Params();
  const d = `${p.add(q.date)}::date`;
  const scope = scopeCondition(staff, ctx, p);
  const org = inSubtree(['t.department_id', 't.unit_id'], q.organizationId, p);
  const { rows } = await db.query<HeadCountReport['rows'][number]>(
    `WITH RECURSIVE ${UNIT_OF_CTE},
     counted AS (
       SELECT t.department_id, coalesce(ud.unit_id, uu.unit_id) AS unit_id, coalesce(x.status, 'UNKNOWN') AS status
         FROM staff t
         LEFT JOIN unit_of ud ON ud.org_id = t.department_id
         LEFT JOIN unit_of uu ON uu.org_id = t.unit_id
         CROSS JOIN LATERAL (SELECT coalesce(
           (SELECT c.status FROM staff_status c WHERE c.staff_id = t.id AND c.state = 'ACTIVE' AND c.effective_date <= ${d} AND ${SETS_STATUS}
             ORDER BY c.effective_date DESC, c.created_date DESC LIMIT 1),
           (SELECT c.from_status FROM staff_status c WHERE c.staff_id = t.id AND c.state = 'ACTIVE' AND c.effective_date > ${d} AND ${SETS_STATUS}
             ORDER BY c.effective_date, c.created_date LIMIT 1),
           t.status) AS status) x
         ${where(
           `t.state = 'ACTIVE'`,
           `coalesce(t.entry_date, t.created_date::date) <= ${d}`,
           `(t.severance_date IS NULL OR t.severance_date > ${d})`,
           `coalesce(x.status, '') NOT IN ('QUIT', 'TRANSFER')`,
           scope,
           org,
         )}
     )
     SELECT k.unit_id, u.name AS unit_name, k.department_id, dp.name AS department_name, k.status, count(*)::int AS count
       FROM counted k
       LEFT JOIN organization u ON u.id = k.unit_id
       LEFT JOIN organization dp ON dp.id = k.department_id
      GROUP BY k.unit_id, u.name, k.department_id, dp.name, k.status
      ORDER BY u.name NULLS LAST, dp.name NULLS LAST, k.status`,
    p.values,
  );

  const sum = <K>(key: (r: (typeof rows)[number]) => K) => {
    const m = new Map<K, { first: (typeof rows)[number]; count: number }>();
    for (const r of rows) {
      const k = key(r);
      const e = m.get(k);
      if (e) e.count += r.count;
      else m.set(k, { first: r, count: r.count });
    }
    return [...m.values()].sort((a, b) => b.count - a.count);
  };
  return {
    date: q.date,
    total: rows.reduce((n, r) => n + r.count, 0),
    byStatus: sum((r) => r.status).map((e) => ({ status: e.first.status as StaffStatusKey, count: e.count })),
    byUnit: sum((r) => r.unit_id).map((e) => ({ id: e.first.unit_id, name: e.first.unit_name, count: e.count })),
    byDepartment: sum((r) => r.department_id).map((e) => ({
      id: e.first.department_id,
      name: e.first.department_name,
      unit_id: e.first.unit_id,
      count: e.count,
    })),
    rows,
  };
}
