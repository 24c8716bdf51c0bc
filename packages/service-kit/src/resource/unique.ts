import { oneOpenIndex, type ResourceDef } from '@portal/contracts';
import { AppError } from '../errors';

/**
 * A unique index of the resource refused the write — a `oneOpen` rule's: a 409 on its field saying its message; (a single unique field, or a combination: ResourceDef.unique):
 * a 409 on the field the user would change, named by its label — "Year already exists", "Code already exists" —
 * rather than by its column. Null for any other error.
 */
export function uniqueViolation(def: ResourceDef, err: unknown): AppError | null {
  const e = err as { code?: string; constraint?: string };
  const open = e?.code === '23505' ? def.oneOpen?.find((x) => oneOpenIndex(def.table, x) === e.constraint) : undefined;
  if (open) {
    const params = { rule: open.message };
    return new AppError(409, 'one_open', params, [{ path: open.field ?? open.over[0]!, key: 'one_open', params }]);
  }
  const prefix = `uq_${def.table}__`;
  if (e?.code !== '23505' || !e.constraint?.startsWith(prefix)) return null;
  const fields = e.constraint.slice(prefix.length).split('__');
  const field = fields[fields.length - 1]!;
  const label = def.fields[field]?.label;
  if (!label) return null;
  const key = field === 'code' || def.fields[field]!.type === 'code' ? 'code_exists' : 'value_exists';
  return new AppError(409, key, { field: label }, [{ path: field, key, params: { field: label } }]);
}
