import type { ExclusiveDecl, ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError } from '../errors';
import { exclusionName, slotRange } from '../schema/ddl';
import { dateText, dateTimeText } from './dates';
import { Params, scopeCondition } from './query';
import type { CallerContext } from '@portal/contracts';

/**
 * A write refused by a resource's `exclusive` declaration (the exclusion constraint ex_<table>__…): the 409 on the
 * first `over` field naming the record that holds the slot and its time. Runs after the statement failed, once the
 * transaction is back at the savepoint before it, so the holder — committed by the write that won — is read in it.
 * The holder is named only to a caller who may read it (its scope): to anyone else the slot is "booked" with its times,
 * as their calendar shows it busy — a refusal does not tell whose meeting it is.
 */
export async function exclusionClash(def: ResourceDef, err: unknown, tx: Tx, row: Record<string, unknown>, ctx: CallerContext): Promise<AppError | null> {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23P01') return null;
  const x = def.exclusive?.find((d) => exclusionName(def.table, d) === e.constraint);
  if (!x) return null;
  const [holder] = await slotHolders(def, x, tx, row, [{ from: row[x.from], to: row[x.to] }]);
  // As exports print them: dd/mm/yyyy, and company time for a datetime.
  const when = def.fields[x.from]!.type === 'date' ? dateText : dateTimeText;
  const field = def.fields[x.over[0]!]!.label;
  const params = {
    field,
    holder: holder && (await readableOf(def, tx, [holder.id], ctx)).has(holder.id) ? String(holder.title ?? '') : '',
    from: when(holder?.from ?? row[x.from]),
    to: when(holder?.to ?? row[x.to]),
  };
  const key = params.holder ? 'slot_taken' : 'slot_busy';
  return new AppError(409, key, params, [{ path: x.over[0]!, key, params }]);
}

/** Which of records `ids` the caller may read (their scope; a resource without one: all) — one query however many. */
export async function readableOf(def: ResourceDef, tx: Tx, ids: readonly string[], ctx: CallerContext): Promise<Set<string>> {
  const p = new Params();
  const readable = scopeCondition(def, ctx, p);
  if (!readable || !ids.length) return new Set(readable ? [] : ids);
  const { rows } = await tx.query<{ id: string }>(
    `SELECT t.id FROM ${def.table} t WHERE t.id = ANY(${p.add(ids)}::uuid[]) AND COALESCE((${readable}), false)`,
    p.values,
  );
  return new Set(rows.map((r) => r.id));
}

/** A record holding a slot: its id, title and times. */
export interface SlotHolder {
  id: string;
  title: unknown;
  from: unknown;
  to: unknown;
}

/**
 * Who holds each of `slots` (null: free) for the keys of `row`, by the rule of the declaration's exclusion constraint —
 * one query however many slots (a series' preview asks for all its occurrences at once). `row.id` is left out (a
 * record does not clash with itself).
 */
export async function slotHolders(
  def: ResourceDef,
  x: ExclusiveDecl,
  tx: Tx,
  row: Record<string, unknown>,
  slots: { from: unknown; to: unknown }[],
): Promise<(SlotHolder | null)[]> {
  if (!slots.length) return [];
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const cast = def.fields[x.from]!.type === 'date' ? 'date' : 'timestamptz';
  const froms = add(slots.map((o) => o.from));
  const tos = add(slots.map((o) => o.to));
  const conds = [
    `h.state = 'ACTIVE'`,
    ...x.over.map((c) => `h.${c} = ${add(row[c])}`),
    `${slotRange(def, x, `h.${x.from}`, `h.${x.to}`)} && ${slotRange(def, x, 'o.f', 'o.t')}`,
    ...(row.id ? [`h.id <> ${add(row.id)}`] : []),
    ...(x.unless ? [`h.${x.unless.field}::text <> ALL(${add(x.unless.values.map(String))}::text[])`] : []),
  ];
  const { rows } = await tx.query<SlotHolder & { i: string }>(
    `SELECT o.i, h.id, h.${def.titleField} AS title, h.${x.from} AS "from", h.${x.to} AS "to"
       FROM unnest(${froms}::${cast}[], ${tos}::${cast}[]) WITH ORDINALITY AS o(f, t, i)
       CROSS JOIN LATERAL (SELECT * FROM ${def.table} h WHERE ${conds.join(' AND ')} ORDER BY h.${x.from} LIMIT 1) h`,
    values,
  );
  const byIndex = new Map(rows.map(({ i, ...h }) => [Number(i), h]));
  return slots.map((_, n) => byIndex.get(n + 1) ?? null);
}
