import { staffLeave, type LeaveReport } from '@portal/contracts';
import { Params, scopeCondition, type ReportRun } from '@portal/service-kit';
import { inSubtree, where } from './sql';

/**
 * Leave taken in a year: approved leave requests (state ACTIVE) in the caller's leave scope (their departments, and
 * their own), split into the working days they cover in each month — weekends and (active) holidays are not leave
 * days, as when the request's days were counted (services/hr/src/leave.ts). A request across New Year counts only
 * its days in the year. Department filter: the department the leave was filed under.
 */
export async function leaveTaken({ db, ctx, q }: ReportRun<{ year: number; organizationId: string | null }>): Promise<LeaveReport> {
  const p = new Params();
  const start = `make_date(${p.add(q.year)}::int, 1, 1)`;
  const end = `make_date(${p.add(q.year)}::int, 12, 31)`;
  const scope = scopeCondition(staffLeave, ctx, p, 'l');
  const org = inSubtree(['l.department_id'], q.organizationId, p);
  const { rows } = await db.query<{ month: number; leave_type_id: string | null; name: string | null; days: number; requests: number }>(
    `WITH taken AS (
       SELECT l.id, l.leave_type_id, g::date AS day
         FROM staff_leave l
         CROSS JOIN LATERAL generate_series(greatest(l.from_date, ${start}), least(l.to_date, ${end}), interval '1 day') g
         ${where(
           `l.state = 'ACTIVE'`,
           `l.approval_status = 'APPROVED'`,
           `l.from_date <= ${end}`,
           `l.to_date >= ${start}`,
           scope,
           org,
           `extract(isodow FROM g) < 6`,
           `NOT EXISTS (SELECT 1 FROM holiday h WHERE h.state = 'ACTIVE' AND g::date BETWEEN h.from_date AND h.to_date)`,
         )}
     )
     SELECT extract(month FROM k.day)::int AS month, k.leave_type_id, lt.name, count(*)::int AS days, count(DISTINCT k.id)::int AS requests
       FROM taken k LEFT JOIN leave_type lt ON lt.id = k.leave_type_id
      GROUP BY GROUPING SETS ((extract(month FROM k.day), k.leave_type_id, lt.name), ())
      ORDER BY 1 NULLS LAST, lt.name NULLS LAST`,
    p.values,
  );
  // The empty grouping set is the grand total (month null): the distinct requests of the whole year.
  const total = rows.find((r) => r.month === null);
  const cells = rows.filter((r) => r.month !== null);
  const byType = new Map<string | null, { leave_type_id: string | null; name: string | null; days: number }>();
  for (const r of cells) {
    const e = byType.get(r.leave_type_id) ?? { leave_type_id: r.leave_type_id, name: r.name, days: 0 };
    e.days += r.days;
    byType.set(r.leave_type_id, e);
  }
  return {
    year: q.year,
    totalDays: total?.days ?? 0,
    requests: total?.requests ?? 0,
    byMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, days: cells.filter((r) => r.month === i + 1).reduce((n, r) => n + r.days, 0) })),
    byType: [...byType.values()].sort((a, b) => b.days - a.days),
    rows: cells.map(({ month, leave_type_id, name, days }) => ({ month, leave_type_id, name, days })),
  };
}
