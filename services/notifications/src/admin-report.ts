import type { FastifyInstance } from 'fastify';
import { adminResources, can, NOTIFICATIONS_REPORT, type NotificationsReport } from '@portal/contracts';
import { defineReport, inPeriod, inTurn, Params, reportPeriod, reportRoutes, type ReportRun, type ServiceKit } from '@portal/service-kit';

/**
 * Notifications about administration records for the administration's report page (served here, where
 * the notifications are): those sent in a period about the record types whose feature the caller may view (all for an
 * administrator), by record type and kind; how many were read, and the mean hours to reading. The figures are counts
 * over every recipient, with no title, body or name: a notification is a message to a person, not a record of a
 * department, so the department scope of the records' own reports does not apply (README "Decisions"). The record
 * types the caller may not view are left out rather than refused, hence no `counts`.
 */
async function notificationsReport({ db, ctx, q }: ReportRun<{ from: string; to: string }>): Promise<NotificationsReport> {
  const names = adminResources.filter((r) => !r.projection && (ctx.isAdmin || can(ctx, 'view', r.feature))).map((r) => r.name);
  const p = new Params();
  const where = `split_part(context, ':', 1) = ANY(${p.add(names)}::text[]) AND ${inPeriod(p, 'created_date', q)}`;
  const [contexts, totals] = await inTurn(
    () =>
      db.query<{ context: string; type: string; count: number; read: number }>(
        `SELECT split_part(context, ':', 1) AS context, type, count(*)::int AS count, count(read_at)::int AS read FROM notification WHERE ${where} GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2`,
        p.values,
      ),
    () =>
      db.query<{ total: number; read: number; mean: string | null }>(
        `SELECT count(*)::int AS total, count(read_at)::int AS read, round((avg(extract(epoch FROM read_at - created_date)) FILTER (WHERE read_at IS NOT NULL) / 3600)::numeric, 1) AS mean
           FROM notification WHERE ${where}`,
        p.values,
      ),
  );
  const t = totals.rows[0]!;
  return { ...q, total: t.total, read: t.read, meanHoursToRead: t.mean === null ? null : Number(t.mean), byContext: contexts.rows };
}

export function adminNotificationsReportRoute(app: FastifyInstance, kit: ServiceKit) {
  reportRoutes(app, kit, [defineReport({ report: NOTIFICATIONS_REPORT, counts: [], query: reportPeriod, run: notificationsReport })]);
}
