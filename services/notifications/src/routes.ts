import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_PAGE,
  MAX_LIMIT,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_TYPES,
  type NotificationPreference,
  type NotificationType,
  notificationsApi,
} from '@portal/contracts';
import { badRequest, forbidden, notFound, ok, requireCaller, withTx, type FieldError, type ServiceKit, serveRoute } from '@portal/service-kit';
import { APPROVAL_LIMIT, COLUMNS, GROUPS, preferencesOf, toDto, unreadCount, type NotificationRow } from './store';
import { isUuid } from './request';

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
/** ARCHITECTURE §3: a page or limit below 1 (or not a number) is ignored, the default stands. */
function positiveInt(v: unknown, fallback: number): number {
  const s = first(v);
  const n = typeof s === 'string' && /^\d+$/.test(s.trim()) ? Number(s) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

function typeFilter(raw: unknown): NotificationType[] | null {
  const v = first(raw);
  if (v === undefined || v === null || v === '') return null;
  const parts = String(v)
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  if (!parts.length || !parts.every((p) => NOTIFICATION_TYPES.includes(p as NotificationType))) throw badRequest([{ path: 'f_type', key: 'invalid' }]);
  return parts as NotificationType[];
}

/** One user's notifications, newest first; with the user's unread count. */
async function listOf(kit: ServiceKit, userId: string, query: Record<string, unknown>, forcedTypes?: NotificationType[]) {
  const page = Math.min(positiveInt(query.page, DEFAULT_PAGE), 1_000_000);
  const limit = Math.min(positiveInt(query.limit, NOTIFICATION_LIST_LIMIT), MAX_LIMIT);
  const types = forcedTypes ?? typeFilter(query.f_type);
  const params: unknown[] = [userId];
  let where = 'user_id = $1';
  if (types) {
    params.push(types);
    where += ` AND type = ANY($${params.length}::text[])`;
  }
  // One snapshot for the page, its total and the unread count: a notification arriving between them would otherwise be
  // counted and not listed (a total of 1 over an empty page).
  const db = await kit.pool.connect();
  let rows, total, unread;
  try {
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    rows = await db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notification WHERE ${where} ORDER BY created_date DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    total = await db.query<{ n: string }>(`SELECT count(*) AS n FROM notification WHERE ${where}`, params);
    unread = await unreadCount(db, userId);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    db.release();
  }
  return { items: rows.rows.map(toDto), totalRows: Number(total.rows[0]!.n), page, limit, unread_count: unread };
}

/** Spec §7 Notifications; every route is scoped to the caller (ARCHITECTURE §4: the service applies it in SQL). */
export function notificationsRoutes(app: FastifyInstance, kit: ServiceKit) {
  serveRoute(app, notificationsApi.list, async (req) => {
    const me = requireCaller(req);
    return ok(await listOf(kit, me.userId, req.query as Record<string, unknown>));
  });

  // GETs that write: their effect (a count) is read back on the caller's next call, no events to flush.
  serveRoute<{ Params: { id: string } }>(app, notificationsApi.read, async (req) => {
    const me = requireCaller(req);
    if (!isUuid(req.params.id)) throw notFound();
    const { rows } = await kit.pool.query<NotificationRow>(
      `UPDATE notification SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [req.params.id, me.userId],
    );
    // Someone else's notification is "not found", like one that does not exist.
    if (!rows[0]) throw notFound();
    return ok({ item: toDto(rows[0]), unread_count: await unreadCount(kit.pool, me.userId) });
  });

  serveRoute(app, notificationsApi.readAll, async (req) => {
    const me = requireCaller(req);
    const { rowCount } = await kit.pool.query('UPDATE notification SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [me.userId]);
    return ok({ updated: rowCount ?? 0, unread_count: await unreadCount(kit.pool, me.userId) });
  });

  serveRoute<{ Params: { userId: string } }>(app, notificationsApi.requests, async (req) => {
    const me = requireCaller(req);
    const userId = req.params.userId.toLowerCase();
    if (userId !== me.userId.toLowerCase() && !me.isAdmin) throw forbidden();
    if (!isUuid(userId)) throw notFound();
    return ok(await listOf(kit, userId, req.query as Record<string, unknown>, ['APPROVE_REQUEST']));
  });

  /** "Waiting for me" holds the approval requests not answered since (by anyone: `settled_at`, store.ts). */
  const waiting = (type: string) => (type === 'APPROVE_REQUEST' ? 'AND settled_at IS NULL' : '');
  serveRoute(app, notificationsApi.approvals, async (req) => {
    const me = requireCaller(req);
    const groups = await Promise.all(
      GROUPS.map(async (type) => {
        const [rows, total] = await Promise.all([
          kit.pool.query<NotificationRow>(
            `SELECT ${COLUMNS} FROM notification WHERE user_id = $1 AND type = $2 ${waiting(type)} ORDER BY created_date DESC, id DESC LIMIT ${APPROVAL_LIMIT}`,
            [me.userId, type],
          ),
          kit.pool.query<{ n: string }>(`SELECT count(*) AS n FROM notification WHERE user_id = $1 AND type = $2 ${waiting(type)}`, [me.userId, type]),
        ]);
        return [type, { items: rows.rows.map(toDto), total: Number(total.rows[0]!.n) }] as const;
      }),
    );
    return ok(Object.fromEntries(groups));
  });

  serveRoute(app, notificationsApi.preferences, async (req) => {
    const me = requireCaller(req);
    const prefs = (await preferencesOf(kit.pool, [me.userId])).get(me.userId)!;
    return ok({ items: NOTIFICATION_TYPES.map((t) => prefs.get(t)!) });
  });

  serveRoute(app, notificationsApi.setPreferences, async (req) => {
    const me = requireCaller(req);
    const body = req.body as { preferences?: unknown } | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest([], 'body_object');
    const list = body.preferences;
    if (!Array.isArray(list) || !list.length || list.length > NOTIFICATION_TYPES.length * 2) throw badRequest([{ path: 'preferences', key: 'invalid' }]);
    const errors: FieldError[] = [];
    const changes: { type: NotificationType; in_app?: boolean; email?: boolean }[] = [];
    list.forEach((p: unknown, i) => {
      const o = p as Record<string, unknown> | null;
      if (!o || typeof o !== 'object') {
        errors.push({ path: `preferences.${i}`, key: 'invalid' });
        return;
      }
      if (!NOTIFICATION_TYPES.includes(o.type as NotificationType)) errors.push({ path: `preferences.${i}.type`, key: 'invalid' });
      for (const k of ['in_app', 'email'] as const)
        if (o[k] !== undefined && typeof o[k] !== 'boolean') errors.push({ path: `preferences.${i}.${k}`, key: 'invalid' });
      changes.push({ type: o.type as NotificationType, in_app: o.in_app as boolean | undefined, email: o.email as boolean | undefined });
    });
    if (errors.length) throw badRequest(errors);
    await withTx(kit.pool, async (tx) => {
      const current = (await preferencesOf(tx, [me.userId])).get(me.userId)!;
      for (const c of changes) {
        const next: NotificationPreference = {
          ...current.get(c.type)!,
          ...(c.in_app === undefined ? {} : { in_app: c.in_app }),
          ...(c.email === undefined ? {} : { email: c.email }),
        };
        current.set(c.type, next);
        await tx.query(
          `INSERT INTO notification_preference (user_id, type, in_app, email) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, type) DO UPDATE SET in_app = excluded.in_app, email = excluded.email, modified_date = now()`,
          [me.userId, c.type, next.in_app, next.email],
        );
      }
    });
    const prefs = (await preferencesOf(kit.pool, [me.userId])).get(me.userId)!;
    return ok({ items: NOTIFICATION_TYPES.map((t) => prefs.get(t)!) });
  });
}
