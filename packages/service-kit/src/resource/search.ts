import type { FastifyInstance } from 'fastify';
import {
  can,
  codeField,
  findableOf,
  foldText,
  SEARCH_MIN_LENGTH,
  SEARCH_PER_RESOURCE,
  searchedFor,
  searchPath,
  type CallerContext,
  type Domain,
  type ResourceDef,
  type SearchGroup,
  type SearchHit,
  type SearchResult,
} from '@portal/contracts';
import { ok } from '../errors';
import { requireCaller } from '../access';
import { apiPath } from '../declared-route';
import { first, parseListQuery } from './query';
import type { ResourceRepository, Row } from './repository';

/**
 * The navbar search of a service (contracts kit/search.ts): `GET /<domain>/search?q=` answers, for each findable resource
 * the caller may list, the first SEARCH_PER_RESOURCE records of its list for `q` and the list's total. Each is the
 * resource's own list query (`repo.list`: its right, data scope, limited visibility and accent-blind `q`), so the search
 * never shows a record the list would not; a resource the caller may not list is not asked at all.
 */
export function registerSearch(app: FastifyInstance, domain: Domain, repos: ResourceRepository[], byName: (name: string) => ResourceDef | undefined) {
  const findable = repos.filter((repo) => findableOf([repo.def]).length);
  if (!findable.length) return;
  app.get(apiPath({ path: searchPath(domain) }), async (req) => {
    const ctx = requireCaller(req);
    const raw = first((req.query as Record<string, unknown>).q);
    const q = typeof raw === 'string' ? raw.trim().slice(0, 200) : '';
    if (q.length < SEARCH_MIN_LENGTH) return ok<SearchResult>({ groups: [] });
    const mayList = (r: ResourceDef) => searchedFor(r, (action, feature) => can(ctx, action, feature), byName);
    const groups = await Promise.all(findable.filter((repo) => mayList(repo.def)).map((repo) => searchOne(repo, q, ctx)));
    return ok<SearchResult>({ groups: groups.filter((g) => g.items.length) });
  });
}

/** The first records of one resource's list for `q`, as the navbar shows them. */
async function searchOne(repo: ResourceRepository, q: string, ctx: CallerContext): Promise<SearchGroup> {
  const r = repo.def;
  const list = await repo.list(parseListQuery(r, { q, limit: String(SEARCH_PER_RESOURCE) }, { lean: true }), ctx);
  return { resource: r.name, totalRows: list.totalRows, items: list.items.map((row) => hitOf(r, row, q)) };
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** A found row: its title and code, and the value of another searchable field when that one holds `q` (a phone, an email). */
function hitOf(r: ResourceDef, row: Row, q: string): SearchHit {
  const code = codeField(r);
  const folded = foldText(q);
  const shown = new Set([r.titleField, code]);
  const matched = Object.entries(r.fields).find(([name, f]) => f.search && !shown.has(name) && foldText(text(row[name]) ?? '').includes(folded));
  return {
    id: String(row.id),
    title: text(row[r.titleField]) ?? '',
    code: code ? text(row[code]) : null,
    match: matched ? text(row[matched[0]]) : null,
  };
}
