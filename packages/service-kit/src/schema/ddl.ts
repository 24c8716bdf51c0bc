import type { ExclusiveDecl, FieldDef, FieldType, ResourceDef } from '@portal/contracts';

/** The exclusion constraint of a resource's `exclusive` declaration (the repository names the clash by it). */
export const exclusionName = (table: string, x: ExclusiveDecl) => `ex_${table}__${x.over.join('__')}`;
/** The range an `exclusive` declaration holds, over two SQL expressions: dates inclusive, datetimes half-open. */
export const slotRange = (r: ResourceDef, x: ExclusiveDecl, from: string, to: string) =>
  r.fields[x.from]!.type === 'date' ? `daterange(${from}, ${to}, '[]')` : `tstzrange(${from}, ${to})`;

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
      out.push({ id: `column:${t}.${name}`, table: t, kind: 'column', column: name, sql: `ALTER TABLE ${t} ADD COLUMN ${name} ${sqlType(f)};` });
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
  const order = { table: 0, column: 1, index: 2, fk: 3 } as const;
  return out.sort((a, b) => order[a.kind] - order[b.kind]);
}

export type Snapshot = Record<string, string>;

const COLUMN_TYPE = /^ALTER TABLE \w+ ADD COLUMN \w+ (.+);$/;

/**
 * The SQL of the next migration: statements not yet emitted. New tables get their columns inline. A column whose type
 * changed is converted in place by PostgreSQL's cast (`USING col::type`: a numeric to a bigint rounds half away from
 * zero, a text to a uuid must hold uuids) — a value the cast refuses fails the migration in its transaction, nothing is
 * lost. Any other statement whose SQL changed since it was emitted cannot be migrated automatically: that is an error
 * asking for a hand-written migration.
 */
export function diffMigration(resources: ResourceDef[], snapshot: Snapshot): { sql: string; snapshot: Snapshot; changed: string[] } {
  const statements = declaredStatements(resources);
  const differs = statements.filter((s) => snapshot[s.id] !== undefined && snapshot[s.id] !== s.sql);
  const retyped = differs.filter((s) => s.kind === 'column' && COLUMN_TYPE.test(s.sql) && COLUMN_TYPE.test(snapshot[s.id]!));
  const changed = differs.filter((s) => !retyped.includes(s)).map((s) => s.id);
  const fresh = statements.filter((s) => snapshot[s.id] === undefined);
  const newTables = new Set(fresh.filter((s) => s.kind === 'table').map((s) => s.table));
  const parts: string[] = retyped.map((s) => {
    const type = COLUMN_TYPE.exec(s.sql)![1]!;
    return `ALTER TABLE ${s.table} ALTER COLUMN ${s.column} TYPE ${type} USING ${s.column}::${type};`;
  });
  for (const s of fresh) {
    if (s.kind === 'table') {
      const cols = fresh
        .filter((c) => c.kind === 'column' && c.table === s.table)
        .map((c) => `  ${c.column} ${c.sql.replace(/^.* ADD COLUMN \w+ /, '').replace(/;$/, '')}`);
      parts.push(s.sql.replace(/\n\);$/, cols.length ? `,\n${cols.join(',\n')}\n);` : '\n);'));
    } else if (s.kind === 'column' && newTables.has(s.table)) {
    } else {
      parts.push(s.sql);
    }
  }
  const next: Snapshot = { ...snapshot };
  for (const s of [...retyped, ...fresh]) next[s.id] = s.sql;
  return { sql: parts.join('\n'), snapshot: next, changed };
}
