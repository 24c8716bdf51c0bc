import { oneOpenIndex, type ExclusiveDecl, type FieldDef, type FieldType, type ResourceDef } from '@portal/contracts';

/** The exclusion constraint of a resource's `exclusive` declaration (the repository names the clash by it). */
export const exclusionName = (table: string, x: ExclusiveDecl) => `ex_${table}__${x.over.join('__')}`;
/** The range an `exclusive` declaration holds, over two SQL expressions: dates inclusive, datetimes half-open. */
export const slotRange = (r: ResourceDef, x: ExclusiveDecl, from: string, to: string) =>
  r.fields[x.from]!.type === 'date' ? `daterange(${from}, ${to}, '[]')` : `tstzrange(${from}, ${to})`;

/** The index of a searchable column's folded text (schema/ddl.ts, for query.ts's `q`). */
export const searchIndexName = (table: string, field: string) => `ix_${table}__${field}__q`;
/** A searchable column as `q` compares it: folded by the kit's portal_fold (migrations/0012_search_fold.sql); `alias` its table's. */
export const foldedColumn = (field: string, alias?: string) => `portal_fold(${alias ? `${alias}.` : ''}${field})`;

/** SQL column type per field type: typed columns for everything (ARCHITECTURE §2); jsonb only for free-form values. */
const SQL_TYPE: Record<FieldType, string> = {
  text: 'text',
  longText: 'text',
  code: 'text',
  email: 'text',
  phone: 'text',
  url: 'text',
  path: 'text',
  int: 'integer',
  number: 'numeric(20,4)',
  money: 'bigint',
  bool: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  time: 'time',
  enum: 'text',
  ref: 'uuid',
  refs: 'uuid[]',
  json: 'jsonb',
};

export const sqlType = (f: FieldDef) => (f.type === 'enum' && typeof f.values?.[0] === 'number' ? 'integer' : SQL_TYPE[f.type]);

/** A computed column's statement (FieldDef.computed). */
const GENERATED = / GENERATED ALWAYS AS \(.*\) STORED;$/s;

/** A column's definition after its name: its type, and for a computed field (FieldDef.computed) its stored expression. */
const columnDefinition = (f: FieldDef) => (f.computed ? `${sqlType(f)} GENERATED ALWAYS AS (${f.computed.sql}) STORED` : sqlType(f));

/** One schema statement, identified so that a later declaration change can be diffed against what was emitted. */
export interface DeclaredStatement {
  id: string;
  table: string;
  kind: 'table' | 'column' | 'index' | 'fk';
  sql: string;
  column?: string;
}

const SYSTEM_COLUMNS_SQL = `id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid`;

/** Every statement the declarations of one service imply, in dependency order. */
export function declaredStatements(resources: ResourceDef[]): DeclaredStatement[] {
  const sameService = new Map(resources.map((r) => [r.name, r]));
  const out: DeclaredStatement[] = [];
  // A projection reads another resource's table: nothing of its own to create.
  for (const r of resources.filter((x) => !x.projection)) {
    const t = r.table;
    out.push({ id: `table:${t}`, table: t, kind: 'table', sql: `CREATE TABLE ${t} (\n  ${SYSTEM_COLUMNS_SQL}\n);` });
    out.push({
      id: `index:ix_${t}__state_created`,
      table: t,
      kind: 'index',
      sql: `CREATE INDEX ix_${t}__state_created ON ${t} (state, created_date DESC, id);`,
    });
    // A list in a default order of its own (the register by `asset_code desc`, a setting by `name asc`) reads its first page
    // from an index in that order, as the list sorts (query.ts orderClause: a declared field NULLS LAST, then the id), not
    // by sorting every row (bench/README.md: the asset register over 100,000 rows, 30 ms to 0.3 ms a page).
    const order = defaultOrderColumns(r);
    if (order)
      out.push({
        id: `index:ix_${t}__state_default_order`,
        table: t,
        kind: 'index',
        sql: `CREATE INDEX ix_${t}__state_default_order ON ${t} (state, ${order}, id);`,
      });
    // A list scoped by department in its default order reads the department from the index too: the page's ids come
    // from an index-only scan, however deep the page (ResourceRepository.list).
    const dept = r.scope?.staffDepartment;
    if (dept)
      out.push({
        id: `index:ix_${t}__state_created_scope`,
        table: t,
        kind: 'index',
        sql: `CREATE INDEX ix_${t}__state_created_scope ON ${t} (state, created_date DESC, id) INCLUDE (${dept});`,
      });
    for (const [name, f] of Object.entries(r.fields)) {
      out.push({ id: `column:${t}.${name}`, table: t, kind: 'column', column: name, sql: `ALTER TABLE ${t} ADD COLUMN ${name} ${columnDefinition(f)};` });
      if (f.unique) {
        const expr = ['text', 'code', 'email'].includes(f.type) ? `lower(${name})` : name;
        out.push({
          id: `index:uq_${t}__${name}`,
          table: t,
          kind: 'index',
          sql: `CREATE UNIQUE INDEX uq_${t}__${name} ON ${t} (${expr}) WHERE state = 'ACTIVE';`,
        });
      } else if (f.type === 'refs') {
        // A list of ids is filtered by overlap (`&&`, query.ts), which only a GIN index serves.
        if (f.filter) out.push({ id: `index:ix_${t}__${name}`, table: t, kind: 'index', sql: `CREATE INDEX ix_${t}__${name} ON ${t} USING gin (${name});` });
      } else if (f.filter || f.sort || f.type === 'ref') {
        out.push({ id: `index:ix_${t}__${name}`, table: t, kind: 'index', sql: `CREATE INDEX ix_${t}__${name} ON ${t} (${name});` });
      }
      // The list's `q` compares the folded column (query.ts searchCondition): a trigram index over that expression serves it.
      if (f.search)
        out.push({
          id: `index:${searchIndexName(t, name)}`,
          table: t,
          kind: 'index',
          sql: `CREATE INDEX ${searchIndexName(t, name)} ON ${t} USING gin (${foldedColumn(name)} gin_trgm_ops);`,
        });
      const target = f.type === 'ref' && f.ref ? sameService.get(f.ref) : undefined;
      if (target) {
        out.push({
          id: `fk:fk_${t}__${name}`,
          table: t,
          kind: 'fk',
          sql: `ALTER TABLE ${t} ADD CONSTRAINT fk_${t}__${name} FOREIGN KEY (${name}) REFERENCES ${target.table} (id);`,
        });
      }
    }
    for (const combo of r.unique ?? []) {
      const name = `uq_${t}__${combo.join('__')}`;
      const cols = combo.map((c) => (['text', 'code', 'email'].includes(r.fields[c]!.type) ? `lower(${c})` : c));
      out.push({ id: `index:${name}`, table: t, kind: 'index', sql: `CREATE UNIQUE INDEX ${name} ON ${t} (${cols.join(', ')}) WHERE state = 'ACTIVE';` });
    }
    for (const x of r.oneOpen ?? []) {
      const name = oneOpenIndex(t, x);
      const open = Object.entries(x.where)
        .map(([k, vs]) => ` AND ${k} IN (${vs.map((v) => (typeof v === 'boolean' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ')})`)
        .join('');
      out.push({
        id: `index:${name}`,
        table: t,
        kind: 'index',
        sql: `CREATE UNIQUE INDEX ${name} ON ${t} (${x.over.join(', ')}) WHERE state = 'ACTIVE'${open};`,
      });
    }
    for (const x of r.exclusive ?? []) {
      const name = exclusionName(t, x);
      const range = slotRange(r, x, x.from, x.to);
      const free = x.unless
        ? ` AND ${x.unless.field} NOT IN (${x.unless.values.map((v) => (typeof r.fields[x.unless!.field]!.values![0] === 'number' ? Number(v) : `'${v.replace(/'/g, "''")}'`)).join(', ')})`
        : '';
      // btree_gist lets a plain column (the room's id) sit in a GiST index beside the range (a trusted extension).
      out.push({
        id: `index:${name}`,
        table: t,
        kind: 'index',
        sql: `CREATE EXTENSION IF NOT EXISTS btree_gist;\nALTER TABLE ${t} ADD CONSTRAINT ${name} EXCLUDE USING gist (${x.over.map((c) => `${c} WITH =`).join(', ')}, ${range} WITH &&) WHERE (state = 'ACTIVE'${free});`,
      });
    }
  }
  // A computed column after the others: it reads them when added to an existing table.
  const order = (s: DeclaredStatement) => ({ table: 0, column: 1, index: 3, fk: 4 })[s.kind] + (s.kind === 'column' && GENERATED.test(s.sql) ? 1 : 0);
  return out.sort((a, b) => order(a) - order(b));
}

export type Snapshot = Record<string, string>;

const COLUMN_TYPE = /^ALTER TABLE \w+ ADD COLUMN \w+ (.+);$/;

/**
 * The SQL of the next migration: statements not yet emitted. New tables get their columns inline. A column whose type
 * changed is converted in place by PostgreSQL's cast (`USING col::type`: a numeric to a bigint rounds half away from
 * zero, a text to a uuid must hold uuids) — a value the cast refuses fails the migration in its transaction, nothing is
 * lost. A column made computed (FieldDef.computed), or given another expression, is dropped and added again with the
 * indexes over it (its values come from the row; a computed column made plain keeps them: DROP EXPRESSION). Any other
 * statement whose SQL changed since it was emitted cannot be migrated automatically: that is an error asking for a
 * hand-written migration.
 */
export function diffMigration(resources: ResourceDef[], snapshot: Snapshot): { sql: string; snapshot: Snapshot; changed: string[] } {
  const statements = declaredStatements(resources);
  const differs = statements.filter((s) => snapshot[s.id] !== undefined && snapshot[s.id] !== s.sql);
  const isColumn = (sql: string) => COLUMN_TYPE.test(sql);
  // A column made computed, or whose expression changed: dropped and added again (its values are computed from the row,
  // nothing is lost), with the indexes and constraints over it, which the drop takes along.
  const recomputed = differs.filter((s) => s.kind === 'column' && GENERATED.test(s.sql) && isColumn(snapshot[s.id]!));
  // A computed column made plain keeps its values (DROP EXPRESSION), converted when its type changed too.
  const decomputed = differs.filter((s) => s.kind === 'column' && !GENERATED.test(s.sql) && GENERATED.test(snapshot[s.id]!) && isColumn(s.sql));
  const retyped = differs.filter(
    (s) => s.kind === 'column' && !GENERATED.test(s.sql) && !GENERATED.test(snapshot[s.id]!) && isColumn(s.sql) && isColumn(snapshot[s.id]!),
  );
  const handled = new Set([...recomputed, ...decomputed, ...retyped]);
  const changed = differs.filter((s) => !handled.has(s)).map((s) => s.id);
  const fresh = statements.filter((s) => snapshot[s.id] === undefined);
  const newTables = new Set(fresh.filter((s) => s.kind === 'table').map((s) => s.table));
  const retype = (s: DeclaredStatement) => {
    const type = COLUMN_TYPE.exec(s.sql)![1]!;
    return `ALTER TABLE ${s.table} ALTER COLUMN ${s.column} TYPE ${type} USING ${s.column}::${type};`;
  };
  const parts: string[] = retyped.map(retype);
  for (const s of decomputed) {
    parts.push(`ALTER TABLE ${s.table} ALTER COLUMN ${s.column} DROP EXPRESSION;`);
    if (COLUMN_TYPE.exec(s.sql)![1] !== COLUMN_TYPE.exec(snapshot[s.id]!)![1]!.replace(/ GENERATED .*$/s, '')) parts.push(retype(s));
  }
  for (const s of fresh) {
    if (s.kind === 'table') {
      const cols = fresh
        .filter((c) => c.kind === 'column' && c.table === s.table)
        .map((c) => `  ${c.column} ${c.sql.replace(/^ALTER TABLE \w+ ADD COLUMN \w+ /, '').replace(/;$/, '')}`);
      parts.push(s.sql.replace(/\n\);$/, cols.length ? `,\n${cols.join(',\n')}\n);` : '\n);'));
    } else if (s.kind === 'column' && newTables.has(s.table)) {
    } else if (s.kind === 'column') {
      parts.push(s.sql);
    }
  }
  // After the new columns (an expression may read one), before the new indexes (one may be over the column re-added).
  const rebuilt: DeclaredStatement[] = [];
  for (const s of recomputed) {
    parts.push(`ALTER TABLE ${s.table} DROP COLUMN ${s.column};`, s.sql);
    const over = new RegExp(`\\b${s.column}\\b`);
    for (const x of statements)
      if ((x.kind === 'index' || x.kind === 'fk') && x.table === s.table && snapshot[x.id] !== undefined && over.test(x.sql) && !rebuilt.includes(x))
        rebuilt.push(x);
  }
  parts.push(...rebuilt.map((x) => x.sql));
  for (const s of fresh) if (s.kind === 'index' || s.kind === 'fk') parts.push(s.sql);
  const next: Snapshot = { ...snapshot };
  for (const s of [...retyped, ...decomputed, ...recomputed, ...rebuilt, ...fresh]) next[s.id] = s.sql;
  return { sql: parts.join('\n'), snapshot: next, changed };
}

/** The system columns a table has NOT NULL that a list may sort by (query.ts leaves NULLS LAST off them). */
const NOT_NULL_ORDER = new Set(['created_date', 'updated_date', 'state']);

/** A resource's default order as index columns, or null when it is the kit's own (`created_date desc`, indexed above). */
export function defaultOrderColumns(r: Pick<ResourceDef, 'defaultOrder'>): string | null {
  const parts = r.defaultOrder
    .split(',')
    .map((x) => x.trim().split(/\s+/))
    .filter(([f]) => Boolean(f));
  if (parts.length === 1 && parts[0]![0] === 'created_date' && (parts[0]![1] ?? 'asc').toLowerCase() === 'desc') return null;
  return parts.map(([f, d]) => `${f} ${(d ?? 'asc').toUpperCase()}${NOT_NULL_ORDER.has(f!) ? '' : ' NULLS LAST'}`).join(', ');
}
