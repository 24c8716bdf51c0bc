import { isoDay, normalizeDate, type FieldDef, type ResourceDef } from '@portal/contracts';

const none = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);
const instant = (v: unknown) => (v instanceof Date ? v.getTime() : typeof v === 'string' ? Date.parse(v) : NaN);

/**
 * Whether a value sent names the same thing as the value stored, read by the field's type: a datetime to the millisecond
 * whatever its text ("…+07:00", "…Z", a Date), a date as its day, a reference or a list of them as ids in any case and
 * any order, a number by its value, a yes/no with unset as no, and blank, null or an empty list as none. Without a field
 * (a value the declaration does not know), by the shape of the values.
 */
export function sameValue(sent: unknown, stored: unknown, f?: FieldDef): boolean {
  const type = f?.type;
  if (type === 'bool' || typeof stored === 'boolean' || typeof sent === 'boolean') return Boolean(sent) === Boolean(stored);
  if (none(sent) || none(stored)) return none(sent) && none(stored);
  if (type === 'date') return isoDay(normalizeDate(sent)) === isoDay(normalizeDate(stored));
  if (type === 'datetime' || (!type && [sent, stored].every((v) => v instanceof Date || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v))))) {
    return instant(sent) === instant(stored);
  }
  if (type === 'int' || type === 'number' || type === 'money') return Number(sent) === Number(stored);
  if (Array.isArray(sent) || Array.isArray(stored)) {
    const key = (v: unknown) =>
      (Array.isArray(v) ? v : [v])
        .map((x) => String(x).toLowerCase())
        .sort()
        .join();
    return key(sent) === key(stored);
  }
  if (type === 'ref') return String(sent).toLowerCase() === String(stored).toLowerCase();
  if (type === 'json') return JSON.stringify(sent) === JSON.stringify(stored);
  return String(sent) === String(stored);
}

/**
 * The fields among `fields` (every field of the declaration when left out) that a write changes: given in `input`, and
 * not the same value as `existing` holds (sameValue, by each field's type). The one answer to "did this value change"
 * for hooks, the booking limits and the rest of a series.
 */
export function changedOf<K extends string>(def: ResourceDef, input: object, existing: object | null, fields?: readonly K[]): K[] {
  const sent = input as Record<string, unknown>;
  const stored = existing as Record<string, unknown> | null;
  const keys = fields ?? (Object.keys(def.fields) as K[]);
  if (!stored) return keys.filter((k) => sent[k] !== undefined);
  return keys.filter((k) => sent[k] !== undefined && !sameValue(sent[k], stored[k], def.fields[k]));
}

/** Whether a write changes any of `fields` (changedOf). */
export const changes = <K extends string>(def: ResourceDef, input: object, existing: object | null, fields: readonly K[]): boolean =>
  changedOf(def, input, existing, fields).length > 0;
