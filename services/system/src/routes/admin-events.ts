import type { FastifyInstance } from 'fastify';
import { ADMIN_EVENTS_REPORT, PORTAL_TIME_ZONE, type AdminEventsReport } from '@portal/contracts';
import { defineReport, inPeriod, inTurn, Params, reportPeriod, reportRoutes, type ReportRun, type ServiceKit } from '@portal/service-kit';
import { readableEntries } from './activity-log';
import type { LogScope } from './log-scope';

/**
 * Administration events for the administration's report page (served here, where the activity log is):
 * what happened to administration records in a period — the entries of the `admin` domain the caller may read in the
 * log itself (readableEntries, with the caller's project scope resolved: LogScope) — by record type and action, by day
 * (company time), and the ten people who did most.
 */
async function adminEvents({ db, ctx, q }: ReportRun<{ from: string; to: string }>): Promise<AdminEventsReport> {
  // One set of parameters per statement: each names only its own.
  const where = () => {
    const p = new Params();
    return { p, w: [`domain = 'admin'`, inPeriod(p, 'created_date', q), ...readableEntries(ctx, p)].join(' AND ') };
  };
  const [a, b, c] = [where(), where(), where()];
  const tz = b.p.add(PORTAL_TIME_ZONE);
  const [contexts, days, actors] = await inTurn(
    () =>
      db.query<{ context: string; action: string; count: number }>(
        `SELECT context, action, count(*)::int AS count FROM activity_log WHERE ${a.w} GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2`,
        a.p.values,
      ),
    () =>
      db.query<{ day: string; count: number }>(
        `SELECT to_char(created_date AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, count(*)::int AS count FROM activity_log WHERE ${b.w} GROUP BY 1 ORDER BY 1`,
        b.p.values,
      ),
    () =>
      db.query<{ actor_id: string | null; actor_name: string | null; count: number }>(
        `SELECT actor_id, max(actor_name) AS actor_name, count(*)::int AS count FROM activity_log WHERE ${c.w} GROUP BY 1 ORDER BY 3 DESC, 2 LIMIT 10`,
        c.p.values,
      ),
  );
  return {
    ...q,
    total: contexts.rows.reduce((n, r) => n + r.count, 0),
    byContext: contexts.rows,
    byDay: days.rows,
    actors: actors.rows,
  };
}

export function adminEventsReportRoute(app: FastifyInstance, kit: ServiceKit, scope: LogScope) {
  reportRoutes(app, kit, [
    defineReport({ report: ADMIN_EVENTS_REPORT, counts: [], query: reportPeriod, run: adminEvents, caller: (req) => scope.caller(req) }),
  ]);
}
