import type { ZodType } from 'zod';

/**
 * Field metadata: the one place a field's type, limits, label and list behaviour are declared.
 * Services derive SQL columns and validation from it; the UI derives columns, filters and forms.
 */
export type Lang = 'vi' | 'en';
export type Label = { vi: string; en: string };

export type FieldType =
  | 'text' | 'longText' | 'code' | 'email' | 'phone' | 'url'
  | 'int' | 'number' | 'money' | 'bool' | 'date' | 'datetime' | 'time'
  | 'enum' | 'ref' | 'refs' | 'json';

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
  /** ref / refs: the referenced resource name. */
  ref?: string;
  /** Shown as a column in lists and exports. */
  list?: boolean;
  /** Matched by the `q` search. */
  search?: boolean;
  /** Filterable with `f_<name>`. */
  filter?: boolean;
  /** Sortable with `order=<name> asc|desc`. */
  sort?: boolean;
  /** Set by the server; never accepted from a client. */
  readonly?: boolean;
  /** Hidden from exports and imports (e.g. free-form snapshots). */
  noExport?: boolean;
  /** Date must not be after the value of this other date field (e.g. id issue date before expiry). */
  before?: string;
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
}

export type FieldGuard = 'access' | 'pay' | 'grant';

type Opts = Omit<FieldDef, 'type' | 'label' | 'values' | 'ref'>;

const make = (type: FieldType) => (label: Label, opts: Opts = {}): FieldDef => ({ type, label, ...opts });

/** Default text limit of spec §5: "Other fields at most 1000 characters". */
export const TEXT_MAX = 1000;
/** Spec §9 numeric limit. */
export const NUMBER_MAX = 1_000_000_000;
/** Money values are VND and can exceed the generic numeric limit (contract values in billions). */
export const MONEY_MAX = 1e15;

export const f = {
  text: make('text'),
  longText: make('longText'),
  code: (label: Label, opts: Opts = {}): FieldDef => ({ type: 'code', label, unique: true, required: true, list: true, search: true, sort: true, filter: false, max: 50, ...opts }),
  email: make('email'),
  phone: make('phone'),
  url: make('url'),
  int: make('int'),
  number: make('number'),
  money: make('money'),
  bool: make('bool'),
  date: make('date'),
  datetime: make('datetime'),
  time: make('time'),
  json: (label: Label, opts: Opts = {}): FieldDef => ({ type: 'json', label, noExport: true, ...opts }),
  enum: (values: readonly (string | number)[], label: Label, opts: Opts & { valueLabels?: Record<string, Label> } = {}): FieldDef =>
    ({ type: 'enum', label, values, ...opts }),
  ref: (ref: string, label: Label, opts: Opts = {}): FieldDef => ({ type: 'ref', label, ref, ...opts }),
  refs: (ref: string, label: Label, opts: Opts = {}): FieldDef => ({ type: 'refs', label, ref, ...opts }),
};
