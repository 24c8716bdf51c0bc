import type { CallerContext, ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError } from '../errors';
import { type ActivityEntry, recordActivity } from '../activity';

/**
 * Checklists (ResourceDef.checklist): a parent's items roll up into its `total` and `progress` fields after every write
 * of an item, in that write's transaction (the parent locked, then counted); a parent's workflow does
 * not move to a status the checklist `blocks` while a required item is open; a new item sent without its place goes to
 * the end; and every item added, ticked, unticked, changed or removed is an entry of the parent's own history.
 */

/** Recounts the parents (ids) of a checklist resource `def`, whose table is `parentTable`. */
export async function rollUpChecklist(tx: Tx, def: ResourceDef, parentTable: string, parentIds: unknown[]) {
  const c = def.checklist!;
  for (const id of new Set(parentIds.filter((x): x is string => typeof x === 'string'))) {
    // The parent locked first, then counted in a statement of its own: it sees every item write committed before the
    // lock was granted (one UPDATE … FROM (count) would count from before it waited, and lose a concurrent tick).
    await tx.query(`SELECT 1 FROM ${parentTable} WHERE id = $1 FOR UPDATE`, [id]);
    await tx.query(
      `UPDATE ${parentTable} p SET ${c.total} = s.total, ${c.progress} = s.progress
         FROM (SELECT count(*)::int AS total,
                      CASE WHEN count(*) = 0 THEN 0 ELSE floor(100.0 * count(*) FILTER (WHERE coalesce(${c.done}, false)) / count(*))::int END AS progress
                 FROM ${def.table} WHERE ${def.parent} = $1 AND state = 'ACTIVE') s
        WHERE p.id = $1`,
      [id],
    );
  }
}

/** The checklist resources of this service whose items belong to records of `parent`. */
export function checklistsOf(parent: ResourceDef, sameService: Map<string, ResourceDef>): ResourceDef[] {
  return [...sameService.values()].filter((r) => r.checklist && r.fields[r.parent!]?.ref === parent.name);
}

/** 422 `checklist_required_open` naming the open required items (the first five) when moving `recordId` to `to` is blocked. */
export async function checkChecklistBlocks(tx: Tx, parent: ResourceDef, sameService: Map<string, ResourceDef>, recordId: string, to: string) {
  for (const child of checklistsOf(parent, sameService)) {
    const c = child.checklist!;
    if (!c.required || !c.blocks?.includes(to)) continue;
    const { rows } = await tx.query<{ name: string; n: number }>(
      `SELECT ${child.titleField} AS name, count(*) OVER ()::int AS n FROM ${child.table}
        WHERE ${child.parent} = $1 AND state = 'ACTIVE' AND coalesce(${c.required}, false) AND NOT coalesce(${c.done}, false)
        ORDER BY ${child.titleField} LIMIT 5`,
      [recordId],
    );
    if (rows.length) {
      const more = rows[0]!.n - rows.length;
      throw new AppError(422, 'checklist_required_open', { items: rows.map((r) => `"${r.name}"`).join(', ') + (more > 0 ? ` (+${more})` : '') });
    }
  }
}

/** Where an activity entry about a record is read (repository `historyScope`). */
export type ActivityScope = Pick<ActivityEntry, 'departmentId' | 'ownerIds' | 'project'> & { feature?: null };

/**
 * A new item of a checklist declaring `order`, sent without it, goes after the parent's last one (highest + 1), the
 * parent locked first so two items added at once do not take one place.
 */
export async function placeAtEnd(tx: Tx, def: ResourceDef, sameService: Map<string, ResourceDef>, input: Record<string, unknown>) {
  const order = def.checklist?.order;
  if (!order || (input[order] !== undefined && input[order] !== null)) return;
  const parent = sameService.get(def.fields[def.parent!]!.ref!);
  const parentId = input[def.parent!];
  if (parent && typeof parentId === 'string') await tx.query(`SELECT 1 FROM ${parent.table} WHERE id = $1 FOR UPDATE`, [parentId]);
  const { rows } = await tx.query<{ n: number }>(
    `SELECT coalesce(max(${order}), 0)::int + 1 AS n FROM ${def.table} WHERE ${def.parent} = $1 AND state = 'ACTIVE'`,
    [parentId ?? null],
  );
  input[order] = rows[0]!.n;
}

/**
 * The parent's history entry for a write of one of its items: `checklist.<done|undone|added|removed|changed>: <item>`
 * (the screens say it in the reader's language: ui-kit activityText), action `update`, read as the item is (its scope
 * is its parent's: `via`). `origin`: the values the write changed, as they were.
 */
export async function logOnParent(
  tx: Tx,
  ctx: CallerContext,
  def: ResourceDef,
  sameService: Map<string, ResourceDef>,
  verb: 'created' | 'updated' | 'deleted',
  row: Record<string, unknown>,
  origin: Record<string, unknown>,
  scope: ActivityScope,
) {
  const c = def.checklist!;
  const parent = sameService.get(def.fields[def.parent!]!.ref!);
  const parentId = row[def.parent!];
  if (!parent || typeof parentId !== 'string') return;
  const what =
    verb === 'created'
      ? 'added'
      : verb === 'deleted'
        ? 'removed'
        : c.done in origin
          ? row[c.done]
            ? 'done'
            : 'undone'
          : Object.keys(origin).length
            ? 'changed'
            : null;
  if (!what) return;
  // The items a parent is created with (a ticket's from its request item's template) are a part of its creation, not news.
  if (what === 'added') {
    const { rows } = await tx.query<{ fresh: boolean }>(`SELECT created_date = now() AS fresh FROM ${parent.table} WHERE id = $1`, [parentId]);
    if (rows[0]?.fresh) return;
  }
  await recordActivity(tx, ctx, {
    domain: def.domain,
    resource: parent.name,
    recordId: parentId,
    action: 'update',
    feature: parent.feature,
    description: `checklist.${what}: ${String(row[def.titleField] ?? '')}`,
    ...scope,
  });
}
