import { can, type Action, type CallerContext, type Feature } from '../common/permissions';
import type { FieldDef, Label } from './field';

/**
 * # Who may act on a record, declared
 *
 * A resource names its **actors** — the people a record gives a part to — and, per act, which of them may do it, in
 * which statuses and in which time window. The service kit enforces it on every way in (an edit, an import row, a bulk
 * write, a status move and its spec alias, the approval actions submit, resubmit and withdraw) and builds the refusal
 * from these labels (service-kit resource/actors.ts); `GET <path>/:id/acts` answers what the caller may do, so screens
 * offer only that. Rights (the feature × action the gateway checks) and the data scope still come first: an actor
 * rule narrows who, among those who may reach the record, may do the act.
 */

/**
 * One actor:
 * - `staff`: the staff member a ref field names, or any of those a refs field names (requester, performer, orderer,
 *   driver, the person a schedule entry is for);
 * - `creator`: the account that created the record;
 * - `manager`: the approve right on a feature (`true`: the resource's own) for a record within the caller's staff scope
 *   (the record's `scope.staffDepartment` among the caller's departments; VIEW_ALL: every record) — a department head
 *   for their unit's records, the office for all; a record read only because it names the caller is not theirs to
 *   manage; `department`: the record's field naming its department when it is not the scope's (a record scoped
 *   through its parent — an asset's repair — copies its parent's department, `copyFrom` with `follow`);
 * - `right`: a right on a feature, whatever the record.
 * `except`: the caller is not this actor while they are also one of those (a driver who ordered the trip does not log
 * it). An administrator is every actor. `label`: how a refusal names them ("the requester", "a ticket manager").
 */
export type ActorDecl = { label: Label; except?: readonly string[] } & (
  | { staff: string }
  | { creator: true }
  | { manager: Feature | true; department?: string }
  | { right: { action: Action; feature: Feature } }
);

/**
 * When an act may be done, against the record's `ActsDecl.start`: `before_start` — not once it has started (the start
 * at or before now); `after_start` — only once it has.
 */
export type ActWindow = 'before_start' | 'after_start';

/**
 * Who may do one act: `by` — the actors (any of them); `in` — only while the workflow's status is one of these (any,
 * without); `window` — only in this time window.
 */
export interface ActRule {
  by: readonly string[];
  in?: readonly string[];
  window?: ActWindow;
}

/** One act's rules: the first whose `in` holds the record's status decides (none: the act is refused in that status). */
export type ActRules = ActRule | readonly ActRule[];

/** A group of fields only some actors write: set on a create (to other than its default) or changed by an update. */
export interface FieldActRule extends ActRule {
  fields: readonly string[];
  /**
   * `share`: the fields decide who reads the record (visibility, the named readers, its handler): nobody but these
   * actors widens or narrows readership (the abuse properties check it).
   */
  share?: boolean;
}

export interface ActsDecl {
  /** The date or datetime field the time windows count from (a booking's start). */
  start?: string;
  /** Who may edit the record at all (its fields as a user writes them: an edit, an import row, a calendar move). */
  edit?: ActRules;
  /**
   * Fields only some actors write, on a create as on an update. The caller must be one of them for the record as it
   * was and as it will be: nobody hands a record to someone out of their own reach.
   */
  fields?: readonly FieldActRule[];
  /** Who may delete it (DELETE, bulk delete, `state: INACTIVE`). */
  delete?: ActRules;
  /** Per status moved to: who may make the move (`'*'`: every move not named). */
  moves?: Readonly<Record<string, ActRules>>;
  /** Who may send it for approval (submit, resubmit). */
  submit?: ActRules;
  /** Who may withdraw its approval, and when — on top of the engine's own rule (only its submitter withdraws it). */
  cancel?: ActRules;
  /**
   * The moves that wait for the approval engine (`workflow.moves` targets): the record must be APPROVED — by its named
   * approvers or the flow configured for its document type — before it reaches any of these, whatever the route.
   */
  approved?: readonly string[];
}

/** The acts a caller may be asked about (`GET <path>/:id/acts`). */
export type ActName = 'edit' | 'delete' | 'submit' | 'cancel';

export interface ActsView {
  edit: boolean;
  delete: boolean;
  submit: boolean;
  cancel: boolean;
  moves: string[];
  fields: string[];
}

/** The ids of the staff a ref or refs value names, in one normal form. */
const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]).map((x) => String(x).toLowerCase());

/**
 * Whether the caller is actor `name` of `row` (the record as stored, or — for a create, or the record as a write will
 * leave it — the values it will hold). `actors`: the resource's declared actors; `feature`: its own feature;
 * `department`: its staff-scope department field.
 */
export function isActor(
  actors: Readonly<Record<string, ActorDecl>>,
  name: string,
  row: Record<string, unknown>,
  ctx: CallerContext,
  feature: Feature,
  department: string | undefined,
  depth = 0,
): boolean {
  const a = actors[name];
  if (!a) throw new Error(`unknown actor ${name}`);
  if (ctx.isAdmin) return true;
  if (depth < 3 && a.except?.some((x) => isActor(actors, x, row, ctx, feature, department, depth + 1))) return false;
  if ('staff' in a) return Boolean(ctx.staffId) && idsOf(row[a.staff]).includes(ctx.staffId!.toLowerCase());
  if ('creator' in a) return String(row.created_by ?? '').toLowerCase() === ctx.userId.toLowerCase();
  if ('right' in a) return can(ctx, a.right.action, a.right.feature);
  if (!can(ctx, 'approve', a.manager === true ? feature : a.manager)) return false;
  const ids = ctx.staffScope.departmentIds;
  if (ids === null) return true;
  const field = a.department ?? department;
  const dept = field ? String(row[field] ?? '').toLowerCase() : '';
  return Boolean(dept) && ids.some((d) => d.toLowerCase() === dept);
}

/** Checks a resource's actors and acts against its fields and workflow (defineResource). */
export function checkActs(
  name: string,
  fields: Record<string, FieldDef>,
  actors: Readonly<Record<string, ActorDecl>> | undefined,
  acts: ActsDecl | undefined,
  statuses: readonly string[] | null,
) {
  if (!acts) return;
  if (!actors) throw new Error(`${name}: acts need actors`);
  for (const [n, a] of Object.entries(actors)) {
    if ('staff' in a && (!['ref', 'refs'].includes(fields[a.staff]?.type ?? '') || fields[a.staff]!.ref !== 'staff'))
      throw new Error(`${name}: actor ${n} names ${a.staff}, which must be a ref or refs field to staff`);
    if ('manager' in a && a.department && (fields[a.department]?.type !== 'ref' || fields[a.department]!.ref !== 'organization'))
      throw new Error(`${name}: actor ${n}'s department ${a.department} must be a ref field to organization`);
    for (const x of a.except ?? []) if (!actors[x]) throw new Error(`${name}: actor ${n} excepts an unknown actor ${x}`);
  }
  const rules = (r: ActRules | undefined): readonly ActRule[] => (r === undefined ? [] : Array.isArray(r) ? r : [r as ActRule]);
  const all = [
    ...rules(acts.edit),
    ...rules(acts.delete),
    ...rules(acts.submit),
    ...rules(acts.cancel),
    ...Object.values(acts.moves ?? {}).flatMap(rules),
    ...(acts.fields ?? []),
  ];
  for (const r of all) {
    if (!r.by.length) throw new Error(`${name}: an act rule names at least one actor`);
    for (const b of r.by) if (!actors[b]) throw new Error(`${name}: an act names an unknown actor ${b}`);
    if (r.in && !statuses) throw new Error(`${name}: acts.in needs a workflow`);
    for (const s of r.in ?? []) if (!statuses!.includes(s)) throw new Error(`${name}: acts.in names ${s}, not a status`);
    if (r.window && !acts.start) throw new Error(`${name}: an act window needs acts.start`);
  }
  if (acts.start && !['date', 'datetime'].includes(fields[acts.start]?.type ?? '')) throw new Error(`${name}: acts.start must be a date or datetime field`);
  for (const g of acts.fields ?? []) for (const k of g.fields) if (!fields[k]) throw new Error(`${name}: acts.fields names an unknown field ${k}`);
  for (const s of [...Object.keys(acts.moves ?? {}).filter((k) => k !== '*'), ...(acts.approved ?? [])]) {
    if (!statuses?.includes(s)) throw new Error(`${name}: acts names the move to ${s}, not a status`);
  }
}

/** An act's rules as a list. */
export const actRules = (r: ActRules | undefined): readonly ActRule[] => (r === undefined ? [] : Array.isArray(r) ? r : [r as ActRule]);
