import { CONTRACT_TYPE, isoDay, staff, type CallerContext, type ContractTypeKey, type ContractTypesReport } from '@portal/contracts';
import { inTurn, Params, scopeCondition, type ReportRun } from '@portal/service-kit';
import { inSubtree, where } from './sql';

/**
 * Labor contracts in force on `date` (today): status Effective (1), document a contract (annexes amend a contract and
 * are not counted again), of a staff record (state ACTIVE) in the caller's scope. A contract whose end date has passed
 * is not in force; it is counted apart as `overdue` so HR can mark it expired.
 */
function base(ctx: CallerContext, q: { organizationId: string | null }, p: Params) {
  return [
    `c.state = 'ACTIVE'`,
    `c.status = 1`,
    `coalesce(c.document_type, 'CONTRACT') = 'CONTRACT'`,
    `s.state = 'ACTIVE'`,
    scopeCondition(staff, ctx, p, 's'),
    inSubtree(['s.department_id', 's.unit_id'], q.organizationId, p),
  ];
}
const FROM = 'FROM labor_contract c JOIN staff s ON s.id = c.staff_id';

export async function contractTypes({ db, ctx, q }: ReportRun<{ date: string; organizationId: string | null }>): Promise<ContractTypesReport> {
  const figures = async () => {
    const p = new Params();
    const d = `${p.add(q.date)}::date`;
    const { rows } = await db.query<{ type: number | null; in_force: number; within30: number; within60: number; overdue: number }>(
      `SELECT c.type,
              count(*) FILTER (WHERE c.end_date IS NULL OR c.end_date >= ${d})::int AS in_force,
              count(*) FILTER (WHERE c.end_date BETWEEN ${d} AND ${d} + 30)::int AS within30,
              count(*) FILTER (WHERE c.end_date BETWEEN ${d} AND ${d} + 60)::int AS within60,
              count(*) FILTER (WHERE c.end_date < ${d})::int AS overdue
         ${FROM} ${where(...base(ctx, q, p))} GROUP BY c.type`,
      p.values,
    );
    return rows;
  };
  const soon = async () => {
    const p = new Params();
    const d = `${p.add(q.date)}::date`;
    const { rows } = await db.query<{
      id: string;
      staff_id: string;
      staff_name: string | null;
      department_name: string | null;
      type: ContractTypeKey;
      end_date: string;
      days_left: number;
    }>(
      `SELECT c.id, c.staff_id, s.full_name AS staff_name, o.name AS department_name, c.type, c.end_date, (c.end_date - ${d})::int AS days_left
         ${FROM} LEFT JOIN organization o ON o.id = s.department_id
         ${where(...base(ctx, q, p), `c.end_date BETWEEN ${d} AND ${d} + 60`)}
        ORDER BY c.end_date, s.full_name, c.id LIMIT 20`,
      p.values,
    );
    return rows;
  };
  const [byType, expiringSoon] = await inTurn(figures, soon);
  const total = (k: 'in_force' | 'within30' | 'within60' | 'overdue') => byType.reduce((n, r) => n + r[k], 0);
  return {
    date: q.date,
    total: total('in_force'),
    byType: CONTRACT_TYPE.map((type) => ({ type, count: byType.find((r) => r.type === type)?.in_force ?? 0 })),
    expiring: { within30: total('within30'), within60: total('within60') },
    overdue: total('overdue'),
    expiringSoon: expiringSoon.map((r) => ({ ...r, end_date: isoDay(r.end_date)! /* expiring contracts have an end date */ })),
  };
}
