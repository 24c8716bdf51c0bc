import type { Pool } from 'pg';
import { can, featureFor, PORTAL_TIME_ZONE, type CallerContext, type ExclusiveDecl, type ResourceDef } from '@portal/contracts';
import { Params, scopeCondition, titleScope, type ListQuery } from './query';

/** One slot another's booking holds, as a calendar shows it: when, and which room or car — nothing else of the booking. */
export type BusyBlock = Record<string, unknown>;

/**
 * The slot declaration a calendar's busy blocks follow: the resource's `exclusive` over its calendar's location alone (a
 * room, a car). Every booking resource has one; a resource without it (leave, a schedule) shows no busy blocks.
 */
export function busySlot(def: ResourceDef): ExclusiveDecl | undefined {
  const loc = def.calendar?.location;
  return loc ? def.exclusive?.find((x) => x.over.length === 1 && x.over[0] === loc) : undefined;
}

/**
 * The slots of the shown days held by bookings the caller may not read (outside their scope), for a caller who may
 * book the resource (its add right): only the start, the end, the location's id and its title where the caller may read
 * the location — no id, title, people or status of the booking, and the caller's location and area filters only (a
 * status filter would tell the status). Blocks of one location that touch or overlap are one block, in start order, so
 * neither how many bookings nor where one ends and the next begins is told. A caller who reads every booking has none.
 */
export async function busyBlocks(
  pool: Pool,
  def: ResourceDef,
  sameService: Map<string, ResourceDef>,
  lq: ListQuery,
  range: { from: string; to: string },
  max: number,
  ctx: CallerContext,
): Promise<{ items: BusyBlock[]; truncated: boolean }> {
  const slot = busySlot(def);
  const cal = def.calendar!;
  if (!slot || !can(ctx, 'add', featureFor(def, 'add'))) return { items: [], truncated: false };
  const p = new Params();
  const readable = scopeCondition(def, ctx, p);
  if (!readable) return { items: [], truncated: false };
  const loc = cal.location!;
  const conds = [`t.state = 'ACTIVE'`, `NOT COALESCE((${readable}), false)`];
  if (slot.unless) conds.push(`t.${slot.unless.field}::text <> ALL(${p.add(slot.unless.values.map(String))}::text[])`);
  for (const flt of lq.filters.filter((f) => f.field === loc || f.field === cal.area)) conds.push(`t.${flt.field} = ANY(${p.add(flt.values)})`);
  const tz = p.add(PORTAL_TIME_ZONE);
  const day = (d: string) => `(${d}::date::timestamp AT TIME ZONE ${tz})`;
  conds.push(
    def.fields[cal.start]!.type === 'datetime'
      ? `t.${cal.start} < ${day(`(${p.add(range.to)}::date + 1)`)} AND t.${cal.end} >= ${day(p.add(range.from))}`
      : `t.${cal.start} <= ${p.add(range.to)}::date AND t.${cal.end} >= ${p.add(range.from)}::date`,
  );
  const target = sameService.get(def.fields[loc]!.ref!);
  const scope = target ? titleScope(target, ctx, p, 'r') : null;
  const title = target ? `(SELECT r.${target.titleField} FROM ${target.table} r WHERE r.id = t.${loc}${scope ? ` AND ${scope}` : ''})` : 'NULL';
  const { rows } = await pool.query<{ s: Date | string; e: Date | string; l: string; title: string | null }>(
    `SELECT t.${cal.start} AS s, t.${cal.end} AS e, t.${loc} AS l, ${title} AS title FROM ${def.table} t WHERE ${conds.join(' AND ')}
    ORDER BY t.${loc}, t.${cal.start} LIMIT ${p.add(max + 1)}`,
    p.values,
  );
  const time = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));
  const merged: (typeof rows)[number][] = [];
  for (const r of rows.slice(0, max)) {
    const last = merged.at(-1);
    if (last && last.l === r.l && time(r.s) <= time(last.e)) {
      if (time(r.e) > time(last.e)) last.e = r.e;
    } else merged.push({ ...r });
  }
  merged.sort((a, b) => time(a.s) - time(b.s) || a.l.localeCompare(b.l));
  return {
    items: merged.map((r) => ({ [cal.start]: r.s, [cal.end]: r.e, [loc]: r.l, [`${loc}__title`]: r.title })),
    truncated: rows.length > max,
  };
}
