import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookmark, systemApi } from '@portal/contracts';
import { badRequest, ok, parseOrThrow, requireCaller, resourceSchemas, withTx, type Row, type ServiceKit, serveRoute } from '@portal/service-kit';

/** At most this many bookmarks a user keeps (the navbar's list). */
const MAX_BOOKMARKS = 100;

/** Each item is checked as a new bookmark is (the resource's own create schema); only its title, page and icon are kept. */
const bookmarksBody = z.object(
  {
    items: z.array(resourceSchemas(bookmark).create, { error: 'invalid' }).max(MAX_BOOKMARKS, { error: `too_many|{"n":${MAX_BOOKMARKS}}` }),
  },
  { error: 'body_object' },
);

const view = (r: Row) => ({ title: r.title, url: r.url, ...(r.icon ? { icon: r.icon } : {}) });

/**
 * The spec's navbar bookmarks (§7), over the declared `bookmark` resource (contracts system/bookmark.ts: rows of their
 * owner): `/bookmarks/data` reads the caller's list in order; `/bookmarks/update` makes it the list given, in one
 * transaction — a page already there keeps its row (renamed or moved if need be), a new one is added, one left out
 * removed — so the history shows what changed, not the whole list again.
 */
export function bookmarkRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repo(bookmark);
  const own = async (ctx: Parameters<typeof repo.list>[1]) =>
    (
      await repo.list(
        {
          page: 1,
          limit: MAX_BOOKMARKS,
          state: 'ACTIVE',
          filters: [{ field: 'user_id', values: [ctx.userId] }],
          q: null,
          order: [
            ['ordering', 'asc'],
            ['created_date', 'asc'],
          ],
          fields: null,
        },
        ctx,
      )
    ).items;

  serveRoute(app, systemApi.bookmarks, async (req) => {
    const ctx = requireCaller(req);
    return ok({ items: (await own(ctx)).map(view) });
  });

  serveRoute(app, systemApi.bookmarksUpdate, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(bookmarksBody, req.body, (e) => badRequest(e));
    const rows = await withTx(kit.pool, async (tx) => {
      // One replacement at a time per user: two at once would both add the same new page.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`bookmark:${ctx.userId}`]);
      const { rows: left } = await tx.query<Row>(
        `SELECT id, title, url, icon, ordering FROM user_bookmark WHERE user_id = $1 AND state = 'ACTIVE' ORDER BY ordering, created_date, id`,
        [ctx.userId],
      );
      const out: Row[] = [];
      for (const [ordering, item] of body.items.entries()) {
        const at = left.findIndex((r) => r.url === item.url);
        const wanted = { title: String(item.title), icon: (item.icon as string | null | undefined) ?? null, ordering };
        if (at < 0) {
          out.push(await repo.createIn(tx, { ...wanted, url: item.url, user_id: ctx.userId }, ctx));
          continue;
        }
        const [row] = left.splice(at, 1) as [Row];
        const same = row.title === wanted.title && (row.icon ?? null) === wanted.icon && row.ordering === ordering;
        out.push(same ? row : await repo.updateIn(tx, String(row.id), wanted, ctx));
      }
      for (const gone of left) await repo.deactivateIn(tx, String(gone.id), ctx);
      return out;
    });
    return ok({ items: rows.map(view) });
  });
}
