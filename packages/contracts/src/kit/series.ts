import type { FieldDef } from './field';

/** How a series repeats (RFC 5545 FREQ): the kinds a series route takes in its body's `repeat`. */
export const SERIES_REPEATS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type SeriesRepeat = (typeof SERIES_REPEATS)[number];

/**
 * A record with a time range made as a series (ResourceDef.series): the same record repeated daily, weekly or monthly
 * until a day, on the company's wall clock (service-kit resource/recurrence.ts), its occurrences sharing one id. The kit
 * answers, under the resource's path (kit/routes.ts `seriesRoutes`; service-kit resource/series.ts):
 * - `POST <path>/series-preview` — the create's body with `repeat` and `repeat_until` → every occurrence, free or taken
 *   (by which record, by the rule of the first `exclusive` declaration), before anything is written;
 * - `POST <path>/series` — the same body → the occurrences written in one transaction, each as its own create would be
 *   (its rules, limits, hooks); a slot taken is skipped and named, anything else refuses the whole series;
 * - `POST <path>/series-cancel` `{ id, note }` — the occurrence and every later one still open, cancelled (a move to
 *   `cancel`, each as its own move would be) or, without `cancel`, deleted — all or none;
 * - `PUT <path>/series-update` `{ id, …fields }` — an edit of the occurrence applied to every later one still open, a new
 *   start or end as the same shift and length for each — all or none.
 */
export interface SeriesDecl {
  /** The first occurrence's start and end: two datetime fields, or two date fields. */
  start: string;
  end: string;
  /** The readonly text field holding the id every occurrence of one series shares (a filter). */
  group: string;
  /** A readonly enum field recording how the series repeats (its values include SERIES_REPEATS). */
  repeat?: string;
  /** The most occurrences one series makes. */
  max: number;
  /**
   * The workflow status a cancel moves each occurrence to; an occurrence is still open (changed and cancelled with the
   * rest) in a status that may move to it. Without it, the rest of a series is cancelled by deleting them.
   */
  cancel?: string;
}

/** The series routes' paths under a resource's path (the UI calls them from here, never from a literal). */
export const seriesPaths = (path: string) => ({
  preview: `${path}/series-preview`,
  create: `${path}/series`,
  cancel: `${path}/series-cancel`,
  update: `${path}/series-update`,
});

/** The most occurrences any series may declare (a daily series for a year and a half). */
export const SERIES_MAX_LIMIT = 550;

/** Checks a series declaration against its resource's fields and workflow (defineResource). */
export function checkSeries(
  name: string,
  fields: Record<string, FieldDef>,
  s: SeriesDecl,
  workflow: { field: string; moves: Record<string, readonly string[]> } | undefined,
): void {
  const [start, end] = [fields[s.start], fields[s.end]];
  if (!start || !end || start.type !== end.type || !['date', 'datetime'].includes(start.type) || start.before !== s.end)
    throw new Error(`${name}: series start and end must be two date or two datetime fields, the start declaring before: '${s.end}'`);
  const group = fields[s.group];
  if (group?.type !== 'text' || !group.readonly || (group.max !== undefined && group.max < 36))
    throw new Error(`${name}: series.group must be a readonly text field holding an id (36 characters)`);
  if (s.repeat) {
    const r = fields[s.repeat];
    if (r?.type !== 'enum' || !r.readonly || SERIES_REPEATS.some((v) => !r.values!.includes(v)))
      throw new Error(`${name}: series.repeat must be a readonly enum field with the values ${SERIES_REPEATS.join(', ')}`);
  }
  if (!Number.isInteger(s.max) || s.max < 2 || s.max > SERIES_MAX_LIMIT) throw new Error(`${name}: series.max between 2 and ${SERIES_MAX_LIMIT}`);
  if (s.cancel !== undefined && (!workflow || !Object.values(workflow.moves).some((tos) => tos.includes(s.cancel!))))
    throw new Error(`${name}: series.cancel must be a status the workflow moves to`);
}

/** The statuses an occurrence of a series is still open in (ResourceDef.series.cancel): those that may move to `cancel`. */
export function seriesOpenStatuses(s: SeriesDecl, workflow: { moves: Record<string, readonly string[]> } | undefined): string[] | null {
  if (!s.cancel || !workflow) return null;
  return Object.entries(workflow.moves)
    .filter(([, tos]) => tos.includes(s.cancel!))
    .map(([from]) => from);
}
