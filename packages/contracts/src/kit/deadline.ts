import type { FieldDef } from './field';

/**
 * A record with a due moment (ResourceDef.deadline): a ticket's deadline; next, an asset's inspection date, an insurance's
 * expiry, a bid checklist's due day, a payment's due date. The kit's sweep (service-kit resource/deadlines.ts) runs in
 * every instance of the service and reminds each person once:
 * - `remindBefore`: reminders ahead of the due moment, in hours (`[24]`: a day before) — each sent once per due moment;
 * - past it, the record is flagged (`flag`, a readonly bool field the lists filter on) and its people told once.
 * A new due moment is a new chance: the kit clears the flag, and the reminders ahead are sent again for it. Only records
 * whose `open.field` holds one of `open.values` are watched (a closed ticket is never late).
 */
export interface DeadlineDecl {
  /** The date or datetime field holding the due moment (a date is due at the end of that day, company time). */
  field: string;
  /** The readonly bool field set once the due moment has passed. */
  flag: string;
  /** Hours ahead of the due moment at which to remind (each once per due moment). */
  remindBefore?: readonly number[];
  /** Who is told: reference fields (one or a list) to staff. */
  notify: readonly string[];
  /** The records still to be done: values of an enum field, or of a bool one (`['false']`: a checklist item not yet done). */
  open?: { field: string; values: readonly string[] };
  /**
   * The status the record takes when its due moment passes (a value of `open.field`, an enum outside `open.values`): a
   * plan not approved by the end of its year EXPIRED. Set by the sweep with the flag, in the same statement.
   */
  moveTo?: string;
}

/** Checks a deadline declaration against its resource's fields (defineResource). */
export function checkDeadline(name: string, fields: Record<string, FieldDef>, d: DeadlineDecl): void {
  const type = fields[d.field]?.type;
  if (type !== 'date' && type !== 'datetime') throw new Error(`${name}: deadline.field must be a date or datetime field`);
  if (fields[d.flag]?.type !== 'bool' || !fields[d.flag]!.readonly) throw new Error(`${name}: deadline.flag must be a readonly bool field`);
  for (const k of d.notify)
    if (!['ref', 'refs'].includes(fields[k]?.type ?? '') || fields[k]!.ref !== 'staff')
      throw new Error(`${name}: deadline.notify ${k} must be a reference to staff`);
  if (d.open && !['enum', 'bool'].includes(fields[d.open.field]?.type ?? '')) throw new Error(`${name}: deadline.open.field must be an enum or bool field`);
  if (
    d.moveTo !== undefined &&
    (!d.open || fields[d.open.field]?.type !== 'enum' || !(fields[d.open.field]!.values ?? []).includes(d.moveTo) || d.open.values.includes(d.moveTo))
  )
    throw new Error(`${name}: deadline.moveTo must be a status of open.field (an enum) outside open.values`);
  for (const h of d.remindBefore ?? []) if (!(h > 0 && h <= 24 * 366)) throw new Error(`${name}: deadline.remindBefore hours between 1 and a year`);
}
