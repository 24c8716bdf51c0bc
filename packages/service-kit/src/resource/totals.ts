import type { FieldDef, Label, ResourceDef, TotalDecl } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError } from '../errors';

/** "Point" → "point", "MEP value" stays: a label as it reads inside a sentence ("Total point cannot exceed 100"). */
const inSentence = (text: string): string => (/^\p{Lu}\p{Ll}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
/** A label, in both languages, as it reads inside a sentence (inSentence). */
export const labelInSentence = (l: Label): Label => ({ vi: inSentence(l.vi), en: inSentence(l.en) });

/**
 * # Capped totals (FieldDef.total)
 *
 * After a record is written, in the write's own transaction: for each of its capped fields whose value or `per` value
 * the write set or changed, the sum over the ACTIVE records sharing that `per` value. Over `max`: a 422 naming the field
 * ("Total point cannot exceed 100 (15 left)"), and the transaction — the write — is rolled back. One writer per field and
 * `per` value at a time (a transaction-scoped advisory lock, taken before the sum is read): of two records written at
 * once, the second sums with the first one committed, so they cannot both pass. A record leaving a group (its `per`
 * changed, or deleted) only frees room: not checked.
 */
export class CappedTotals {
  private readonly capped: [string, FieldDef & { total: TotalDecl }][];

  constructor(private readonly def: ResourceDef) {
    this.capped = Object.entries(def.fields).filter((e): e is [string, FieldDef & { total: TotalDecl }] => Boolean(e[1].total));
  }

  async check(tx: Tx, row: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> {
    if (row.state !== 'ACTIVE') return;
    for (const [name, f] of this.capped) {
      const { max, per, percent } = f.total;
      const group = per ? (row[per] ?? null) : null;
      const before = existing?.state === 'ACTIVE' && (!per || String(existing[per] ?? '') === String(group ?? '')) ? existing : null;
      // Within its group, only a larger value can go over (a group already over, from before the cap, may still go down).
      const grew = Number(row[name] ?? 0) > Number(before?.[name] ?? 0);
      if (!grew) continue;
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`total:${this.def.table}:${name}:${group ?? ''}`]);
      const where = per ? (group === null ? ` AND ${per} IS NULL` : ` AND ${per} = $2`) : '';
      const { rows } = await tx.query<{ others: string }>(
        `SELECT coalesce(sum(${name}), 0)::text AS others FROM ${this.def.table} WHERE state = 'ACTIVE' AND id <> $1${where}`,
        per && group !== null ? [row.id, group] : [row.id],
      );
      const others = Number(rows[0]!.others);
      if (others + Number(row[name]) <= max) continue;
      const suffix = percent ? '%' : '';
      const label = labelInSentence(f.label);
      const params = { field: label, max: `${max}${suffix}`, left: `${Math.max(0, round(max - others))}${suffix}` };
      throw new AppError(422, 'total_exceeded', params, [{ path: name, key: 'total_exceeded', params }]);
    }
  }
}

/** Sums of decimals (12.5 + 7.25) without a float's tail. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
