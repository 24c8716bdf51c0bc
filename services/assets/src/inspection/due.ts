import { INSPECTION_DUE_DAYS } from '@portal/contracts';
import type { Queryable, ServiceKit } from '@portal/service-kit';

/** Which assets to look at again: some by id, those of a group or a type (its interval changed), or every one. */
export type DueOf = { assets: string[] } | { group: string } | { type: string } | 'all';

function whereOf(of: DueOf, values: unknown[]): string {
  if (of === 'all') return 'TRUE';
  values.push('assets' in of ? of.assets : 'group' in of ? of.group : of.type);
  return 'assets' in of ? `a.id = ANY($${values.length}::uuid[])` : 'group' in of ? `a.group_id = $${values.length}` : `a.type_id = $${values.length}`;
}

/**
 * Keeps each asset's place against its inspection policy (contracts assets/inspection.ts): the last inspection's date,
 * the next due date — the last inspection's `valid_until`, or its date plus the interval of the asset's group (else its
 * type), or, never inspected, the purchase date plus the interval; a failed inspection makes it due that day; none for a
 * liquidated asset or one without a policy — and `inspection_state` on `today` (OK, DUE within INSPECTION_DUE_DAYS,
 * OVERDUE). Derived values: no history entry, no event. Rows already right are not written, so running it again, or on
 * two instances at once, changes nothing more. Returns how many assets changed.
 */
export async function refreshInspectionDue(db: Queryable, today: string, of: DueOf): Promise<number> {
  const values: unknown[] = [today, INSPECTION_DUE_DAYS];
  const where = whereOf(of, values);
  const { rowCount } = await db.query(
    `UPDATE asset a SET last_inspection_date = x.last, next_inspection_date = x.next,
            inspection_state = CASE WHEN x.next IS NULL THEN NULL WHEN x.next < $1::date THEN 'OVERDUE'
                                    WHEN x.next <= $1::date + $2::int THEN 'DUE' ELSE 'OK' END
       FROM (
         SELECT a.id, li.inspection_date AS last,
                CASE WHEN a.status = 'LIQUIDATION' THEN NULL
                     WHEN li.result = 'FAILED' THEN li.inspection_date
                     WHEN li.valid_until IS NOT NULL THEN li.valid_until
                     WHEN coalesce(g.inspection_months, t.inspection_months) IS NULL THEN NULL
                     ELSE (coalesce(li.inspection_date, a.purchase_date) + make_interval(months => coalesce(g.inspection_months, t.inspection_months)))::date
                END AS next
           FROM asset a
           JOIN asset_type t ON t.id = a.type_id
           LEFT JOIN asset_group g ON g.id = a.group_id
           LEFT JOIN LATERAL (
             SELECT i.inspection_date, i.valid_until, i.result FROM asset_inspection i
              WHERE i.asset_id = a.id AND i.state = 'ACTIVE' ORDER BY i.inspection_date DESC, i.created_date DESC LIMIT 1
           ) li ON TRUE
          WHERE ${where}
       ) x
      WHERE a.id = x.id
        AND (a.last_inspection_date, a.next_inspection_date, a.inspection_state) IS DISTINCT FROM
            (x.last, x.next, CASE WHEN x.next IS NULL THEN NULL WHEN x.next < $1::date THEN 'OVERDUE'
                                  WHEN x.next <= $1::date + $2::int THEN 'DUE' ELSE 'OK' END)`,
    values,
  );
  return rowCount ?? 0;
}

/**
 * The daily part: as days pass, assets become due and overdue. Looked at with the service's other daily work, it runs
 * the whole register once a day per instance (and once when the instance starts: an upgraded database gets its due
 * dates then) — `ranOn` holds the day it last ran.
 */
export async function dailyInspectionDue(kit: ServiceKit, ranOn: { day: string }): Promise<number> {
  const today = kit.today();
  if (ranOn.day === today) return 0;
  const n = await refreshInspectionDue(kit.pool, today, 'all');
  ranOn.day = today;
  return n;
}
