import type { FieldDef, ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';
import { badRequest } from '../errors';

type Where = NonNullable<FieldDef['where']>;

/** Whether a write set or changed a column (a create sets every column it holds). */
const changed = (row: Record<string, unknown>, existing: Record<string, unknown> | null, name: string) =>
  !existing || JSON.stringify(existing[name] ?? null) !== JSON.stringify(row[name] ?? null);

/**
 * # Rules on what a reference points to (FieldDef.where, FieldDef.maxFrom, FieldDef.within)
 *
 * After a record is written, in the write's own transaction, against the referenced records of the same service:
 * - `where`: each ref or refs field declaring it whose value the write set or changed points only to records holding
 *   those values (a feasibility study's area is a setting item of kind AREA, not a PHASE). Otherwise a 400 on the field,
 *   "value invalid" — the same answer for a record of another kind and for one that does not exist, so the check tells
 *   nothing about records the caller cannot read.
 * - `maxFrom`: a number field is at most the value of a field of the record its ref points to (an evaluation line's
 *   points at most its item's), checked when either changes; a 400 on the field naming that value.
 * - `within`: a ref field points to a record sharing a field with the record another ref field points to (a price's
 *   product of its quotation's review), checked when either changes; a 400 on the field, "value invalid".
 */
export class RefRules {
  private readonly kinds: { name: string; table: string; where: Where }[];
  private readonly bounds: { name: string; ref: string; table: string; field: string }[];
  private readonly withins: { name: string; ref: string; table: string; refTable: string; field: string }[];

  constructor(def: ResourceDef, sameService: Map<string, ResourceDef>) {
    const targetOf = (name: string, ref: string | undefined, what: string) => {
      const target = ref ? sameService.get(ref) : undefined;
      if (!target) throw new Error(`${def.name}.${name}: ${what} needs a reference to a resource of the same service`);
      return target;
    };
    this.kinds = Object.entries(def.fields)
      .filter(([, f]) => f.where && (f.type === 'ref' || f.type === 'refs'))
      .map(([name, f]) => {
        const target = targetOf(name, f.ref, 'where');
        // The picker filters by them (`f_<field>`): each a filterable field of the target.
        for (const k of Object.keys(f.where!))
          if (!target.fields[k]?.filter) throw new Error(`${def.name}.${name}: where.${k} must be a filterable field of ${target.name}`);
        return { name, table: target.table, where: f.where! };
      });
    this.bounds = Object.entries(def.fields)
      .filter(([, f]) => f.maxFrom)
      .map(([name, f]) => {
        const target = targetOf(name, def.fields[f.maxFrom!.ref]?.ref, 'maxFrom');
        if (!['int', 'number', 'money'].includes(target.fields[f.maxFrom!.field]?.type ?? ''))
          throw new Error(`${def.name}.${name}: maxFrom.field must be a number field of ${target.name}`);
        return { name, ref: f.maxFrom!.ref, table: target.table, field: f.maxFrom!.field };
      });
    this.withins = Object.entries(def.fields)
      .filter(([, f]) => f.within)
      .map(([name, f]) => {
        const { ref, field } = f.within!;
        const target = targetOf(name, f.type === 'ref' ? f.ref : undefined, 'within');
        const other = targetOf(name, def.fields[ref]?.type === 'ref' ? def.fields[ref]!.ref : undefined, 'within.ref');
        if (!target.fields[field] || !other.fields[field])
          throw new Error(`${def.name}.${name}: within.field must be a field of ${target.name} and ${other.name}`);
        return { name, ref, table: target.table, refTable: other.table, field };
      });
  }

  async check(tx: Tx, row: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> {
    for (const { name, table, where } of this.kinds) {
      const value = row[name];
      if (value === null || value === undefined || (Array.isArray(value) && !value.length) || !changed(row, existing, name)) continue;
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      const keys = Object.keys(where);
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::uuid[]) AND ${keys.map((k, i) => `${k} = $${i + 2}`).join(' AND ')}`,
        [ids, ...keys.map((k) => where[k])],
      );
      if (rows[0]!.n !== new Set(ids).size) throw badRequest([{ path: name, key: 'invalid' }]);
    }
    for (const { name, ref, table, refTable, field } of this.withins) {
      if (row[name] === null || row[name] === undefined || row[ref] === null || row[ref] === undefined) continue;
      if (!changed(row, existing, name) && !changed(row, existing, ref)) continue;
      const { rows } = await tx.query<{ same: boolean }>(
        `SELECT (SELECT a.${field} FROM ${table} a WHERE a.id = $1) IS NOT DISTINCT FROM (SELECT b.${field} FROM ${refTable} b WHERE b.id = $2) AS same`,
        [row[name], row[ref]],
      );
      if (!rows[0]?.same) throw badRequest([{ path: name, key: 'invalid' }]);
    }
    for (const { name, ref, table, field } of this.bounds) {
      const value = row[name];
      if (value === null || value === undefined || row[ref] === null || row[ref] === undefined) continue;
      if (!changed(row, existing, name) && !changed(row, existing, ref)) continue;
      const { rows } = await tx.query<{ most: number | string | null }>(`SELECT ${field} AS most FROM ${table} WHERE id = $1`, [row[ref]]);
      const most = rows[0]?.most;
      if (most !== null && most !== undefined && Number(value) > Number(most))
        throw badRequest([{ path: name, key: 'max_number', params: { n: Number(most) } }]);
    }
  }
}
