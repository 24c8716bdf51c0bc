import { businessPlan, businessPlanLine, type CallerContext, type PlanItem } from '@portal/contracts';
import { moveStatus, sweepDeadline, withTx, type ServiceKit } from '@portal/service-kit';

/** Monthly targets of the business department's plan: values in million VND, the rest in numbers. */
const TARGETS: Record<PlanItem, number[]> = {
  CONTRACT_VALUE: [0, 20_000, 0, 35_000, 0, 40_000, 0, 30_000, 45_000, 0, 60_000, 50_000],
  WON_VALUE: [0, 0, 25_000, 0, 40_000, 0, 35_000, 0, 50_000, 0, 45_000, 40_000],
  BIDS_SUBMITTED: [1, 1, 2, 2, 2, 1, 2, 2, 2, 2, 2, 1],
  BIDS_WON: [0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1],
  NEW_PROJECTS: [2, 2, 3, 3, 3, 2, 3, 3, 3, 3, 2, 2],
};

/**
 * The yearly plans (contracts business/plan.ts): the business department's plan for this year, approved by the director
 * in January, that the plan's report measures the year against; its plan for next year, drafted this month by its
 * head (to be approved by the end of January); the site engineering department's plan for this year, late, waiting for
 * the director before 20 December; and last year's plan of a team that never sent it, expired by the deadline sweep.
 */
export async function seedPlans(kit: ServiceKit, departments: { kd: string; kttc: string }, as: (username: string) => CallerContext): Promise<void> {
  const plans = kit.repo(businessPlan);
  const lines = kit.repo(businessPlanLine);
  const year = Number(kit.today().slice(0, 4));
  const sales = as('sales');
  const make = async (main_year: number, sale_code: string, department_id: string, scale: number, approve_by = `${main_year}-01-31`) => {
    const name = `Kế hoạch kinh doanh năm ${main_year} - ${sale_code}`;
    const p = await plans.create({ name, main_year, sale_code, department_id, approve_by }, sales);
    for (const [item, months] of Object.entries(TARGETS)) {
      const row: Record<string, unknown> = { plan_id: p.id, item };
      for (const [i, v] of months.entries()) row[`m${i + 1}`] = Math.round(v * scale);
      await lines.create(row, sales);
    }
    return p.id;
  };
  const move = (id: string, to: string, by: CallerContext, note?: string) =>
    withTx(kit.pool, async (tx) => moveStatus(plans, tx, await plans.get(id, by, tx, true), to, by, note ? { note, body: { decision_note: note } } : {}));

  const thisYear = await make(year, 'KD1', departments.kd, 1);
  await move(thisYear, 'APPROVING', sales);
  await move(thisYear, 'APPROVED', as('director'), 'Đồng ý, bám sát chỉ tiêu quý III');
  await make(year + 1, 'KD1', departments.kd, 1.15);
  const site = await make(year, 'KT1', departments.kttc, 0.2, `${year}-12-20`);
  await move(site, 'APPROVING', sales);
  await make(year - 1, 'KD2', departments.kd, 0.5);
  await sweepDeadline(kit, businessPlan, kit.now());
}
