import {
  ASSET_REPAIR_REPORT,
  ASSET_REPORT,
  ASSET_STATUS_REPORT,
  asset,
  moneyTotal,
  repairAsset,
  type AssetReport,
  type AssetStatusReport,
  type MoneyTotal,
  type RepairReport,
} from '@portal/contracts';
import { defineReport, inTurn, Params, reportPeriod, reportRoutes, reportYear, scopeCondition, type ReportRun, type ServiceKit } from '@portal/service-kit';
import type { FastifyInstance } from 'fastify';

/** ACTIVE assets (alias a) in the caller's scope, as SQL, with the statement's own parameters (`p`, to add more to). */
function assetsOf(run: ReportRun<unknown>): { w: string; p: Params } {
  const p = new Params();
  return { w: [`a.state = 'ACTIVE'`, scopeCondition(asset, run.ctx, p, 'a')].filter(Boolean).join(' AND '), p };
}

async function assets(run: ReportRun<{ year: number }>): Promise<AssetReport> {
  const { db, q } = run;
  const { w, p } = assetsOf(run);
  const liquidations = assetsOf(run);
  const y = liquidations.p.add(q.year);
  const [category, status, kind, liquidated] = await inTurn(
    () =>
      db.query<{ type_name: string; group_name: string | null; count: number; total_price: MoneyTotal }>(
        `SELECT t.name AS type_name, g.name AS group_name, count(*)::int AS count, coalesce(sum(a.purchase_price), 0) AS total_price
           FROM asset a JOIN asset_type t ON t.id = a.type_id LEFT JOIN asset_group g ON g.id = a.group_id
          WHERE ${w} GROUP BY t.name, g.name ORDER BY t.name, g.name NULLS LAST`,
        p.values,
      ),
    () =>
      db.query<{ status: AssetReport['asset_count_by_status'][number]['status']; count: number; total_price: MoneyTotal }>(
        `SELECT a.status, count(*)::int AS count, coalesce(sum(a.purchase_price), 0) AS total_price FROM asset a WHERE ${w} GROUP BY a.status ORDER BY count(*) DESC, a.status`,
        p.values,
      ),
    () => db.query<{ kind: string; count: number }>(`SELECT a.kind, count(*)::int AS count FROM asset a WHERE ${w} GROUP BY a.kind ORDER BY a.kind`, p.values),
    () =>
      db.query<{ type_name: string; count: number; purchase_price: MoneyTotal; liquidation_price: MoneyTotal }>(
        `SELECT t.name AS type_name, count(*)::int AS count, coalesce(sum(a.purchase_price), 0) AS purchase_price, coalesce(sum(a.liquidation_price), 0) AS liquidation_price
           FROM asset a JOIN asset_type t ON t.id = a.type_id
          WHERE ${liquidations.w} AND a.status = 'LIQUIDATION' AND extract(year FROM a.liquidation_date) = ${y}
          GROUP BY t.name ORDER BY t.name`,
        liquidations.p.values,
      ),
  );
  return {
    year: q.year,
    total: status.rows.reduce((s, r) => s + r.count, 0),
    total_price: moneyTotal(status.rows.map((r) => r.total_price)),
    liquidated: liquidated.rows.reduce((s, r) => s + r.count, 0),
    liquidation_price: moneyTotal(liquidated.rows.map((r) => r.liquidation_price)),
    asset_count_by_category: category.rows,
    asset_count_by_status: status.rows.map(({ status: s, count }) => ({ status: s, count })),
    asset_total_price_by_status: status.rows.map(({ status: s, total_price }) => ({ status: s, total_price })),
    asset_count_by_kind: kind.rows,
    liquidation_total_price_by_category: liquidated.rows,
  };
}

async function status(run: ReportRun<Record<string, never>>): Promise<AssetStatusReport> {
  const { db, kit } = run;
  const { w, p } = assetsOf(run);
  const figuresOf = assetsOf(run);
  const today = figuresOf.p.add(kit.today());
  const [byDept, inspections, figures] = await inTurn(
    () =>
      db.query<{ department_id: string | null; status: AssetStatusReport['by_department'][number]['status']; count: number }>(
        `SELECT a.department_id, a.status, count(*)::int AS count FROM asset a WHERE ${w} GROUP BY a.department_id, a.status ORDER BY a.department_id, a.status`,
        p.values,
      ),
    () =>
      db.query<{ department_id: string | null; inspection_state: AssetStatusReport['inspection_by_department'][number]['inspection_state']; count: number }>(
        `SELECT a.department_id, a.inspection_state, count(*)::int AS count FROM asset a WHERE ${w} AND a.inspection_state IS NOT NULL
          GROUP BY a.department_id, a.inspection_state ORDER BY a.department_id, a.inspection_state`,
        p.values,
      ),
    () =>
      db.query<{ total: number; due: number; overdue: number; insurance_ending: number; in_repair: number; handovers_waiting: number }>(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE a.inspection_state = 'DUE')::int AS due,
                count(*) FILTER (WHERE a.inspection_state = 'OVERDUE')::int AS overdue,
                count(*) FILTER (WHERE a.status <> 'LIQUIDATION' AND a.insured_until BETWEEN ${today}::date AND ${today}::date + 30)::int AS insurance_ending,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM repair_asset r WHERE r.asset_id = a.id AND r.state = 'ACTIVE' AND r.status = 'SENT'))::int AS in_repair,
                count(*) FILTER (WHERE a.status = 'HAND_OVER')::int AS handovers_waiting
           FROM asset a WHERE ${figuresOf.w}`,
        figuresOf.p.values,
      ),
  );
  const depts = [...byDept.rows, ...inspections.rows] as Record<string, unknown>[];
  await kit.titles.decorate(asset, depts, ['department_id']);
  const name = (r: Record<string, unknown>) => (r.department_id__title as string | undefined) ?? null;
  const f = figures.rows[0]!;
  return {
    total: f.total,
    inspections: { due: f.due, overdue: f.overdue },
    insurance_ending: f.insurance_ending,
    in_repair: f.in_repair,
    handovers_waiting: f.handovers_waiting,
    by_department: byDept.rows.map((r) => ({ department_name: name(r), status: r.status, count: r.count })),
    inspection_by_department: inspections.rows.map((r) => ({ department_name: name(r), inspection_state: r.inspection_state, count: r.count })),
  };
}

async function repairs(run: ReportRun<{ from: string; to: string }>): Promise<RepairReport> {
  const { db, q } = run;
  const p = new Params();
  const w = [
    `r.state = 'ACTIVE'`,
    `r.status <> 'CANCELLED'`,
    `r.sent_date BETWEEN ${p.add(q.from)}::date AND ${p.add(q.to)}::date`,
    scopeCondition(repairAsset, run.ctx, p, 'r'),
  ]
    .filter(Boolean)
    .join(' AND ');
  const { rows } = await db.query<{ company_name: string; repairs: number; returned: number; cost: MoneyTotal; downtime_days: number; mean: string | null }>(
    `SELECT c.name AS company_name, count(*)::int AS repairs, count(*) FILTER (WHERE r.status = 'RETURNED')::int AS returned,
            coalesce(sum(r.cost), 0) AS cost, coalesce(sum(r.downtime_days), 0)::int AS downtime_days, round(avg(r.downtime_days), 1) AS mean
       FROM repair_asset r JOIN repair_company c ON c.id = r.company_id
      WHERE ${w} GROUP BY c.name ORDER BY sum(r.cost) DESC, c.name`,
    p.values,
  );
  return {
    ...q,
    repairs: rows.reduce((s, r) => s + r.repairs, 0),
    cost: moneyTotal(rows.map((r) => r.cost)),
    downtime_days: rows.reduce((s, r) => s + r.downtime_days, 0),
    by_company: rows.map(({ mean, ...r }) => ({ ...r, mean_downtime_days: mean === null ? null : Number(mean) })),
  };
}

/** The asset reports (contracts assets/reports.ts): each read in one snapshot, in the caller's scope of assets. */
export function assetReports(app: FastifyInstance, kit: ServiceKit) {
  reportRoutes(app, kit, [
    defineReport({ report: ASSET_REPORT, counts: [asset], query: (raw, today) => reportYear(raw, today), run: assets }),
    defineReport({ report: ASSET_STATUS_REPORT, counts: [asset], query: () => ({}), run: status }),
    defineReport({ report: ASSET_REPAIR_REPORT, counts: [asset], query: (raw, today) => reportPeriod(raw, today), run: repairs }),
  ]);
}
