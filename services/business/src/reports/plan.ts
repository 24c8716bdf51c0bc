import { z } from 'zod';
import {
  bid,
  businessContract,
  moneyTotal,
  PLAN_ITEM,
  PLAN_VALUE_ITEMS,
  PORTAL_TIME_ZONE,
  project,
  type ChartDetailReport,
  type MoneyTotal,
  type PlanChartReport,
  type PlanItem,
  type ResourceDef,
} from '@portal/contracts';
import { badRequest, Params, parseOrThrow, reportYear, scopeCondition, type ReportRun } from '@portal/service-kit';

export interface PlanQuery {
  year: number;
  sale_code: string | null;
}

const blank = (v: unknown) => (v === '' ? undefined : v);
const saleCode = z.preprocess(blank, z.string().trim().max(20, { error: 'max_length|{"n":20}' }).optional());

/** `?f_main_year` (this year by default, the company's) and `?f_sale_code` (all plans without). */
export function planQuery(raw: unknown, today: string): PlanQuery {
  const q = parseOrThrow(z.object({ f_sale_code: saleCode }).loose(), raw ?? {}, badRequest);
  return { ...reportYear(raw, today, 'f_main_year'), sale_code: q.f_sale_code || null };
}

/** As the plan's report, and `?item` (required: one of the plan's items). */
export function chartDetailQuery(raw: unknown, today: string): PlanQuery & { item: PlanItem } {
  const q = parseOrThrow(z.object({ item: z.enum(PLAN_ITEM, { error: 'select_required' }) }).loose(), raw ?? {}, badRequest);
  return { ...planQuery(raw, today), item: q.item };
}

type Monthly = Map<number, string>;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const percent = (actual: number, target: number) => (target > 0 ? Math.round((actual * 1000) / target) / 10 : null);

/**
 * What the business records show for each item, month by month (contracts business/plan.ts says how each is measured):
 * within the caller's project scope, and — for one sales code — of the projects of its plans' departments.
 */
async function actuals(run: ReportRun<PlanQuery>, departments: string[] | null): Promise<Record<PlanItem, Monthly>> {
  const { db, q, ctx } = run;
  const measure = async (def: ResourceDef, alias: string, from: string, date: string, value: string, where: string) => {
    const p = new Params();
    const conditions = [
      `${alias}.state = 'ACTIVE'`,
      where,
      `extract(year FROM ${date}) = ${p.add(q.year)}`,
      departments ? `p.department_id = ANY(${p.add(departments)}::uuid[])` : '',
      scopeCondition(def, ctx, p, alias),
    ].filter(Boolean);
    const { rows } = await db.query<{ month: number; v: string }>(
      `SELECT extract(month FROM ${date})::int AS month, ${value}::text AS v FROM ${from} WHERE ${conditions.join(' AND ')} GROUP BY 1`,
      p.values,
    );
    return new Map(rows.map((r) => [r.month, r.v]));
  };
  const created = `(p.created_date AT TIME ZONE '${PORTAL_TIME_ZONE}')`;
  const bids = 'bid b JOIN project p ON p.id = b.project_id';
  return {
    CONTRACT_VALUE: await measure(
      businessContract,
      'c',
      'business_contract c JOIN project p ON p.id = c.project_id',
      'c.signed_date',
      'coalesce(sum(c.value), 0)',
      `c.status <> 'DRAFT' AND c.signed_date IS NOT NULL`,
    ),
    WON_VALUE: await measure(bid, 'b', bids, 'b.result_date', 'coalesce(sum(b.bid_price), 0)', `b.status = 'WON'`),
    BIDS_SUBMITTED: await measure(bid, 'b', bids, 'b.deadline', 'count(*)', `b.status IN ('SUBMITTED', 'WON', 'LOST')`),
    BIDS_WON: await measure(bid, 'b', bids, 'b.result_date', 'count(*)', `b.status = 'WON'`),
    NEW_PROJECTS: await measure(project, 'p', 'project p', created, 'count(*)', 'true'),
  };
}

/**
 * The targets of the year's approved plans (of one sales code, or all), item by month — the value items in đồng (their
 * lines are in million VND: to the đồng, exactly, in SQL) — and the plans counted, and their departments.
 */
async function targets(run: ReportRun<PlanQuery>) {
  const { db, q } = run;
  const p = new Params();
  const plans = [`pl.state = 'ACTIVE'`, `pl.main_year = ${p.add(q.year)}`, q.sale_code ? `lower(pl.sale_code) = lower(${p.add(q.sale_code)})` : ''].filter(
    Boolean,
  );
  const counted = await db.query<{ plans: number; approved: number; departments: string[] }>(
    `SELECT count(*)::int AS plans, count(*) FILTER (WHERE status = 'APPROVED')::int AS approved,
            coalesce(array_agg(DISTINCT department_id), '{}') AS departments
       FROM business_plan pl WHERE ${plans.join(' AND ')}`,
    p.values,
  );
  const months = MONTHS.map(
    (m) => `CASE WHEN l.item = ANY(${p.add(PLAN_VALUE_ITEMS)}::text[]) THEN round(sum(l.m${m}) * 1000000) ELSE sum(l.m${m}) END::text AS m${m}`,
  );
  const { rows } = await db.query<Record<string, string | null> & { item: PlanItem }>(
    `SELECT l.item, ${months.join(', ')} FROM business_plan_line l JOIN business_plan pl ON pl.id = l.plan_id
      WHERE l.state = 'ACTIVE' AND pl.status = 'APPROVED' AND ${plans.join(' AND ')} GROUP BY l.item`,
    p.values,
  );
  const byItem = Object.fromEntries(PLAN_ITEM.map((i) => [i, new Map<number, string>()])) as Record<PlanItem, Monthly>;
  for (const r of rows) for (const m of MONTHS) byItem[r.item].set(m, r[`m${m}`] ?? '0');
  return { ...counted.rows[0]!, byItem };
}

const total = (m: Monthly): MoneyTotal => moneyTotal([...m.values()]);
const num = (v: MoneyTotal | string | undefined) => Number(v ?? 0);

/** The plan's report: targets of the approved plans against the records, item by item and (the values) month by month. */
export async function planChart(run: ReportRun<PlanQuery>): Promise<PlanChartReport> {
  const t = await targets(run);
  const a = await actuals(run, run.q.sale_code ? t.departments : null);
  const row = (item: PlanItem) => ({ no: PLAN_ITEM.indexOf(item) + 1, item, target: total(t.byItem[item]), actual: total(a[item]) });
  const at = (m: Monthly, month: number): MoneyTotal => moneyTotal([m.get(month)]);
  return {
    year: run.q.year,
    sale_code: run.q.sale_code,
    plans: t.plans,
    approved: t.approved,
    contract_value_target: total(t.byItem.CONTRACT_VALUE),
    contract_value_actual: total(a.CONTRACT_VALUE),
    value_items: PLAN_VALUE_ITEMS.map((i) => row(i)).map((r) => ({ ...r, percent: percent(num(r.actual), num(r.target)) })),
    count_items: PLAN_ITEM.filter((i) => !PLAN_VALUE_ITEMS.includes(i))
      .map((i) => row(i))
      .map((r) => ({ ...r, target: num(r.target), actual: num(r.actual), percent: percent(num(r.actual), num(r.target)) })),
    value_months: MONTHS.map((month) => ({
      month,
      contract_target: at(t.byItem.CONTRACT_VALUE, month),
      contract_actual: at(a.CONTRACT_VALUE, month),
      won_target: at(t.byItem.WON_VALUE, month),
      won_actual: at(a.WON_VALUE, month),
    })),
  };
}

/** One item month by month, in its unit (million VND for the values, to the đồng), with running totals. */
export async function chartDetail(run: ReportRun<PlanQuery & { item: PlanItem }>): Promise<ChartDetailReport> {
  const t = await targets(run);
  const a = await actuals(run, run.q.sale_code ? t.departments : null);
  const unit = PLAN_VALUE_ITEMS.includes(run.q.item) ? 1_000_000 : 1;
  const inUnit = (m: Monthly, month: number) => Number(m.get(month) ?? 0) / unit;
  let targetToDate = 0;
  let actualToDate = 0;
  const months = MONTHS.map((month) => {
    const target = inUnit(t.byItem[run.q.item], month);
    const actual = inUnit(a[run.q.item], month);
    // Whole đồng in the unit: six decimals at most, kept so by rounding each running total.
    targetToDate = Math.round((targetToDate + target) * unit) / unit;
    actualToDate = Math.round((actualToDate + actual) * unit) / unit;
    return { month, target, actual, target_to_date: targetToDate, actual_to_date: actualToDate, percent_to_date: percent(actualToDate, targetToDate) };
  });
  return { year: run.q.year, sale_code: run.q.sale_code, item: run.q.item, target: targetToDate, actual: actualToDate, months };
}
