import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FEATURE_KEYS, can, isUuid, resourceByName, type CallerContext, type Feature, systemApi } from '@portal/contracts';
import {
  CONTEXT_HEADER,
  badRequest,
  consume,
  parseOrThrow,
  requireCaller,
  Params,
  type RecordHistory,
  type RecordLookup,
  type ServiceKit,
  serveRoute,
} from '@portal/service-kit';
import type { LogScope } from './log-scope';

/** Spec §9: log limit 30. */
const LOG_LIMIT = 30;

const postBody = z.object(
  {
    description: z.string().max(1000, { error: 'max_length|{"n":1000}' }).optional().nullable(),
    activity_context: z.string({ error: 'required' }).min(1, { error: 'required' }).max(100, { error: 'invalid' }),
    suffix: z.string().max(255, { error: 'invalid' }).optional().nullable(),
    message: z.string().max(1000, { error: 'max_length|{"n":1000}' }).optional().nullable(),
    origin_data: z.unknown().optional(),
    updated_data: z.unknown().optional(),
    searchLogsValue: z.string().max(200, { error: 'invalid' }).optional().nullable(),
    table_name: z.string().max(100, { error: 'invalid' }).optional().nullable(),
  },
  { error: 'body_object' },
);

/** "context:id" (spec §7) → its parts. */
function contextRef(v: unknown): { context: string; id: string | null } | null {
  if (typeof v !== 'string') return null;
  const clean = v.replace(/[\u0000-\u001f]/g, '').trim();
  if (!clean) return null;
  const [context, id] = clean.split(':');
  return { context: context!.slice(0, 100), id: isUuid(id) ? id.toLowerCase() : null };
}

/**
 * The entries of the activity log `ctx` may read, as SQL conditions: all for an administrator; else those of the features
 * they may view, within their departments (an entry without a department is everyone's who holds its feature), and
 * the entries without a feature that are theirs — their own, or about a record of their own rows. An entry about a
 * record limited by project is read within the caller's project scope, resolved to its projects (LogScope.caller).
 */
export function readableEntries(ctx: CallerContext, p: Params): string[] {
  if (ctx.isAdmin) return [];
  const visible = FEATURE_KEYS.filter((f) => can(ctx, 'view', f as Feature));
  const me = p.add(ctx.userId);
  const conds = [`(feature IS NULL AND (actor_id = ${me} OR ${me} = ANY(owner_ids)) OR feature = ANY(${p.add(visible)}))`];
  if (ctx.staffScope.departmentIds) conds.push(`(department_id IS NULL OR department_id = ANY(${p.add(ctx.staffScope.departmentIds)}::uuid[]))`);
  if (ctx.projectScope.projectIds !== null) conds.push(`(NOT project_scoped OR project_id = ANY(${p.add(ctx.projectScope.projectIds)}::uuid[]))`);
  return conds;
}

/**
 * Each entry's `record_title`: the record's title today, as the reader may see it (the owning service's titles, in the
 * reader's scope; null when gone, not theirs to read, or its service cannot answer) — so a list of entries names what
 * each is about ("Phiếu yêu cầu: Sửa máy in"), not only its kind.
 */
async function withRecordTitles(kit: ServiceKit, ctx: CallerContext, rows: Record<string, unknown>[]) {
  const byContext = new Map<string, string[]>();
  for (const r of rows)
    if (typeof r.record_id === 'string' && resourceByName.has(String(r.context)))
      byContext.set(String(r.context), [...(byContext.get(String(r.context)) ?? []), r.record_id]);
  const titles = new Map<string, Map<string, string>>();
  await Promise.all(
    [...byContext].map(async ([context, ids]) => titles.set(context, await kit.titles.of(context, ids, { ctx }).catch(() => new Map<string, string>()))),
  );
  for (const r of rows) r.record_title = titles.get(String(r.context))?.get(String(r.record_id)) ?? null;
}

/** The portal-wide activity log: fed by every service's events, read with the caller's permissions and scope. */
export async function activityLogRoutes(app: FastifyInstance, kit: ServiceKit, records: RecordLookup, scope: LogScope) {
  await consume(kit.bus, kit.pool, 'system.activity-log', 'portal.*.activity.logged', async (event, tx) => {
    const d = event.data as Record<string, unknown>;
    await tx.query(
      `INSERT INTO activity_log (id, domain, context, record_id, action, feature, description, origin_data, updated_data, department_id, actor_id, actor_name, ip, created_date, owner_ids, project_scoped, project_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) ON CONFLICT (id) DO NOTHING`,
      [
        event.id,
        event.subject.split('.')[1],
        d.context,
        d.record_id,
        d.action,
        d.feature,
        d.description,
        JSON.stringify(d.origin_data ?? null),
        JSON.stringify(d.updated_data ?? null),
        d.department_id,
        d.actor_id,
        d.actor_name,
        d.ip,
        d.occurred_at ?? event.occurredAt,
        Array.isArray(d.owner_ids) ? d.owner_ids : null,
        d.project_scoped === true,
        d.project_scoped === true ? (d.project_id ?? null) : null,
      ],
    );
  });

  await scope.start();
  serveRoute(app, systemApi.activityLog, async (req) => {
    const ctx = await scope.caller(req);
    const q = req.query as Record<string, unknown>;
    const page = Math.max(1, Number.parseInt(String(q.page ?? '1'), 10) || 1);
    const limitRaw = Number.parseInt(String(q.limit ?? LOG_LIMIT), 10);
    const limit = Math.min(300, limitRaw >= 1 ? limitRaw : LOG_LIMIT);
    const dir = String(q.order ?? 'created_date desc')
      .toLowerCase()
      .endsWith('asc')
      ? 'ASC'
      : 'DESC';
    const p = new Params();
    const conds: string[] = [];
    const ref = contextRef(q.q);
    if (ref) {
      conds.push(`context = ${p.add(ref.context)}`);
      if (ref.id) conds.push(`record_id = ${p.add(ref.id)}`);
    }
    if (typeof q.f_context === 'string' && q.f_context) conds.push(`context = ${p.add(q.f_context.replace(/[\u0000-\u001f]/g, '').slice(0, 100))}`);
    conds.push(...readableEntries(ctx, p));
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const countValues = [...p.values];
    const { rows } = await kit.pool.query(
      `SELECT * FROM activity_log ${where} ORDER BY created_date ${dir}, id LIMIT ${p.add(limit)} OFFSET ${p.add((page - 1) * limit)}`,
      p.values,
    );
    const { rows: count } = await kit.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM activity_log ${where}`, countValues);
    await withRecordTitles(kit, ctx, rows);
    return { success: true, data: { items: rows, totalRows: count[0]?.n ?? 0, page, limit } };
  });

  /**
   * A client's own entry (spec §7). It names a record of a declared resource ("staff:<id>", in `searchLogsValue` or
   * `activity_context`) only if the caller may change that record — add or edit on its feature and what an edit of the
   * record needs, by its own rules (asked of the service that owns it: records.editable) — and then appears in the
   * record's history for whoever reads that history.
   * Any other context is a free-form label: logged without a record or a feature, so only its author (and
   * administrators) read it. Nobody writes into the history of a record they may not change.
   */
  serveRoute(app, systemApi.activityLogAdd, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(postBody, req.body, (e) => badRequest(e));
    const ref = contextRef(body.searchLogsValue) ?? contextRef(body.activity_context)!;
    const resource = resourceByName.get(ref.context);
    let history: RecordHistory = { departmentId: null, ownerIds: null };
    if (resource) {
      if (!(await records.editable(ctx, String(req.headers[CONTEXT_HEADER] ?? ''), resource.name, ref.id))) {
        throw badRequest([{ path: 'searchLogsValue', key: 'activity_context_invalid' }], 'activity_context_invalid');
      }
      if (ref.id) history = await records.history(resource.name, ref.id);
    }
    // A record whose history is its owners' (their own rows, a limited document) keeps the entry theirs: no feature.
    const feature = history.ownerIds ? null : (resource?.feature ?? null);
    const { rows } = await kit.pool.query(
      `INSERT INTO activity_log (id, domain, context, record_id, action, feature, description, message, suffix, table_name, origin_data, updated_data, actor_id, actor_name, ip, department_id, owner_ids, project_scoped, project_id)
       VALUES (gen_random_uuid(), 'portal', $1, $2, 'custom', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING *`,
      [
        resource ? resource.name : body.activity_context,
        resource ? ref.id : null,
        feature,
        body.description ?? null,
        body.message ?? null,
        body.suffix ?? null,
        body.table_name ?? null,
        JSON.stringify(body.origin_data ?? null),
        JSON.stringify(body.updated_data ?? null),
        ctx.userId,
        ctx.name,
        ctx.ip,
        history.departmentId,
        history.ownerIds,
        Boolean(history.project),
        history.project?.id ?? null,
      ],
    );
    return { success: true, data: rows[0] };
  });
}
