import type { FastifyInstance } from 'fastify';
import { can, type MediaList, filesApi } from '@portal/contracts';
import { badRequest, ok, pageAndLimit, requireCaller, type ServiceKit, serveRoute } from '@portal/service-kit';
import { canRead, parseContext } from './rules';
import { contextToken, toDto, type MediaRow } from './routes';
import type { RecordLookup } from '@portal/service-kit';

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/**
 * `GET /api/v1/files?context=<resource>:<id>`: the active files attached to one record, newest first, as a
 * list (`page`, `limit`). The caller sees exactly the files they may download (the rule of `canRead`, applied
 * in SQL so the paging counts only those): public ones, their own, and — for an admin or whoever may view the
 * context resource's feature and the record (scope.ts) — all of them. The context must name a declared resource and a record id (400).
 */
export function listRoute(app: FastifyInstance, kit: ServiceKit, records: RecordLookup) {
  serveRoute(app, filesApi.list, async (req) => {
    const ctx = requireCaller(req);
    const q = req.query as Record<string, unknown>;
    const raw = first(q.context);
    const invalid = () => badRequest([{ path: 'context', key: 'file_context_invalid' }], 'file_context_invalid');
    if (raw === undefined || raw === '') throw invalid();
    const context = parseContext(raw);
    if (!context?.id) throw invalid();
    const { page, limit } = pageAndLimit(q);
    // Everything attached to a record the caller may view (its feature, and the record in their scope); else public and own files.
    const seesAll = ctx.isAdmin || (can(ctx, 'view', context.feature) && (await records.visible(ctx, contextToken(req), context.resource, context.id)));
    const where = `state = 'ACTIVE' AND context = $1 AND context_id = $2 AND ($3::boolean OR is_public OR owner_id = $4)`;
    const params = [context.resource, context.id, seesAll, ctx.userId];
    const [rows, total] = await Promise.all([
      kit.pool.query<MediaRow>(`SELECT * FROM media WHERE ${where} ORDER BY created_date DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`, params),
      kit.pool.query<{ n: string }>(`SELECT count(*) AS n FROM media WHERE ${where}`, params),
    ]);
    // The same rule as downloads, checked once more on each row.
    const result: MediaList = { items: rows.rows.filter((r) => canRead(ctx, r)).map(toDto), totalRows: Number(total.rows[0]!.n), page, limit };
    return ok(result);
  });
}
