import type { Params } from '@portal/service-kit';

/**
 * SQL pieces the HR reports share. Every report is one statement per figure; the organization tree is walked in SQL
 * (recursive CTEs), never row by row.
 */

/** `column IN (the organization and everything under it)`, or null without a filter. */
export function inSubtree(columns: string[], organizationId: string | null, p: Params): string | null {
  if (!organizationId) return null;
  const sub = `(WITH RECURSIVE sub AS (SELECT id FROM organization WHERE id = ${p.add(organizationId)}::uuid
      UNION SELECT o.id FROM organization o JOIN sub ON o.parent_id = sub.id) SELECT id FROM sub)`;
  return `(${columns.map((c) => `${c} IN ${sub}`).join(' OR ')})`;
}

/**
 * CTE `unit_of(org_id, unit_id)`: the unit of every organization node — the node itself when it is a UNIT, else its
 * nearest UNIT ancestor. (A department's `unit_id` on the staff record may name a parent department; the tree is the
 * truth.)
 */
export const UNIT_OF_CTE = `up(org_id, id, parent_id, type, depth) AS (
    SELECT o.id, o.id, o.parent_id, o.type, 0 FROM organization o
    UNION ALL
    SELECT up.org_id, o.id, o.parent_id, o.type, up.depth + 1 FROM up JOIN organization o ON o.id = up.parent_id
     WHERE up.type IS DISTINCT FROM 'UNIT' AND up.depth < 50
  ),
  unit_of AS (SELECT DISTINCT ON (org_id) org_id, id AS unit_id FROM up WHERE type = 'UNIT' ORDER BY org_id, depth)`;

/** WHERE from conditions (nulls dropped). */
export const where = (...conds: (string | null | undefined | false)[]) => {
  const list = conds.filter((c): c is string => Boolean(c));
  return list.length ? `WHERE ${list.join(' AND ')}` : '';
};
