import type { FieldDef, Label, ResourceDef, SumDecl } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError, badRequest } from '../errors';
import { labelInSentence } from './totals';

/** One parent's sum over this resource's records (FieldDef.sum, declared on the parent). */
interface Over {
  parent: ResourceDef;
  name: string;
  decl: SumDecl;
  /** This resource's field naming the parent (its `parent`). */
  link: string;
}

/** An amount as each language writes it (1.500.000 / 1,500,000). */
const amount = (n: number): Label => ({ vi: n.toLocaleString('vi-VN'), en: n.toLocaleString('en-US') });

/**
 * # Sums kept on a parent (FieldDef.sum)
 *
 * A child's write (this resource's) recomputes, in its own transaction, each sum its parents declare over it, for the
 * parent it now has and the one it had: the parent row is locked before the child is written (`lock`, `FOR UPDATE`),
 * and its children summed after — so a second child written at once waits, then counts the first. With the parent's `max`: a write that
 * makes the sum grow past it is a 422 naming the child's field and what is left (`total_exceeded`), rolling the write
 * back. The parent's own write (`checkOwnMax`): its `max` lowered under the sum it holds is a 400 on that field.
 */
export class Sums {
  private readonly over: Over[];

  constructor(
    private readonly def: ResourceDef,
    sameService: Map<string, ResourceDef>,
  ) {
    this.over = [...sameService.values()].flatMap((parent) =>
      Object.entries(parent.fields)
        .filter((e): e is [string, FieldDef & { sum: SumDecl }] => e[1].sum?.of === def.name)
        .map(([name, f]) => {
          const link = def.parent;
          const field = f.sum.field === undefined ? null : def.fields[f.sum.field];
          if (!link || def.fields[link]?.ref !== parent.name || (field !== null && !['int', 'number', 'money'].includes(field?.type ?? '')))
            throw new Error(`${parent.name}.${name}: sum.of ${def.name} must be a child of ${parent.name} (its parent) with a number field ${f.sum.field}`);
          for (const k of Object.keys(f.sum.where ?? {}))
            if (!def.fields[k]) throw new Error(`${parent.name}.${name}: sum.where names ${k}, no field of ${def.name}`);
          return { parent, name, decl: f.sum, link };
        }),
    );
  }

  /** Whether any parent keeps a sum over this resource. */
  get kept(): boolean {
    return this.over.length > 0;
  }

  /**
   * Before a child's write: its parents' rows locked (the one it will have and the one it had, in id order). The child's
   * insert takes a key-share lock on its parent (the foreign key), so two children written at once and locking their
   * parent only afterwards would each wait for the other: a deadlock. Locked first, the second waits before it writes.
   */
  async lock(tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> {
    for (const o of this.over) {
      const ids = [input[o.link], existing?.[o.link]].filter((v): v is string => typeof v === 'string' && v.length > 0);
      for (const id of [...new Set(ids)].sort()) await tx.query(`SELECT 1 FROM ${o.parent.table} WHERE id = $1 FOR UPDATE`, [id]);
    }
  }

  /** After a child's write: its parents' sums, now and before (a child moved to another parent frees the old one's). */
  async keep(tx: Tx, row: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> {
    for (const o of this.over) {
      const now = row[o.link] == null ? null : String(row[o.link]);
      const before = existing?.[o.link] == null ? null : String(existing[o.link]);
      for (const id of new Set([now, before])) if (id) await this.recount(tx, o, id, id === now ? row : null);
    }
  }

  private async recount(tx: Tx, o: Over, parentId: string, row: Record<string, unknown> | null) {
    const { parent, name, decl } = o;
    const locked = await tx.query(`SELECT ${name}${decl.max ? `, ${decl.max}` : ''} FROM ${parent.table} WHERE id = $1 FOR UPDATE`, [parentId]);
    if (!locked.rows.length) return;
    const values: unknown[] = [parentId];
    const where = Object.entries(decl.where ?? {})
      .map(([k, vs]) => {
        values.push(vs.map(String));
        return ` AND ${k}::text = ANY($${values.length})`;
      })
      .join('');
    const { rows } = await tx.query<{ total: string }>(
      `SELECT ${decl.field ? `coalesce(sum(${decl.field}), 0)` : 'count(*)'}::text AS total FROM ${this.def.table} WHERE ${o.link} = $1 AND state = 'ACTIVE'${where}`,
      values,
    );
    const total = rows[0]!.total;
    await tx.query(`UPDATE ${parent.table} SET ${name} = $1::numeric WHERE id = $2 AND ${name} IS DISTINCT FROM $1::numeric`, [total, parentId]);
    const max = decl.max ? locked.rows[0]![decl.max] : null;
    if (max === null || max === undefined || Number(total) <= Number(max)) return;
    // Over the cap: refused when this write made the sum grow (a sum over it from before may still go down).
    if (Number(total) <= Number(locked.rows[0]![name] ?? 0) || !row) return;
    const counted = (r: Record<string, unknown> | null) =>
      r && r.state === 'ACTIVE' && Object.entries(decl.where ?? {}).every(([k, vs]) => vs.map(String).includes(String(r[k])))
        ? decl.field
          ? Number(r[decl.field] ?? 0)
          : 1
        : 0;
    const left = Math.max(0, Number(max) - (Number(total) - counted(row)));
    const what = decl.field ? this.def.fields[decl.field]!.label : this.def.label;
    const params = { field: labelInSentence(what), max: labelInSentence(parent.fields[decl.max!]!.label), left: amount(left) };
    throw new AppError(422, 'sum_exceeded', params, [{ path: decl.field ?? o.link, key: 'sum_exceeded', params }]);
  }

  /** A parent's write: a `max` lowered under the sum the record holds is refused (400 on the max field). */
  static checkOwnMax(def: ResourceDef, row: Record<string, unknown>): void {
    for (const [name, f] of Object.entries(def.fields)) {
      const max = f.sum?.max;
      if (!max || row[max] === null || row[max] === undefined) continue;
      if (Number(row[name] ?? 0) > Number(row[max]))
        throw badRequest([{ path: max, key: 'sum_under', params: { field: labelInSentence(f.label), n: amount(Number(row[name])) } }]);
    }
  }
}
