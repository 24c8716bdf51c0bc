import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ASSET_STATUS_LABELS, asset, assetsApi, can, mailRequestedSubject, type AssetStatus, type SummaryEmailAnswer } from '@portal/contracts';
import { AppError, badRequest, enqueue, forbidden, ok, parseOrThrow, requireCaller, serveRoute, withTx, type ServiceKit } from '@portal/service-kit';

const body = z.object({ department_id: z.uuid({ error: 'select_required' }) }).loose();
const money = (v: string | number) => `${BigInt(v).toLocaleString('vi-VN')} ₫`;

/**
 * `POST /asset/summary-email` (spec §7 "summary-email"): the register's summary of one managing department — its assets by
 * status with their price, inspections due and overdue, policies ending within 30 days, repairs out — mailed (whatever
 * the recipients' notification preferences) to the department's head and to the caller, in Vietnamese then English.
 * Only the asset office of that department asks for it: the approve right on assets, the department within the
 * caller's staff scope. Nobody to write to is a 422; the mail goes through the outbox with the request's transaction.
 */
export function summaryEmailRoute(app: FastifyInstance, kit: ServiceKit) {
  serveRoute(app, assetsApi.summaryEmail, async (req) => {
    const ctx = requireCaller(req);
    const { department_id } = parseOrThrow(body, req.body ?? {}, badRequest);
    const scope = ctx.staffScope.departmentIds;
    if (!ctx.isAdmin && (!can(ctx, 'approve', 'asset') || (scope !== null && !scope.some((d) => d.toLowerCase() === department_id.toLowerCase()))))
      throw forbidden();
    const today = kit.today();
    const { rows: byStatus } = await kit.pool.query<{ status: AssetStatus; n: number; price: string }>(
      `SELECT status, count(*)::int AS n, coalesce(sum(purchase_price), 0)::text AS price FROM asset
        WHERE state = 'ACTIVE' AND department_id = $1 GROUP BY status ORDER BY count(*) DESC, status`,
      [department_id],
    );
    const {
      rows: [f],
    } = await kit.pool.query<{ due: number; overdue: number; insurance: number; repairs: number }>(
      `SELECT count(*) FILTER (WHERE inspection_state = 'DUE')::int AS due, count(*) FILTER (WHERE inspection_state = 'OVERDUE')::int AS overdue,
              count(*) FILTER (WHERE status <> 'LIQUIDATION' AND insured_until BETWEEN $2::date AND $2::date + 30)::int AS insurance,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM repair_asset r WHERE r.asset_id = asset.id AND r.state = 'ACTIVE' AND r.status = 'SENT'))::int AS repairs
         FROM asset WHERE state = 'ACTIVE' AND department_id = $1`,
      [department_id, today],
    );
    const named = [{ department_id }] as Record<string, unknown>[];
    await kit.titles.decorate(asset, named, ['department_id']);
    const name = (named[0]!.department_id__title as string | undefined) ?? null;
    if (!name) throw badRequest([{ path: 'department_id', key: 'invalid' }]);
    const levels = await kit.directory.resolve({
      levels: [{ level: 1, scope: 'DEPARTMENT_TREE', up: 0 }],
      given: [],
      department_id,
      // Nobody submits: the department's own head, whoever asks (a head asking for his own gets it once).
      submitter_user_id: '00000000-0000-0000-0000-000000000000',
      submitter_staff_id: null,
    });
    const users = [...new Set([...(levels[0]?.approver_ids ?? []), ctx.userId.toLowerCase()])];
    const to = [...new Set((await kit.directory.contacts(users)).map((c) => c.email).filter((e): e is string => Boolean(e)))];
    if (!to.length) throw new AppError(422, 'summary_nobody');
    const total = byStatus.reduce((n, r) => n + r.n, 0);
    const lines = (lang: 'vi' | 'en') => {
      const l = (vi: string, en: string) => (lang === 'vi' ? vi : en);
      return [
        l(`Tài sản của ${name} ngày ${today.split('-').reverse().join('/')}: ${total}`, `Assets of ${name} on ${today}: ${total}`),
        ...byStatus.map((r) => `- ${ASSET_STATUS_LABELS[r.status]![lang]}: ${r.n} (${money(r.price)})`),
        l(`Quá hạn kiểm định: ${f!.overdue}; sắp đến hạn: ${f!.due}`, `Inspections overdue: ${f!.overdue}; due: ${f!.due}`),
        l(`Bảo hiểm hết hạn trong 30 ngày: ${f!.insurance}`, `Insurance ending within 30 days: ${f!.insurance}`),
        l(`Đang sửa chữa: ${f!.repairs}`, `In repair: ${f!.repairs}`),
      ].join('\n');
    };
    await withTx(kit.pool, (tx) =>
      enqueue(tx, mailRequestedSubject(kit.domain), {
        to,
        subject: `Tóm tắt tài sản: ${name} / Asset summary: ${name}`,
        text: `${lines('vi')}\n\n${lines('en')}\n\n— ${ctx.name}`,
      }),
    );
    return ok({ department_id, department_name: name, to, total } satisfies SummaryEmailAnswer);
  });
}
