import type { FastifyInstance } from 'fastify';
import { ADMIN_REPORT_PATHS, adminResources, can, type NotificationsReport } from '@portal/contracts';
import { inSnapshot, inPeriod, ok, Params, reportPeriod, requireCaller, type ServiceKit } from '@portal/service-kit';

/**
 * Notifications about administration records for the administration's report page (served here, where
 * the notifications are): those sent in a period about the record types whose feature the caller may view (all for an
 * administrator), by record type and kind; how many were read, and the mean hours to reading. The figures are counts
 * over every recipient, with no title, body or name: a notification is a message to a person, not a record of a
 * department, so the department scope of the records' own reports does not apply (README "Decisions").
 */
export function adminNotificationsReportRoute(app: FastifyInstance, kit: ServiceKit) {
  app.get(`/api/v1${ADMIN_REPORT_PATHS.notifications}`, async (req) => {
    const ctx = requireCaller(req);
    const period = reportPeriod(req.query, kit.today());
    const names = adminResources.filter((r) => !r.projection && (ctx.isAdmin || can(ctx, 'view', r.feature))).map((r) => r.name);
    const p = new Params();
    const where = `split_part(context, ':', 1) = ANY(${p.add(names)}::text[]) AND ${inPeriod(p, 'created_date', period)}`;
    const [contexts, totals] = await inSnapshot(
      kit.pool,
      async (db) =>
        [
          await db.query<{ context: string; type: string; count: number; read: number }>(
            `SELECT split_part(context, ':', 1) AS context, type, count(*)::int AS count, count(read_at)::int AS read FROM notification WHERE ${where} GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2`,
            p.values,
          ),
          await db.query<{ total: number; read: number; mean: string | null }>(
            `SELECT count(*)::int AS total, count(read_at)::int AS read, round((avg(extract(epoch FROM read_at - created_date)) FILTER (WHERE read_at IS NOT NULL) / 3600)::numeric, 1) AS mean
           FROM notification WHERE ${where}`,
            p.values,
          ),
        ] as const,
    );
    const t = totals.rows[0]!;
    const report: NotificationsReport = {
      ...period,
      total: t.total,
      read: t.read,
      meanHoursToRead: t.mean === null ? null : Number(t.mean),
      byContext: contexts.rows,
    };
    return ok(report);
  });
}
