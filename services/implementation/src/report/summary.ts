import { z } from 'zod';
import { implementationProject, MONEY_HELD, moneyTotal, type ImplementationStatus, type ImplementationSummaryReport } from '@portal/contracts';
import { badRequest, Params, parseOrThrow, scopeCondition, type ReportRun } from '@portal/service-kit';

export interface SummaryQuery {
  implementationId: string | null;
}

/** `?f_implementation_id` (one project; every one in the caller's scope without). */
export function summaryQuery(raw: unknown): SummaryQuery {
  const q = parseOrThrow(z.object({ f_implementation_id: z.uuid({ error: 'invalid' }).optional() }).loose(), raw ?? {}, badRequest);
  return { implementationId: q.f_implementation_id?.toLowerCase() ?? null };
}

type Money = { committed: string; requested: string; paid: string; left_to_pay: string };

/**
 * The money of the caller's projects (contracts implementation/report.ts), in SQL over the snapshot the kit opened:
 * committed = the approved budgets' payable (cost + approved additional work); requested = the payment orders holding
 * money (MONEY_HELD); paid = what their confirmed confirmations add up to; left to pay = committed − paid — each summed
 * by PostgreSQL in exact numerics, never row by row here.
 */
export async function summary(run: ReportRun<SummaryQuery>): Promise<ImplementationSummaryReport> {
  const { db, q, ctx, kit } = run;
  const p = new Params();
  const where = [`t.state = 'ACTIVE'`, q.implementationId ? `t.id = ${p.add(q.implementationId)}` : '', scopeCondition(implementationProject, ctx, p, 't')]
    .filter(Boolean)
    .join(' AND ');
  const held = p.add([...MONEY_HELD]);
  const { rows: projects } = await db.query<
    Money & { id: string; code: string; name: string; status: ImplementationStatus; progress: number; contract_value: string | null }
  >(
    `WITH pr AS (SELECT t.id, t.code, t.name, t.status, t.progress, t.contract_value FROM implementation_project t WHERE ${where}),
          bu AS (SELECT b.implementation_id, coalesce(sum(b.payable), 0) AS committed FROM subcontractor_budget b JOIN pr ON pr.id = b.implementation_id
                  WHERE b.state = 'ACTIVE' AND b.status = 'APPROVED' GROUP BY 1),
          po AS (SELECT o.implementation_id, coalesce(sum(o.amount), 0) AS requested, coalesce(sum(o.paid_amount), 0) AS paid
                   FROM payment_order o JOIN pr ON pr.id = o.implementation_id
                  WHERE o.state = 'ACTIVE' AND o.approval_status = ANY(${held}::text[]) GROUP BY 1)
     SELECT pr.id, pr.code, pr.name, pr.status, pr.progress, pr.contract_value::text,
            coalesce(bu.committed, 0)::text AS committed, coalesce(po.requested, 0)::text AS requested, coalesce(po.paid, 0)::text AS paid,
            (coalesce(bu.committed, 0) - coalesce(po.paid, 0))::text AS left_to_pay
       FROM pr LEFT JOIN bu ON bu.implementation_id = pr.id LEFT JOIN po ON po.implementation_id = pr.id
      ORDER BY pr.code`,
    p.values,
  );
  const ids = projects.map((r) => r.id);
  const { rows: subs } = await db.query<Money & { contractor_id: string; budgets: number }>(
    `WITH bu AS (SELECT b.contractor_id, count(*)::int AS budgets, coalesce(sum(b.payable), 0) AS committed FROM subcontractor_budget b
                  WHERE b.state = 'ACTIVE' AND b.status = 'APPROVED' AND b.implementation_id = ANY($1::uuid[]) GROUP BY 1),
          po AS (SELECT o.contractor_id, coalesce(sum(o.amount), 0) AS requested, coalesce(sum(o.paid_amount), 0) AS paid FROM payment_order o
                  WHERE o.state = 'ACTIVE' AND o.approval_status = ANY($2::text[]) AND o.implementation_id = ANY($1::uuid[]) GROUP BY 1)
     SELECT coalesce(bu.contractor_id, po.contractor_id) AS contractor_id, coalesce(bu.budgets, 0) AS budgets,
            coalesce(bu.committed, 0)::text AS committed, coalesce(po.requested, 0)::text AS requested, coalesce(po.paid, 0)::text AS paid,
            (coalesce(bu.committed, 0) - coalesce(po.paid, 0))::text AS left_to_pay
       FROM bu FULL JOIN po ON po.contractor_id = bu.contractor_id
      ORDER BY coalesce(bu.committed, 0) - coalesce(po.paid, 0) DESC`,
    [ids, [...MONEY_HELD]],
  );
  const names = await kit.titles.of(
    'contractor',
    subs.map((s) => s.contractor_id),
    { ctx },
  );
  const total = (k: keyof Money) => moneyTotal(projects.map((r) => r[k]));
  return {
    projects: projects.length,
    contract_value: moneyTotal(projects.map((r) => r.contract_value)),
    committed: total('committed'),
    requested: total('requested'),
    paid: total('paid'),
    left_to_pay: total('left_to_pay'),
    by_project: projects.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      status: r.status,
      progress: r.progress,
      contract_value: moneyTotal([r.contract_value]),
      committed: moneyTotal([r.committed]),
      requested: moneyTotal([r.requested]),
      paid: moneyTotal([r.paid]),
      left_to_pay: moneyTotal([r.left_to_pay]),
    })),
    by_subcontractor: subs.map((r) => ({
      contractor: names.get(r.contractor_id.toLowerCase()) ?? null,
      budgets: r.budgets,
      committed: moneyTotal([r.committed]),
      requested: moneyTotal([r.requested]),
      paid: moneyTotal([r.paid]),
      left_to_pay: moneyTotal([r.left_to_pay]),
    })),
  };
}
