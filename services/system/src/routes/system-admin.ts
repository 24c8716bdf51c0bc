import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { ACTIONS, ACTION_LABELS, FEATURES, MODULES, PROJECT_SCOPES, STAFF_SCOPES, systemApi } from '@portal/contracts';
import { AppError, badRequest, notFound, parseOrThrow, requireCaller, withTx, ok, type ServiceKit, serveRoute } from '@portal/service-kit';
import type { AuthService } from '../auth/service';
import { revokeSession } from '../auth/sessions';
import { endLinks, isBelow } from '../auth/accounts';
import type { SystemConfig } from '../config';
import { systemLog } from '../system-log';

const passwordBody = z.object(
  { password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(256, { error: 'invalid' }) },
  { error: 'body_object' },
);

/** The permission catalogue, account unlock and admin password set, system log, dev mailbox. */
export function systemAdminRoutes(app: FastifyInstance, kit: ServiceKit, auth: AuthService, cfg: SystemConfig) {
  const pool = kit.pool;

  serveRoute(app, systemApi.permission, async () =>
    ok({
      modules: MODULES,
      features: Object.entries(FEATURES).map(([key, f]) => ({ key, module: f.module, label: f.label })),
      actions: ACTIONS.map((a) => ({ key: a, label: ACTION_LABELS[a] })),
      staffScopes: STAFF_SCOPES,
      projectScopes: PROJECT_SCOPES,
    }),
  );

  serveRoute(app, systemApi.userUnlock, async (req) => {
    const ctx = requireCaller(req);
    const { id } = req.params as { id: string };
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await auth.userById(id) : null;
    if (!user) throw notFound();
    // An account editor manages accounts within their own rights only (auth/accounts.ts).
    if (!ctx.isAdmin && !(await isBelow(pool, user.id, ctx, auth.staffOf))) throw new AppError(403, 'account_above_you');
    await pool.query(`UPDATE app_user SET locked_until = NULL, failed_attempts = 0 WHERE id = $1`, [user.id]);
    await systemLog(pool, 'info', 'auth', 'account_unlocked', `account ${id} unlocked by ${ctx.name}`, ctx.userId, ctx.ip);
    return ok({ unlocked: true });
  });

  serveRoute(app, systemApi.userPassword, async (req) => {
    const ctx = requireCaller(req);
    const { id } = req.params as { id: string };
    const body = parseOrThrow(passwordBody, req.body, (e) => badRequest(e));
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await auth.userById(id) : null;
    if (!user) throw notFound();
    // Administrators only (route access 'admin'): nobody else sets another user's password.
    await withTx(pool, async (tx) => {
      await auth.setPassword(tx, id, body.password, 'password');
      await endLinks(tx, id);
      const { rows } = await tx.query<{ id: string }>(`SELECT id FROM auth_session WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
      for (const s of rows) await revokeSession(tx, s.id, 'password_set_by_admin');
      await systemLog(tx, 'info', 'auth', 'password_set', `password of ${user.username} set by ${ctx.name}`, ctx.userId, ctx.ip);
    });
    kit.relay.kick();
    return ok({ changed: true });
  });

  const logQuery = (q: Record<string, unknown>) => {
    const conds: string[] = [];
    const values: unknown[] = [];
    if (typeof q.f_level === 'string' && ['info', 'warn', 'error'].includes(q.f_level)) {
      values.push(q.f_level);
      conds.push(`level = $${values.length}`);
    }
    if (typeof q.q === 'string' && q.q.replace(/[\u0000-\u001f]/g, '').trim()) {
      values.push(
        `%${q.q
          .replace(/[\u0000-\u001f]/g, '')
          .trim()
          .slice(0, 200)
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
      conds.push(`(message ILIKE $${values.length} OR event ILIKE $${values.length})`);
    }
    return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', values };
  };

  serveRoute(app, systemApi.systemLog, async (req) => {
    const q = req.query as Record<string, unknown>;
    const page = Math.max(1, Number.parseInt(String(q.page ?? '1'), 10) || 1);
    const limitRaw = Number.parseInt(String(q.limit ?? '30'), 10);
    const limit = Math.min(300, limitRaw >= 1 ? limitRaw : 30);
    const { where, values } = logQuery(q);
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query(`SELECT * FROM system_log ${where} ORDER BY created_date DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`, values),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM system_log ${where}`, values),
    ]);
    return ok({ items: rows, totalRows: count[0]?.n ?? 0, page, limit });
  });

  serveRoute(app, systemApi.systemLogExport, async (req, reply) => {
    const { where, values } = logQuery(req.query as Record<string, unknown>);
    const { rows } = await pool.query(
      `SELECT created_date, level, source, event, message, ip FROM system_log ${where} ORDER BY created_date DESC LIMIT 100000`,
      values,
    );
    const out = new PassThrough();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
    const ws = wb.addWorksheet('Nhật ký hệ thống');
    ws.columns = [
      { header: 'Thời gian', key: 'created_date', width: 22 },
      { header: 'Mức độ', key: 'level', width: 10 },
      { header: 'Nguồn', key: 'source', width: 12 },
      { header: 'Sự kiện', key: 'event', width: 24 },
      { header: 'Nội dung', key: 'message', width: 60 },
      { header: 'Địa chỉ IP', key: 'ip', width: 16 },
    ];
    for (const r of rows) ws.addRow(r).commit();
    ws.commit();
    void wb.commit();
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', 'attachment; filename="system_log.xlsx"');
    return reply.send(out);
  });

  serveRoute(app, systemApi.devMailbox, async () => {
    if (!cfg.devMailbox) throw new AppError(404, 'dev_mailbox_off');
    const { rows } = await pool.query(`SELECT * FROM dev_mailbox ORDER BY id DESC LIMIT 100`);
    return ok({ items: rows, totalRows: rows.length, page: 1, limit: 100 });
  });
}
