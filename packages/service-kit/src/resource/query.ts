import type { Pool, QueryResultRow } from 'pg';
import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  MAX_FILTER_VALUES,
  MAX_LIMIT,
  listedFields,
  resourceByName,
  PROJECT_DIRECTORY,
  SYSTEM_COLUMNS,
  type CallerContext,
  type ListResult,
  type ResourceDef,
  UUID_RE,
} from '@portal/contracts';
import { badRequest, type FieldError } from '../errors';
import { normalizeDate } from './validation';
import { foldedColumn } from '../schema/ddl';

export interface ListQuery {
  page: number;
  limit: number;
  q: string | null;
  order: [string, 'asc' | 'desc'][];
  state: 'ACTIVE' | 'INACTIVE' | 'ALL';
  filters: { field: string; values: unknown[] }[];
  /** The declared fields the rows answer (lean lists: `listedFields` and what `fields=` adds); null: every field. */
  fields: string[] | null;
}

const SORTABLE_SYSTEM = ['created_date', 'updated_date', 'state'];

/** A page or limit below 1 (or not a number) is ignored: the default stands (spec §3). */
function positiveInt(v: unknown, fallback: number): number {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The last value of a repeated parameter, without control characters (PostgreSQL refuses NUL). */
export const first = (v: unknown): unknown => {
  const x = Array.isArray(v) ? v[v.length - 1] : v;
  return typeof x === 'string' ? x.replace(/[\u0000-\u001f]/g, '') : x;
};

/** `page` and `limit` of any list (spec §3): defaults for missing or bad values, limit capped at MAX_LIMIT. */
export function pageAndLimit(raw: Record<string, unknown>): { page: number; limit: number } {
  return {
    page: Math.min(positiveInt(first(raw.page), DEFAULT_PAGE), 1_000_000),
    limit: Math.min(positiveInt(first(raw.limit), DEFAULT_LIMIT), MAX_LIMIT),
  };
}

/**
 * A hand-written list answering the list contract (spec §3) as a declared resource's does: `{ items, totalRows, page,
 * limit }`, honouring `page` and `limit` (defaults and cap as every list). `sql` is the whole query, its ORDER BY
 * included (with a unique last key, so pages neither repeat nor skip rows).
 */
export async function pagedList<T extends QueryResultRow>(
  db: Pick<Pool, 'query'>,
  sql: string,
  params: unknown[],
  raw: Record<string, unknown>,
): Promise<ListResult<T>> {
  const { page, limit } = pageAndLimit(raw);
  const n = params.length;
  const [rows, count] = await Promise.all([
    db.query<T>(`${sql} LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, limit, (page - 1) * limit]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) counted`, params),
  ]);
  return { items: rows.rows, totalRows: count.rows[0]?.n ?? 0, page, limit };
}

/**
 * The list contract: page, limit, q, order, f_state (ACTIVE default), f_id (records by id) and f_<field> for declared filters
 * (comma-separated values mean "any of"; a field's `filterAlias` is taken as its f_<field>). Query parameters the declaration does not know are ignored,
 * so older clients that send extra flags (f_is_limited, f_portal) keep working.
 */
export function parseListQuery(r: ResourceDef, raw: Record<string, unknown>, opts: { lean?: boolean } = {}): ListQuery {
  const errors: FieldError[] = [];
  const { page, limit } = pageAndLimit(raw);
  const qRaw = first(raw.q);
  const q = typeof qRaw === 'string' && qRaw.trim() ? qRaw.trim().slice(0, 200) : null;

  const order: ListQuery['order'] = [];
  const orderRaw = first(raw.order);
  const orderText = typeof orderRaw === 'string' && orderRaw.trim() ? orderRaw : r.defaultOrder;
  for (const part of orderText.split(',').slice(0, 4)) {
    const [field, dirRaw] = part.trim().split(/\s+/);
    const dir = (dirRaw ?? 'asc').toLowerCase();
    const f = field ? r.fields[field] : undefined;
    if (!field || (dir !== 'asc' && dir !== 'desc') || !(SORTABLE_SYSTEM.includes(field) || f?.sort)) {
      errors.push({ path: 'order', key: 'unknown_order', params: { field: field ?? '' } });
      continue;
    }
    order.push([field, dir]);
  }

  const stateRaw = first(raw.f_state);
  const stateText = typeof stateRaw === 'string' ? stateRaw.toUpperCase() : 'ACTIVE';
  const state = stateText === 'INACTIVE' || stateText === 'ALL' ? stateText : 'ACTIVE';

  const filters: ListQuery['filters'] = [];
  const given = (k: string) => {
    const x = first(raw[k]);
    return x === undefined || x === null || x === '' ? undefined : x;
  };
  for (const [name, f] of Object.entries(r.fields)) {
    if (!f.filter) continue;
    // The kit's `f_<name>`, else the spec's own name for it (`filterAlias`: the room list's `unit_id`), errors named as sent.
    const path = given(`f_${name}`) === undefined && f.filterAlias ? f.filterAlias : `f_${name}`;
    const v = given(path);
    if (v === undefined) continue;
    const parts = String(v)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, MAX_FILTER_VALUES);
    const values: unknown[] = [];
    for (const p of parts) {
      let val: unknown = p;
      if (f.type === 'ref' || f.type === 'refs') val = UUID_RE.test(p) ? p.toLowerCase() : undefined;
      else if (f.type === 'bool') val = p === 'true' || p === '1' ? true : p === 'false' || p === '0' ? false : undefined;
      else if (f.type === 'int' || f.type === 'number' || f.type === 'money') {
        // Within the field's declared range (and a 32-bit integer for int columns): a value the column cannot hold is a 400, not a 500.
        const n = /^-?\d{1,16}(\.\d+)?$/.test(p) ? Number(p) : NaN;
        const inRange =
          (f.min === undefined || n >= f.min) &&
          (f.max === undefined || n <= f.max) &&
          (f.type !== 'int' || (Number.isInteger(n) && Math.abs(n) <= 2_147_483_647));
        val = Number.isFinite(n) && inRange ? n : undefined;
      } else if (f.type === 'enum') val = f.values?.find((x) => String(x) === p);
      else if (f.type === 'date') {
        const d = normalizeDate(p);
        val = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : undefined;
      }
      if (val === undefined) errors.push({ path, key: 'invalid' });
      else values.push(val);
    }
    if (values.length) filters.push({ field: name, values });
  }
  // Records by id (`f_id=<id>,…`, at most MAX_FILTER_VALUES): several chosen records in one read (the register's label sheet), in scope as any list.
  const idsRaw = given('f_id');
  if (idsRaw !== undefined) {
    const ids = String(idsRaw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length > MAX_FILTER_VALUES || !ids.every((x) => UUID_RE.test(x))) errors.push({ path: 'f_id', key: 'invalid' });
    else filters.push({ field: 'id', values: ids.map((x) => x.toLowerCase()) });
  }
  const fields = opts.lean ? leanFields(r, first(raw.fields), errors) : null;
  if (errors.length) throw badRequest(errors);
  return { page, limit, q, order, state, filters, fields };
}

const LISTED = new WeakMap<ResourceDef, string[]>();

/**
 * A list's fields (lean lists): the declaration's listed ones (`listedFields`), and those a caller names in
 * `fields=a,b` besides (`fields=*`: every field). A name the declaration does not have is a 400.
 */
function leanFields(r: ResourceDef, raw: unknown, errors: FieldError[]): string[] | null {
  if (raw === undefined) {
    // The usual case, the declaration's listed fields alone: worked out once per declaration (a copy per request).
    let listed = LISTED.get(r);
    if (!listed) LISTED.set(r, (listed = leanFields(r, '', errors)!));
    return [...listed];
  }
  const asked =
    typeof raw === 'string'
      ? raw
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .slice(0, 200)
      : [];
  if (asked.includes('*')) return null;
  const system: readonly string[] = SYSTEM_COLUMNS;
  for (const name of asked) {
    if (!r.fields[name] && !system.includes(name)) errors.push({ path: 'fields', key: 'unknown_field', params: { field: name.slice(0, 50) } });
  }
  const wanted = new Set([...listedFields(r), ...asked]);
  return Object.keys(r.fields).filter((name) => wanted.has(name));
}

/** The columns a read selects: the system columns and the declared fields asked for (null: all). */
export function selectedColumns(r: ResourceDef, fields: string[] | null, alias?: string): string {
  return [...SYSTEM_COLUMNS, ...(fields ?? Object.keys(r.fields))].map((c) => (alias ? `${alias}.${c}` : c)).join(', ');
}

/** SQL parameters collected while building a statement. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The data-scope condition (spec §6; ARCHITECTURE §4). Services apply it themselves on every read path:
 * lists, details, exports and searches. `null` means no restriction.
 *
 * `write`: the condition a row must meet to be written (resource/guard.ts), before and after the change: the read
 * condition, or for a resource whose reads are open (`writeDepartment`) the department it belongs to — for a tree whose
 * department is the row itself (organization units), the row or its parent, so a unit may be created or moved only
 * under a unit in scope.
 */
export function scopeCondition(r: ResourceDef, ctx: CallerContext, p: Params, alias = 't', mode: 'read' | 'write' = 'read'): string | null {
  const rule = r.scope;
  if (rule?.via) {
    const target = resourceByName.get(r.fields[rule.via]!.ref!);
    // Read through its project by a caller holding a list of projects and nothing else: the row's own column against
    // the list (its index), the very rows the EXISTS over the register below gives — not a walk of the whole list
    // checking each row's project.
    const ids = target ? listedProjects(target, ctx) : null;
    if (ids) return `${alias}.${rule.via} = ANY(${p.add(ids)}::uuid[])`;
    const inner = target ? scopeCondition(target, ctx, p, `${alias}_v`, mode) : null;
    return inner ? `EXISTS (SELECT 1 FROM ${target!.table} ${alias}_v WHERE ${alias}_v.id = ${alias}.${rule.via} AND ${inner})` : null;
  }
  const conds = [
    staffCondition(r, ctx, p, alias, mode),
    projectCondition(r, ctx, p, alias),
    ownerCondition(r, ctx, p, alias, mode),
    projectionCondition(r, p, alias),
  ].filter((c): c is string => c !== null);
  const rules = conds.length ? conds.join(' AND ') : null;
  return limitedCondition(r, ctx, p, alias, rules);
}

/**
 * The condition on a referenced record of `r` (as `alias`) for its reader to see its title: the reader's own read scope
 * of `r`, so that no list, detail, export or Word file names a record its reader could not open. Null: every
 * reader sees it (no scope, a `publicTitle`, an administrator).
 */
export function titleScope(r: ResourceDef, ctx: CallerContext, p: Params, alias: string): string | null {
  return r.publicTitle ? null : scopeCondition(r, ctx, p, alias);
}

/** Whether the titles of `r` may differ between readers (titleScope can be a condition): they are never shared or cached across readers. */
export function scopedTitles(r: ResourceDef): boolean {
  const s = r.scope;
  return !r.publicTitle && Boolean(s?.staffDepartment || s?.via || s?.project || s?.owner || s?.limited || r.projection?.except);
}

/**
 * Limited visibility (ScopeRule.limited): an open row under the other rules (`rules`); a limited one for the staff and
 * units it names, the staff member it belongs to (`ownStaff`) and its creator only — both for reads and writes.
 * Administrators see every row.
 */
function limitedCondition(r: ResourceDef, ctx: CallerContext, p: Params, alias: string, rules: string | null): string | null {
  const l = r.scope?.limited;
  if (!l || ctx.isAdmin) return rules;
  const open = `${alias}.${l.field} = ${p.add(l.open)}`;
  const named = [`${alias}.created_by = ${p.add(ctx.userId)}`];
  if (ctx.staffId) {
    const me = p.add(ctx.staffId);
    named.push(`${me}::uuid = ANY(${alias}.${l.staff})`);
    // The staff member the row belongs to (its handler) is always among those who see it.
    if (r.scope?.ownStaff) named.push(`${alias}.${r.scope.ownStaff} = ${me}::uuid`);
  }
  if (ctx.departmentId) named.push(`${p.add(ctx.departmentId)}::uuid = ANY(${alias}.${l.departments})`);
  return `((${open}${rules ? ` AND ${rules}` : ''}) OR (${alias}.${l.field} <> ${p.add(l.open)} AND (${named.join(' OR ')})))`;
}

/** Staff scope: the row's department among the caller's (subtrees), or the caller's own record. */
function staffCondition(r: ResourceDef, ctx: CallerContext, p: Params, alias: string, mode: 'read' | 'write'): string | null {
  const rule = r.scope;
  const column = rule?.staffDepartment ?? (mode === 'write' ? rule?.writeDepartment : undefined);
  if (!column || ctx.isAdmin || ctx.staffScope.departmentIds === null) return null;
  const depts = p.add(ctx.staffScope.departmentIds);
  const parts = [`${alias}.${column} = ANY(${depts}::uuid[])`];
  if (column === 'id' && r.tree) parts.push(`${alias}.${r.tree.parentField} = ANY(${depts}::uuid[])`);
  if (ctx.staffId && (rule?.ownStaff || rule?.shared?.length)) {
    const me = p.add(ctx.staffId);
    if (rule.ownStaff) parts.push(`${alias}.${rule.ownStaff} = ${me}::uuid`);
    for (const k of rule.shared ?? []) parts.push(r.fields[k]!.type === 'refs' ? `${me}::uuid = ANY(${alias}.${k})` : `${alias}.${k} = ${me}::uuid`);
  }
  return `(${parts.join(' OR ')})`;
}

/** The rows a projection leaves out (ResourceDef.projection.except: staff who quit), on every read path. */
function projectionCondition(r: ResourceDef, p: Params, alias: string): string | null {
  const x = r.projection?.except;
  return x ? `(${alias}.${x.field} IS NULL OR NOT (${alias}.${x.field} = ANY(${p.add(x.values)}::text[])))` : null;
}

/** Owner scope: a row one of whose owner columns is the caller (read), or whose owner is the caller (write). */
function ownerCondition(r: ResourceDef, ctx: CallerContext, p: Params, alias: string, mode: 'read' | 'write'): string | null {
  const columns = r.scope?.owner;
  if (!columns || ctx.isAdmin) return null;
  const me = p.add(ctx.userId);
  return `(${(mode === 'write' ? columns.slice(0, 1) : columns).map((c) => `${alias}.${c} = ${me}`).join(' OR ')})`;
}

/**
 * Project scope: the row's project among those the gateway resolved for the caller (none: only VIEW_ALL sees it).
 *
 * The project register is its own project (`scope.project: 'id'`), read from the row as it is rather than from the
 * resolved list: one of the roles' own projects (`specificIds`), one of the scope's departments, or with `team` one whose
 * team the caller is on — the directory's own rule (projects/directory.ts), so a project created in or moved into their
 * department is theirs at once and one moved out of it is not, whatever was resolved before the write.
 */
/**
 * The projects a caller reads of the register `r` when its condition is their list and nothing else (projectCondition:
 * specific projects, no departments, no team; the register scoped by project alone); null otherwise.
 */
function listedProjects(r: ResourceDef, ctx: CallerContext): string[] | null {
  const s = ctx.projectScope;
  const { project, ...other } = r.scope ?? {};
  if (r.projects?.kind !== 'register' || project !== 'id' || Object.keys(other).length || r.projection?.except) return null;
  if (ctx.isAdmin || s.projectIds === null || s.departmentIds?.length || (s.team && ctx.staffId)) return null;
  return s.specificIds ?? s.projectIds;
}

function projectCondition(r: ResourceDef, ctx: CallerContext, p: Params, alias: string): string | null {
  const column = r.scope?.project;
  const s = ctx.projectScope;
  if (!column || ctx.isAdmin || s.projectIds === null) return null;
  if (r.projects?.kind !== 'register') return `${alias}.${column} = ANY(${p.add(s.projectIds)}::uuid[])`;
  const parts = [`${alias}.id = ANY(${p.add(s.specificIds ?? s.projectIds)}::uuid[])`];
  if (s.departmentIds?.length) parts.push(`${alias}.${r.projects.department} = ANY(${p.add(s.departmentIds)}::uuid[])`);
  const team = resourceByName.get(PROJECT_DIRECTORY.team);
  if (s.team && ctx.staffId && team?.projects?.kind === 'team') {
    const t = team.projects;
    parts.push(`EXISTS (SELECT 1 FROM ${team.table} m WHERE m.${t.project} = ${alias}.id AND m.${t.staff} = ${p.add(ctx.staffId)} AND m.state = 'ACTIVE')`);
  }
  return `(${parts.join(' OR ')})`;
}

/**
 * `q` over the declaration's searchable fields: any of them holds it, accents and case ignored ("nguyen" finds Nguyễn)
 * — each column and `q` folded alike by the kit's portal_fold, the column's fold served by its trigram index
 * (schema/ddl.ts). Null: nothing to search.
 */
export function searchCondition(r: ResourceDef, q: string, p: Params, alias = 't'): string | null {
  const searchable = Object.entries(r.fields)
    .filter(([, f]) => f.search)
    .map(([n]) => n);
  if (!searchable.length) return null;
  const pat = `portal_fold(${p.add(likePattern(q))})`;
  return `(${searchable.map((n) => `${foldedColumn(n, alias)} LIKE ${pat}`).join(' OR ')})`;
}

export function whereClause(r: ResourceDef, lq: ListQuery, ctx: CallerContext, p: Params): string {
  const conds: string[] = [];
  if (lq.state !== 'ALL') conds.push(`t.state = ${p.add(lq.state)}`);
  for (const flt of lq.filters) {
    // `id` is no declared field: the records asked for by id.
    if (r.fields[flt.field]?.type === 'refs') conds.push(`t.${flt.field} && ${p.add(flt.values)}::uuid[]`);
    else if (flt.values.length === 1) conds.push(`t.${flt.field} = ${p.add(flt.values[0])}`);
    else conds.push(`t.${flt.field} = ANY(${p.add(flt.values)})`);
  }
  const search = lq.q ? searchCondition(r, lq.q, p) : null;
  if (search) conds.push(search);
  const scope = scopeCondition(r, ctx, p);
  if (scope) conds.push(scope);
  return conds.length ? `WHERE ${conds.join(' AND ')}` : '';
}

/** Columns every table has NOT NULL (schema/ddl.ts): "NULLS LAST" says nothing there, and would keep PostgreSQL from reading them in index order. */
const NOT_NULL = new Set(SORTABLE_SYSTEM);

/** The SQL type of a sortable column every table has NOT NULL, or null for a declared (nullable) field. */
export function notNullColumnType(field: string): 'timestamptz' | 'text' | null {
  return field === 'state' ? 'text' : NOT_NULL.has(field) ? 'timestamptz' : null;
}

export function orderClause(lq: ListQuery): string {
  const parts = lq.order.map(([f, d]) => `t.${f} ${d.toUpperCase()}${NOT_NULL.has(f) ? '' : ' NULLS LAST'}`);
  return `ORDER BY ${[...parts, 't.id ASC'].join(', ')}`;
}
