import type { FastifyInstance } from 'fastify';
import { ADMIN_REPORT_PATHS, PORTAL_TIME_ZONE, type AdminEventsReport } from '@portal/contracts';
import { inSnapshot, inPeriod, ok, Params, reportPeriod, type ServiceKit } from '@portal/service-kit';
import { readableEntries } from './activity-log';
import type { LogScope } from './log-scope';

/**
 * Administration events for the administration's report page (served here, where the activity log is):
 * what happened to administration records in a period — the entries of the `admin` domain the caller may read in the
 * log itself (readableEntries) — by record type and action, by day (company time), and the ten people who did most.
 */
export function adminEventsReportRoute(app: FastifyInstance, kit: ServiceKit, scope: LogScope) {
  app.get(`/api/v1${ADMIN_REPORT_PATHS.events}`, async (req) => {
    const ctx = await scope.caller(req);
    const period = reportPeriod(req.query, kit.today());
    // One set of parameters per statement: each names only its own.
    const where = () => {
      const p = new Params();
      return { p, w: [`domain = 'admin'`, inPeriod(p, 'created_date', period), ...readableEntries(ctx, p)].join(' AND ') };
    };
    const [a, b, c] = [where(), where(), where()];
    const tz = b.p.add(PORTAL_TIME_ZONE);
    const [contexts, days, actors] = await inSnapshot(
      kit.pool,
      async (db) =>
        [
          await db.query<{ context: string; action: string; count: number }>(
            `SELECT context, action, count(*)::int AS count FROM activity_log WHERE ${a.w} GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2`,
            a.p.values,
          ),
          await db.query<{ day: string; count: number }>(
            `SELECT to_char(created_date AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, count(*)::int AS count FROM activity_log WHERE ${b.w} GROUP BY 1 ORDER BY 1`,
            b.p.values,
          ),
          await db.query<{ actor_id: string | null; actor_name: string | null; count: number }>(
            `SELECT actor_id, max(actor_name) AS actor_name, count(*)::int AS count FROM activity_log WHERE ${c.w} GROUP BY 1 ORDER BY 3 DESC, 2 LIMIT 10`,
            c.p.values,
          ),
        ] as const,
    );
    const report: AdminEventsReport = {
      ...period,
      total: contexts.rows.reduce((n, r) => n + r.count, 0),
      byContext: contexts.rows,
      byDay: days.rows,
      actors: actors.rows,
    };
    return ok(report);
  });
}
