import {
  BUSINESS_CHART_DETAIL_REPORT,
  BUSINESS_MARKET_REPORT,
  BUSINESS_PERFORM_REPORT,
  BUSINESS_PLAN_REPORT,
  CONTRACTOR_REPORT,
  MATRIX_BOARD_REPORT,
  contractor,
  businessPlan,
  bid,
  moneyTotal,
  project,
  PROJECT_OPEN_STAGES,
  PROJECT_STAGE,
  type MoneyTotal,
  type PerformReport,
  type ProjectStage,
} from '@portal/contracts';
import { defineReport, inTurn, Params, reportRoutes, reportYear, scopeCondition, type ReportRun, type ServiceKit } from '@portal/service-kit';
import type { FastifyInstance } from 'fastify';
import { chartDetail, chartDetailQuery, planChart, planQuery } from './plan';
import { market } from './market';
import { contractorReport } from './contractors';
import { matrixBoard, matrixBoardQuery } from './matrix';

const rate = (won: number, decided: number) => (decided ? Math.round((won * 1000) / decided) / 10 : null);

/**
 * The performance report (contracts business/reports.ts): the year's bids with a result (won or lost, by the date of
 * their result) within the caller's project scope, by segment; the pipeline as it stands, by stage, in the same scope.
 */
async function perform(run: ReportRun<{ year: number }>): Promise<PerformReport> {
  const { db, q, ctx } = run;
  const bp = new Params();
  const bw = [`b.state = 'ACTIVE'`, `b.status IN ('WON', 'LOST')`, `extract(year FROM b.result_date) = ${bp.add(q.year)}`, scopeCondition(bid, ctx, bp, 'b')]
    .filter(Boolean)
    .join(' AND ');
  const pp = new Params();
  const pw = [`p.state = 'ACTIVE'`, scopeCondition(project, ctx, pp, 'p')].filter(Boolean).join(' AND ');
  const [segments, stages] = await inTurn(
    () =>
      db.query<{ segment: string | null; won: number; lost: number; won_value: MoneyTotal; gap: string | null }>(
        `SELECT s.name AS segment, count(*) FILTER (WHERE b.status = 'WON')::int AS won, count(*) FILTER (WHERE b.status = 'LOST')::int AS lost,
                coalesce(sum(b.bid_price) FILTER (WHERE b.status = 'WON'), 0) AS won_value,
                round(avg(b.price_gap_percent) FILTER (WHERE b.status = 'LOST'), 1) AS gap
           FROM bid b LEFT JOIN business_setting_item s ON s.id = b.category_id
          WHERE ${bw} GROUP BY s.name ORDER BY count(*) DESC, s.name NULLS LAST`,
        bp.values,
      ),
    () =>
      db.query<{ stage: ProjectStage; projects: number; expected_value: MoneyTotal; weighted_value: MoneyTotal }>(
        `SELECT p.stage, count(*)::int AS projects, coalesce(sum(p.expected_value), 0) AS expected_value, coalesce(sum(p.weighted_value), 0) AS weighted_value
           FROM project p WHERE ${pw} GROUP BY p.stage`,
        pp.values,
      ),
  );
  const won = segments.rows.reduce((n, r) => n + r.won, 0);
  const lost = segments.rows.reduce((n, r) => n + r.lost, 0);
  const open = stages.rows.filter((r) => PROJECT_OPEN_STAGES.includes(r.stage));
  return {
    year: q.year,
    decided: won + lost,
    won,
    lost,
    win_rate: rate(won, won + lost),
    won_value: moneyTotal(segments.rows.map((r) => r.won_value)),
    pipeline_weighted: moneyTotal(open.map((r) => r.weighted_value)),
    win_rate_by_segment: segments.rows.map((r) => ({
      segment: r.segment,
      decided: r.won + r.lost,
      won: r.won,
      lost: r.lost,
      win_rate: rate(r.won, r.won + r.lost),
      mean_gap_percent: r.gap === null ? null : Number(r.gap),
    })),
    pipeline_by_stage: [...stages.rows].sort((a, b) => PROJECT_STAGE.indexOf(a.stage) - PROJECT_STAGE.indexOf(b.stage)),
  };
}

/** The business reports and the matrix screen's figures, each read in one snapshot in the caller's project scope. */
export function businessReports(app: FastifyInstance, kit: ServiceKit) {
  reportRoutes(app, kit, [
    defineReport({ report: BUSINESS_PERFORM_REPORT, counts: [bid, project], query: (raw, today) => reportYear(raw, today), run: perform }),
    defineReport({ report: BUSINESS_PLAN_REPORT, counts: [businessPlan, project], query: planQuery, run: planChart }),
    defineReport({ report: BUSINESS_CHART_DETAIL_REPORT, counts: [businessPlan, project], query: chartDetailQuery, run: chartDetail }),
    defineReport({ report: BUSINESS_MARKET_REPORT, counts: [project], query: (raw, today) => reportYear(raw, today), run: market }),
    defineReport({ report: MATRIX_BOARD_REPORT, counts: [project], query: matrixBoardQuery, run: matrixBoard }),
    defineReport({ report: CONTRACTOR_REPORT, counts: [contractor], query: (raw, today) => reportYear(raw, today), run: contractorReport }),
  ]);
}
