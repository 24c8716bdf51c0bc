import type { FieldDef, FieldType } from './field';
import type { ResourceDef } from './resource';
import type { ApprovalStatusValue } from './approval';

/** The value a column of a field type holds as the database driver reads it (service-kit db.ts). */
type StoredValue<T extends FieldType> = T extends 'int' | 'number' | 'money'
  ? number
  : T extends 'bool'
    ? boolean
    : T extends 'refs'
      ? string[]
      : T extends 'json'
        ? unknown
        : T extends 'datetime'
          ? Date
          : string;

/** A field's stored value: an enum's declared values, a datetime as a Date, a date as 'YYYY-MM-DD', money as whole đồng. */
export type ValueOf<F extends FieldDef> = F extends { type: 'enum'; values: readonly (infer V)[] } ? V : StoredValue<F['type']>;

/** A field's value in a validated input (a create or an edit): as stored, but a datetime as its ISO text. */
export type InputValueOf<F extends FieldDef> = F extends { type: 'datetime' } ? string : ValueOf<F>;

type FieldsOf<D> = D extends ResourceDef<infer F> ? F : Record<string, FieldDef>;

/** The columns every resource's table has (service-kit schema/ddl.ts); a type, not an interface, so a row is a record. */
export type SystemColumns = {
  id: string;
  state: string;
  created_date: Date;
  updated_date: Date;
  created_by: string | null;
  updated_by: string | null;
  /** The kit's approval status, on a resource that declares `approval` (kit/resource.ts adds the field). */
  approval_status?: ApprovalStatusValue | null;
};

/**
 * A record of a declared resource as hooks and hand-written reads see it, typed from its declaration: `RowOf<typeof
 * bookCar>` has `cost: number | null`, `status: 'DRAFT' | …`, `start_time: Date | null`. Every declared column may be
 * null (the database keeps what older declarations allowed).
 */
export type RowOf<D> = SystemColumns & { [K in keyof FieldsOf<D>]: ValueOf<FieldsOf<D>[K]> | null };

/**
 * A validated create or edit of a declared resource: the fields given (an edit sends only what changes), each typed;
 * a hook may add a field the kit then writes.
 */
export type InputOf<D> = { [K in keyof FieldsOf<D>]?: InputValueOf<FieldsOf<D>[K]> | null } & Record<string, unknown>;
