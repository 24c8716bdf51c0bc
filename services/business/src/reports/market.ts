import { moneyTotal, PORTAL_TIME_ZONE, project, type MarketReport, type MoneyTotal, type RevenueBand } from '@portal/contracts';
import { Params, scopeCondition, type ReportRun } from '@portal/service-kit';

/**
 * The market report (contracts business/reports.ts): the projects registered or won in the year, within the caller's
 * project scope, by area, by segment (category) and by revenue size — one statement each, in the report's snapshot.
 */
export async function market(run: ReportRun<{ year: number }>): Promise<MarketReport> {
  const { db, q, ctx } = run;
  const by = async <K extends string>(key: K, select: string, join: string) => {
    const p = new Params();
    const year = p.add(q.year);
    const where = [
      `p.state = 'ACTIVE'`,
      `(extract(year FROM p.created_date AT TIME ZONE '${PORTAL_TIME_ZONE}') = ${year} OR extract(year FROM p.won_date) = ${year})`,
      scopeCondition(project, ctx, p, 'p'),
    ].filter(Boolean);
    const { rows } = await db.query<Record<K, string | null> & { projects: number; expected_value: MoneyTotal; won: number; won_value: MoneyTotal }>(
      `SELECT ${select} AS ${key}, count(*)::int AS projects, coalesce(sum(p.expected_value), 0)::text AS expected_value,
              count(*) FILTER (WHERE p.stage = 'WON' AND extract(year FROM p.won_date) = ${year})::int AS won,
              coalesce(sum(p.expected_value) FILTER (WHERE p.stage = 'WON' AND extract(year FROM p.won_date) = ${year}), 0)::text AS won_value
         FROM project p ${join} WHERE ${where.join(' AND ')} GROUP BY 1 ORDER BY count(*) DESC, 1 NULLS LAST`,
      p.values,
    );
    return rows;
  };
  const areas = await by('area', 'a.name', 'LEFT JOIN business_setting_item a ON a.id = p.area_id');
  const segments = await by('segment', 's.name', 'LEFT JOIN business_setting_item s ON s.id = p.category_id');
  const bands = await by('band', 'p.revenue_band', '');
  return {
    year: q.year,
    projects: areas.reduce((n, r) => n + r.projects, 0),
    expected_value: moneyTotal(areas.map((r) => r.expected_value)),
    won: areas.reduce((n, r) => n + r.won, 0),
    won_value: moneyTotal(areas.map((r) => r.won_value)),
    by_area: areas,
    by_segment: segments,
    by_band: bands.map(({ band, projects, expected_value, won }) => ({ band: band as RevenueBand | null, projects, expected_value, won })),
  };
}
