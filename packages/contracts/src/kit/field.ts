import type { ZodType } from 'zod';

/**
 * Field metadata: the one place a field's type, limits, label and list behaviour are declared.
 * Services derive SQL columns and validation from it; the UI derives columns, filters and forms.
 */
export type Lang = 'vi' | 'en';
export type Label = { vi: string; en: string };

export type FieldType =
  | 'text'
  | 'longText'
  | 'code'
  | 'email'
  | 'phone'
  | 'url'
  | 'path'
  | 'int'
  | 'number'
  | 'money'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'time'
  | 'enum'
  | 'ref'
  | 'refs'
  | 'json';

export interface FieldDef {
  type: FieldType;
  label: Label;
  required?: boolean;
  /** Unique among ACTIVE rows (409 "Code already exists"). */
  unique?: boolean;
  /** Max length (text) or max value (numbers). */
  max?: number;
  min?: number;
  /** enum: allowed values; labels per value for the UI and the xlsx export. */
  values?: readonly (string | number)[];
  valueLabels?: Record<string, Label>;
  /**
   * enum: the badge colour of each value (an antd tag colour: 'green', 'red', 'gold'…) wherever the value is shown as a
   * badge — a list's status column, a card, the record's status, a calendar event (spec §4 "Asset status, each with a
   * colour badge"). Without it, the portal's approval colours, else blue for a status still moving and grey for a last one.
   */
  valueColors?: Record<string, string>;
  /** ref / refs: the referenced resource name. */
  ref?: string;
  /** Shown as a column in lists and exports. */
  list?: boolean;
  /** Matched by the `q` search. */
  search?: boolean;
  /** Filterable with `f_<name>`. */
  filter?: boolean;
  /**
   * The spec's own name for the filter (`unit_id`): the list takes `?<filterAlias>=` as `f_<name>` (the kit's name wins
   * when both are given). Needs `filter`.
   */
  filterAlias?: string;
  /** Sortable with `order=<name> asc|desc`. */
  sort?: boolean;
  /** Set by the server; never accepted from a client. */
  readonly?: boolean;
  /** Hidden from exports and imports (e.g. free-form snapshots). */
  noExport?: boolean;
  /**
   * Must not be after the value of this other field of the same type (an id's issue date before its expiry); a datetime
   * must be strictly before (a meeting ends after it starts).
   */
  before?: string;
  /**
   * A date that has come: no later than today, the company's (what happened — an inspection held, a purchase made); a
   * later one is a 400 with its message, and the date picker greys the days to come.
   */
  past?: boolean;
  /** json: the shape the value must have. */
  schema?: ZodType;
  /**
   * What the field decides, for the write guard (service-kit resource/guard.ts; README "Who may change what"):
   * - `access`: whose data someone sees or who approves for them (a staff member's department, unit, position, manager;
   *   an account's staff record; an organization unit's parent or head);
   * - `pay`: pay, bank and benefit data (salaries, allowances, bank account, leave allowance, employment status);
   * - `grant`: rights themselves (administration, roles, a role's permissions and data scopes).
   * Nobody changes a guarded field on a record about themselves (`ResourceDef.about`); only an administrator changes a
   * `grant` field; a caller with a limited data scope changes the others only on records in their scope, before and after.
   */
  guard?: FieldGuard;
  /**
   * The value a new record takes when its create leaves the field out (a literal of the field's type; for a date,
   * `'today'`: the server's day of the create; for a reference to `user` or `staff`, `'caller'`: the signed-in user's
   * account or staff record). Forms start with it. A required field with a default may be left out.
   */
  default?: string | number | boolean;
  /**
   * A code the server generates for a new record that leaves the field blank (service-kit resource/codes.ts), from a
   * pattern: `{n:4}` the number, zero-padded to 4 digits; `{yyyy}` / `{yy}` the year of the create, which starts the
   * numbers again each year. `'ASM-{n:4}'` → ASM-0001, ASM-0002…; `'QĐ{yyyy}-{n:3}'` → QĐ2026-001. Numbers are
   * gapless: taken inside the write's transaction, so a refused write gives its number back; a number whose code a
   * user already typed by hand is passed over. `per`: fields whose values each keep a book of their own (a document
   * register: one numbering per direction and document type, `['direction', 'document_type_id']`); they are fixed once
   * the record is created (a number belongs to its book), and the code is unique within its book, not across books.
   */
  generate?: { pattern: string; per?: readonly string[] };
  /**
   * The value is copied by the kit from the record a reference field of the same resource points to, whenever a write
   * sets that reference: a leave request's department is its staff member's (`{ ref: 'staff_id', field:
   * 'department_id' }`), a candidate's department and position are its recruitment request's. The field is readonly. From
   * another service's record only the department that scopes it is copied, asked of its owner (a meeting booking's
   * department is its orderer's; test/declarations.test.ts checks it).
   */
  copyFrom?: {
    ref: string;
    field: string;
    /**
     * The copy follows its source: when the referenced record (of the same service) changes `field`, the kit writes the
     * new value into every record referring to it, in the same transaction — those whose `until` datetime field is
     * still ahead when `until` is given (a room moved to another site takes its coming bookings with it; past ones stay
     * where they took place).
     */
    follow?: { until?: string };
    /**
     * A date counted back from the source's date by this record's own int field of that name (a bid checklist item due
     * `days_before` days before its bid's deadline: T−7, T−3); recomputed when either changes.
     */
    daysBefore?: string;
  };
  /**
   * The value is computed from other fields of the same row, in SQL: a PostgreSQL generated column (`GENERATED ALWAYS AS
   * (sql) STORED`, service-kit schema/ddl.ts), so lists sort, filter and index it like any column and exports show it.
   * `sql` is an immutable expression over the columns `from` names (each a field of the same resource, not computed); a
   * null among them makes it null, as SQL does. The field is readonly: input naming it is ignored like any readonly
   * field's (a whole form or an export row sent back carries it), and the kit never writes it (the repository leaves
   * it out of every INSERT and UPDATE). Not for values that move with the clock (an age: `now()` is not immutable).
   */
  computed?: ComputedDecl;
  /**
   * A number whose sum is capped (spec §5: "Total point cannot exceed 100. Total proportion cannot exceed 100%"): over
   * the ACTIVE records of the resource holding the same `per` value (the criteria of one evaluation group, the lines of one
   * evaluation; without `per`, all of them), at most `max`. Checked in every write's transaction, one writer per `per`
   * value at a time, so two records written at once cannot both pass (service-kit resource/totals.ts); a write that would
   * go over is a 422 naming the field and what is left. `percent`: the cap and what is left read with a `%`.
   */
  total?: TotalDecl;
  /**
   * The sum of a field of this record's children (`of`: a resource of the same service whose `parent` points here;
   * `where`: only those holding these values) over the ACTIVE ones — or, without `field`, how many they are: a contract's
   * revenue recognised over its yearly rows, a positioning's points per axis and criteria scored.
   * Kept by the kit in every write of a child — created, changed, moved (its status too), moved to another parent,
   * deleted — in that write's transaction, the parent row locked first, so two children written at once both count.
   * `max`: a field of this record the sum may not pass — a child's write taking it over is a 422 naming the child's field
   * and what is left, and lowering `max` under the sum is a 400 on it (service-kit resource/sums.ts). Readonly.
   */
  sum?: SumDecl;
  /**
   * ref / refs to a resource of the same service: the records it may point to hold these values (a feasibility study's
   * area is a business setting item of kind AREA, `{ kind: 'AREA' }`). Checked in every write's transaction (a 400 on the
   * field, "value invalid", naming no record), and the field's picker offers only those records.
   */
  where?: Readonly<Record<string, string | number | boolean>>;
  /**
   * A number at most the value of `field` on the record the ref field `ref` of the same resource points to (a resource of
   * the same service): an evaluation line's points at most its item's. Checked in every write's transaction, a 400 on the
   * field ("The maximum is …") naming that value.
   */
  maxFrom?: { ref: string; field: string };
  /**
   * A ref field pointing only to a record that shares `field` with the record the ref field `ref` of the same resource
   * points to (a quotation's price is for a product of the quotation's own review: `within: { ref: 'quotation_id',
   * field: 'review_id' }`), both of the same service. Checked in every write's transaction, a 400 on the field.
   */
  within?: { ref: string; field: string };
}

/** A capped sum (FieldDef.total). */
export interface TotalDecl {
  max: number;
  per?: string;
  percent?: boolean;
}

/** The sum of a field of a record's children (FieldDef.sum). */
export interface SumDecl {
  of: string;
  /** The children's field summed; none: how many children there are. */
  field?: string;
  where?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  max?: string;
}

/** A computed field's expression and the fields it reads (FieldDef.computed). */
export interface ComputedDecl {
  sql: string;
  from: readonly string[];
}

/** The words of a computed field's expression that name fields of its resource: what it reads (checkComputed). */
const SQL_WORD = /"?\b([a-z_][a-z0-9_]*)\b"?/g;

/**
 * Checks a resource's computed fields (defineResource): readonly and nothing else fills them (a default, a code, a copy,
 * required input); `from` names the fields the expression reads, exactly, none computed itself (PostgreSQL refuses a
 * generated column reading another); one expression without statement breaks or comments.
 */
export function checkComputed(name: string, fields: Record<string, FieldDef>): void {
  for (const [k, f] of Object.entries(fields)) {
    const c = f.computed;
    if (!c) continue;
    const at = `${name}.${k}`;
    if (!f.readonly || f.required || f.default !== undefined || f.generate || f.copyFrom || ['ref', 'refs', 'json'].includes(f.type))
      throw new Error(`${at}: a computed field is readonly, not required, without default, code or copy, and holds a value (not a reference or json)`);
    if (!c.sql.trim() || /;|--|\/\*/.test(c.sql) || c.sql.split('(').length !== c.sql.split(')').length)
      throw new Error(`${at}: computed.sql is one SQL expression (no ;, no comment, balanced parentheses)`);
    if (!c.from.length) throw new Error(`${at}: computed.from names the fields the expression reads`);
    const read = new Set([...c.sql.replace(/'[^']*'/g, '').matchAll(SQL_WORD)].map((m) => m[1]!).filter((w) => Object.hasOwn(fields, w)));
    for (const x of c.from) {
      if (!fields[x] || x === k) throw new Error(`${at}: computed.from ${x} is not another field of the resource`);
      if (fields[x]!.computed) throw new Error(`${at}: computed.from ${x} is computed itself`);
      if (!read.has(x)) throw new Error(`${at}: computed.from ${x} does not appear in computed.sql`);
    }
    for (const w of read) if (!c.from.includes(w)) throw new Error(`${at}: computed.sql reads ${w}: name it in computed.from`);
  }
}

/** A create must give the field: it is required and the server does not fill it (a default, a generated code). */
export const requiredOnCreate = (f: FieldDef): boolean => Boolean(f.required) && !f.readonly && f.default === undefined && !f.generate;

/** The parts of a code pattern (FieldDef.generate): where the number goes, its width, and whether it restarts each year. */
export function codePattern(pattern: string): { width: number; yearly: boolean } {
  const n = /\{n(?::(\d{1,2}))?\}/.exec(pattern);
  if (!n || pattern.split(/\{n(?::\d{1,2})?\}/).length !== 2) throw new Error(`code pattern ${pattern}: needs exactly one {n} or {n:width}`);
  const rest = pattern.replace(n[0], '');
  if (/[{}]/.test(rest.replace(/\{yyyy\}|\{yy\}/g, ''))) throw new Error(`code pattern ${pattern}: only {n}, {n:width}, {yyyy} and {yy} may be used`);
  return { width: Number(n[1] ?? 1), yearly: /\{yyyy\}|\{yy\}/.test(rest) };
}

/** The literal text before and after the number of a pattern's codes in `year` (`'QĐ{yyyy}-{n:3}'`, 2026 → `['QĐ2026-', '']`). */
export function codeParts(pattern: string, year: number): [string, string] {
  const [before, after] = pattern.split(/\{n(?::\d{1,2})?\}/) as [string, string];
  const withYear = (s: string) => s.replace(/\{yyyy\}/g, String(year)).replace(/\{yy\}/g, String(year % 100).padStart(2, '0'));
  return [withYear(before), withYear(after)];
}

/** A code of a pattern for number `n` in `year`. */
export function formatCode(pattern: string, n: number, year: number): string {
  return pattern
    .replace(/\{yyyy\}/g, String(year))
    .replace(/\{yy\}/g, String(year % 100).padStart(2, '0'))
    .replace(/\{n(?::(\d{1,2}))?\}/, (_m, w: string | undefined) => String(n).padStart(Number(w ?? 1), '0'));
}

export type FieldGuard = 'access' | 'pay' | 'grant';

type Opts = Omit<FieldDef, 'type' | 'label' | 'values' | 'ref'>;

/** A field whose type is known to the compiler: what `RowOf` (kit/row.ts) reads a row's value types from. */
export type FieldOf<T extends FieldType> = FieldDef & { type: T };

const make =
  <T extends FieldType>(type: T) =>
  (label: Label, opts: Opts = {}): FieldOf<T> => ({ type, label, ...opts });

/** The field types whose values are text (imported from a number cell as its digits, matched case-insensitively as keys). */
export const TEXT_TYPES: readonly FieldType[] = ['text', 'longText', 'code', 'email', 'phone', 'url', 'path'];

/** Default text limit of spec §5: "Other fields at most 1000 characters". */
export const TEXT_MAX = 1000;
/** A `path` field's value: an absolute path inside the portal — no scheme, no `//host`, no backslash, no space. */
export const IN_APP_PATH = /^\/(?!\/)[^\s\\]*$/;
/** Spec §9 numeric limit. */
export const NUMBER_MAX = 1_000_000_000;

export const f = {
  text: make('text'),
  longText: make('longText'),
  code: (label: Label, opts: Opts = {}): FieldOf<'code'> => ({
    type: 'code',
    label,
    unique: true,
    required: true,
    list: true,
    search: true,
    sort: true,
    filter: false,
    max: 50,
    ...opts,
  }),
  email: make('email'),
  phone: make('phone'),
  url: make('url'),
  /** A page of the portal (`/hr/staff?f_department_id=…`): an absolute path, never another site or a script. */
  path: (label: Label, opts: Opts = {}): FieldOf<'path'> => ({ type: 'path', label, max: 1000, ...opts }),
  int: make('int'),
  number: make('number'),
  money: make('money'),
  bool: make('bool'),
  date: make('date'),
  datetime: make('datetime'),
  time: make('time'),
  json: (label: Label, opts: Opts = {}): FieldOf<'json'> => ({ type: 'json', label, noExport: true, ...opts }),
  enum: <const V extends readonly (string | number)[]>(
    values: V,
    label: Label,
    opts: Opts & { valueLabels?: Record<string, Label>; valueColors?: Record<string, string> } = {},
  ): FieldOf<'enum'> & { values: V } => ({ type: 'enum', label, values, ...opts }),
  ref: (ref: string, label: Label, opts: Opts = {}): FieldOf<'ref'> => ({ type: 'ref', label, ref, ...opts }),
  refs: (ref: string, label: Label, opts: Opts = {}): FieldOf<'refs'> => ({ type: 'refs', label, ref, ...opts }),
};
