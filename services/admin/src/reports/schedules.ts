import { PORTAL_TIME_ZONE, workingSchedule, type ScheduleKindKey, type SchedulesReport } from '@portal/contracts';
import { Params, type ReportRun } from '@portal/service-kit';
import { within } from './period';

/**
 * The working schedules of a period: entries starting in it, in the caller's scope, by kind and by
 * department; the business trips, with their days — company days from departure to return, counted within the
 * period — and the ten people away the most.
 */
export async function schedules({ db, ctx, q, kit }: ReportRun<{ from: string; to: string }>): Promise<SchedulesReport> {
  // One set of parameters per statement: each names only its own.
  const where = () => {
    const p = new Params();
    return { p, w: within(workingSchedule, ctx, p, 'start_time', q.from, q.to) };
  };
  const [a, b, c] = [where(), where(), where()];
  const tz = c.p.add(PORTAL_TIME_ZONE);
  // (A return at midnight ends the day before.)
  const days = `(least(((t.end_time - interval '1 microsecond') AT TIME ZONE ${tz})::date, ${c.p.add(q.to)}::date) - (t.start_time AT TIME ZONE ${tz})::date + 1)`;
  const [byKind, byDept, people] = await (async () =>
    [
      await db.query<{ kind: ScheduleKindKey; count: number }>(
        `SELECT t.kind, count(*)::int AS count FROM working_schedule t WHERE ${a.w} GROUP BY t.kind ORDER BY t.kind`,
        a.p.values,
      ),
      await db.query<{ department_id: string | null; kind: ScheduleKindKey; count: number }>(
        `SELECT t.department_id, t.kind, count(*)::int AS count FROM working_schedule t WHERE ${b.w} GROUP BY t.department_id, t.kind ORDER BY count(*) DESC`,
        b.p.values,
      ),
      await db.query<{ staff_id: string; trips: number; days: number }>(
        `SELECT t.staff_id, count(*)::int AS trips, sum(${days})::int AS days FROM working_schedule t WHERE ${c.w} AND t.kind = 'BUSINESS_TRIP'
          GROUP BY t.staff_id ORDER BY days DESC, trips DESC, t.staff_id`,
        c.p.values,
      ),
    ] as const)();
  // Staff and departments are HR's: their names through the kit's titles (one call each).
  const depts = byDept.rows as (Record<string, unknown> & { department_id: string | null; kind: ScheduleKindKey; count: number })[];
  const travellers = people.rows.slice(0, 10) as (Record<string, unknown> & { staff_id: string; trips: number; days: number })[];
  await Promise.all([kit.titles.decorate(workingSchedule, depts, ['department_id']), kit.titles.decorate(workingSchedule, travellers, ['staff_id'])]);
  return {
    ...q,
    total: byKind.rows.reduce((n, r) => n + r.count, 0),
    trips: people.rows.reduce((n, r) => n + r.trips, 0),
    tripDays: people.rows.reduce((n, r) => n + r.days, 0),
    byKind: byKind.rows,
    byDepartment: depts.map((d) => ({
      department_id: d.department_id,
      department_name: (d.department_id__title as string | undefined) ?? null,
      kind: d.kind,
      count: d.count,
    })),
    travellers: travellers.map((r) => ({ staff_id: r.staff_id, staff_name: (r.staff_id__title as string | undefined) ?? null, trips: r.trips, days: r.days })),
  };
}
