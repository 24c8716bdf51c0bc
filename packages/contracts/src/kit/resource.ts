import { checkComputed, codePattern, type FieldDef, type Label } from './field';
import { PROJECT_DIRECTORY, type Action, type Domain, type Feature } from '../common/permissions';
import { approvalStatusField, type CostLimitKind } from './approval';
import type { MenuIcon } from './menu';
import { checkBooking, type BookingDecl } from './booking';
import { checkDeadline, type DeadlineDecl } from './deadline';
import { checkSeries, type SeriesDecl } from './series';
import { checkActs, type ActorDecl, type ActsDecl } from './actors';

/**
 * A printed form beyond the record's fields (ResourceDef.print): `lines` — a resource whose `parent` is this one, its
 * listed fields printed as a table under the fields (a handover certificate's assets); `signatures` — signature blocks
 * of the record's own people: `role` the block's heading, `staff` a ref field to staff (the name under the block), `at`
 * a date or datetime field (when they signed: a giver when it was sent, a receiver when it was complete).
 */
export interface PrintDecl {
  lines?: string;
  signatures?: readonly { role: Label; staff: string; at?: string }[];
  /** The fields printed, in this order (without it, every field as the Word export shows them). */
  fields?: readonly string[];
  /** Money fields also written in words under their figure ("Bằng chữ: Một tỷ hai trăm triệu đồng"). */
  words?: readonly string[];
  /**
   * How the approvals are printed: `blocks` (default) — signature blocks side by side, the submitter's first;
   * `request` — as an approval request form has them: one row per level, headed by the level's title (the flow's
   * `title`), with the approver's decision, comment, name and time, then the date and the sender.
   */
  approvals?: 'blocks' | 'request';
}

/** How rows of a resource are limited by the caller's data scope (spec §6). */
export interface ScopeRule {
  /** Staff scope: the column holding the department the row belongs to. */
  staffDepartment?: string;
  /** Staff scope: a row always visible to the staff it belongs to (own record). */
  ownStaff?: string;
  /**
   * Staff scope: ref or refs fields to staff whose people also read and write the row, whatever their department (a
   * ticket's performer, approvers and followers work on it from another unit). Needs `staffDepartment`.
   */
  shared?: readonly string[];
  /**
   * The row is visible exactly when the record this reference field points to is (a staff member's contracts,
   * family, … follow the staff member's scope; a transfer carries them into the new department's scope).
   */
  via?: string;
  /**
   * Reads are not limited, writes are: the column holding the department a row belongs to when it is written (an
   * organization unit: its own id, so a limited caller edits only units within their departments, and — the resource
   * being a tree — creates or moves units only under them).
   */
  writeDepartment?: string;
  /**
   * Project scope (spec §6): the ref field holding the project the row belongs to (`PROJECT_DIRECTORY.register`). A caller
   * without VIEW_ALL reads and writes only rows of the projects the gateway resolved for them (`projectScope.projectIds`:
   * the roles' specific projects, the projects of their departments, the projects whose team they are on); a row without
   * a project is theirs only with VIEW_ALL. With `staffDepartment` too, a row must be in both scopes. The project
   * register itself declares `'id'`: each project is its own (and a project of the caller's departments is theirs).
   */
  project?: string;
  /**
   * Owner scope: rows of the signed-in user (delegations, bookmarks). The ref fields to `user` naming the accounts a row
   * belongs to: a caller reads the rows where one of them is theirs, and writes (creates, changes, deletes) only those
   * whose first one — the owner — is them, before and after the write. Administrators read and write every row.
   */
  owner?: readonly string[];
  /**
   * Limited visibility (spec §3 "Visibility: Public 1, Limit 0"): a row whose `field` is not `open` is read and written —
   * on every path: lists, details, counts, exports, calendars, the files attached to it (files service), its history —
   * only by the staff named in `staff` (refs to staff), the staff whose own unit is named in `departments` (refs to
   * organization), the staff member the row belongs to (`ownStaff`), its creator and administrators, whatever their data scope (being named is the grant). An open row
   * follows the other rules. The history of a limited row is its creator's and its actors' (activity entries without a
   * feature), so the log never shows it to someone the record is hidden from.
   */
  limited?: { field: string; open: string | number; staff: string; departments: string };
}

/**
 * The portal's project directory (ARCHITECTURE §9; service-kit projects/directory.ts), declared on the resources of the
 * service that owns projects (`PROJECT_DIRECTORY.domain`): `register` — this resource is the project register, `department`
 * the ref field of the department a project belongs to; `team` — this resource is the project teams (staff × position in
 * a project). The owning service answers `/internal/projects/*` from them; the gateway resolves project scopes, and the
 * approval directory POSITION_OF_PROJECT, through it.
 */
export type ProjectDirectoryDecl = { kind: 'register'; department: string } | { kind: 'team'; project: string; staff: string; position: string };

/**
 * Whom a record is about (the write guard and separation of duties: service-kit resource/guard.ts and approval/engine.ts):
 * - `staff`: the staff member `field` points to (`'id'`: the staff record itself);
 * - `user`: the account `field` points to (`'id'`: the account itself);
 * - `role`: a role is about those who hold it;
 * - `unit`: an organization unit is about the staff in it: the caller's own department and every unit above it.
 */
export type AboutRule = { kind: 'staff' | 'user'; field: string } | { kind: 'role' } | { kind: 'unit' };

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Resource name, unique across the portal (used by refs, activity-log context, events). */
  name: string;
  domain: Domain;
  /** API path under /api/v1, verbatim from the spec (e.g. '/staff', '/familyRelationship'). */
  path: string;
  table: string;
  /** Permission feature (spec §6): GET needs view, POST add, PUT edit, DELETE delete. */
  feature: Feature;
  /**
   * The feature whose rights writes need instead (create, update, delete, import, bulk; `featureFor`): a domain's
   * settings — rooms, cars, document types, ticket statuses — are read by everyone who books or files with `feature`,
   * and kept only by who holds `writeFeature` (an employee who books a room does not delete it).
   */
  writeFeature?: Feature;
  /**
   * Ref or refs fields to staff whose people follow the record: each change of it — created, updated, a status move,
   * an approval step, deleted — is a notification to them (their accounts), never to whoever made the change
   * (service-kit resource/followers.ts; after the commit, from the record's events).
   */
  followers?: readonly string[];
  /**
   * The resource is a checklist of its `parent` (a ticket's items): `done`, a bool field, ticks an item; the parent's
   * readonly int fields `total` and `progress` hold, after every write of an item in the same transaction, how many
   * ACTIVE items it has and the percent of them done (0 without items). `required`, a bool field: the parent's workflow
   * may not move to a status of `blocks` while a required item is open (422 naming them). `order`, an int field: a new
   * item sent without it goes to the end (the parent's highest plus one). Every item added, ticked, unticked, changed or
   * removed is also an entry of the parent's history (service-kit resource/checklist.ts).
   */
  checklist?: { done: string; total: string; progress: string; required?: string; blocks?: readonly string[]; order?: string };
  /**
   * A read-only view of another resource of the same service (`of`, whose table it names): some of its fields (same
   * names and types), read with this resource's own feature and scope — the company directory is the staff table's
   * names, positions, units, phones and emails for everyone holding `contact`. Only reads: list, export, detail; no
   * table of its own. `except`: rows it leaves out (staff who quit). Pickers of references to `of` read it when the
   * caller may not read `of` itself (ui-kit RefSelect).
   */
  projection?: { of: string; except?: { field: string; values: readonly string[] } };
  label: Label;
  /** The icon of its sidebar entry, where the domain's menu lists it (`menuOf`, kit/menu.ts). */
  icon?: MenuIcon;
  fields: F;
  /** Default order (spec §9), e.g. 'created_date desc'. */
  defaultOrder: string;
  scope?: ScopeRule;
  /** Whom a record is about: nobody changes the guarded fields of a record about themselves nor approves it. */
  about?: AboutRule;
  /**
   * The reference field naming the record this one belongs to (a staff member's contract → `staff_id`): the parent's
   * detail page shows these records in a tab and its Word export lists them.
   */
  parent?: string;
  /**
   * The record is written (created, changed, deleted) only while its `parent`'s workflow status is one of these: a
   * plan's lines while the plan is a draft or was rejected, never once it is sent or approved (422 naming the parent's
   * status). The parent's row is locked for the write, so a move of the parent waits for it, and it for the move.
   */
  parentOpen?: readonly string[];
  /**
   * The record is part of its parent (an evaluation's scored lines, a quotation's items): writing it — create, change,
   * delete — is an edit of the parent, refused (403 or 422, in the parent's words) unless the parent's declared
   * `acts.edit` lets the caller edit the parent then: who, in which of its statuses, in which time window — checked, as
   * `parentOpen` is, before the resource's hooks judge the content. The parent's row is locked for the write, as with
   * `parentOpen`; its detail page shows the records read-only to everyone else.
   */
  parentEdit?: boolean;
  /**
   * The record can be exported to Word (`GET <path>/:id/word`): its fields with labels, and a section per resource
   * whose `parent` points to it (a staff member's contracts, education, …; a candidate's interviews).
   */
  word?: boolean | WordDecl;
  /**
   * The record has a printable form (`GET <path>/:id/pdf`): an A4 PDF with a Vietnamese font embedded, its fields as the
   * Word export shows them and, with `approval`, the signature blocks of the submitter and each approval level (name,
   * outcome, date, comment) from the approval engine; the record's page offers it.
   */
  print?: boolean | PrintDecl;
  /** Self-referencing tree (organization units). */
  tree?: { parentField: string };
  /**
   * The field, or fields, whose values identify a row on import: a row whose key matches an ACTIVE record within the
   * caller's scope updates it instead of creating a duplicate. With several fields all must match (references by
   * their resolved id, text case-insensitively): child records have no single natural key (a staff member's family
   * member is `['staff_id', 'full_name']`). A row with any key cell blank always creates. Without a key every row creates.
   */
  importKey?: string | string[];
  /**
   * Combinations of fields unique among ACTIVE rows (one leave-days row per staff member and year: `[['staff_id',
   * 'year']]`); text compared case-insensitively. A duplicate is a 409 on the last field of the combination, "<its
   * label> already exists" ("Year already exists"; "Code already exists" for a code). A single unique field is
   * `FieldDef.unique`.
   */
  unique?: string[][];
  /**
   * Things held one at a time (a room, a car, a driver): no two ACTIVE rows with equal `over` fields have overlapping
   * `from`–`to` ranges — two datetime fields (half-open: one meeting may end when the next starts; `from` must be before
   * `to`) or two date fields (inclusive) — except rows whose enum `unless.field` holds one of `unless.values` (a
   * cancelled booking frees its slot). Kept by an exclusion constraint in the database (`ex_<table>__<over…>`), so two
   * writes at once can never both win; a clash is a 409 on the first `over` field naming the record that holds the slot.
   */
  exclusive?: readonly ExclusiveDecl[];
  /**
   * Things open one at a time: no two ACTIVE rows with equal `over` fields while each holds `where` (every field one of
   * its values) — an advance to a subcontractor while an earlier one is unsettled. Kept by a partial unique index in
   * the database (`op_<table>__<over…>`), so two writes at once can never both pass; a write that would open a second
   * is a 409 on `field` (default the first `over` field) saying `message` — a create, an edit, a status move or the
   * approval engine's status alike (a refused advance sent again while another is open).
   */
  oneOpen?: readonly OneOpenDecl[];
  /** How long and how far ahead the slots of `exclusive` are booked, and how long a draft holds one (kit/booking.ts). */
  booking?: BookingDecl;
  /** A due moment the kit watches: reminders ahead, an overdue flag, each person told once (kit/deadline.ts). */
  deadline?: DeadlineDecl;
  /** The record is made, changed and cancelled as a repeating series too (kit/series.ts): four routes under its path. */
  series?: SeriesDecl;
  /** The field shown as the record's name (pickers, delete confirmation). */
  titleField: string;
  /**
   * An enum field of the record shown beside its title in every picker of it, in its colour (`valueLabels`,
   * `valueColors`): a contractor's grade, so one in poor standing (Trung bình, red) is seen as it is picked.
   */
  pickerTag?: string;
  /**
   * The title is shown through any reference a reader may read, whatever their scope of this resource (a staff member's
   * name on a ticket they approve). Without it, a reference shows its record's title (`<field>__title`, exports, Word)
   * only to a reader whose scope covers that record: no read path names a record its reader cannot read.
   */
  publicTitle?: boolean;
  /**
   * The record goes through the kit's approval engine (service-kit/src/approval): flows are chosen by
   * `documentType` and, when given, the record's `amountField` value against each flow's cost band.
   * Adds the routes submit, resubmit, cancel, approve, refuse, submit-superiors and GET <path>/:id/approval, and
   * gives the domain the approval settings routes (kit/approval.ts). `costLimit`: the approval cost limit the
   * amount is compared with to choose an UP_TO_LIMIT or ABOVE_LIMIT flow. `statusField`: the readonly enum field the
   * engine keeps equal to the approval status (for list columns and filters), starting DRAFT — `approval_status` unless
   * named, added by `defineResource` when the resource does not declare it. `approversField`: a refs field to staff
   * naming the record's own approvers, in order (a ticket's): when it names anyone, each of them is one level — approved
   * in that order, the first refusal ends it — instead of the document type's flow.
   */
  approval?: { documentType: string; amountField?: string; costLimit?: CostLimitKind; statusField?: string; approversField?: string };
  /**
   * A declared status workflow: the readonly enum `field` holding the status, and the `moves` a user may make from each
   * status. Gives `POST <path>/:id/status` with body `{ status, note }` (and whatever the resource's status hooks read),
   * taking `action` on the feature (default edit): a move the table does not allow is a 422 naming both statuses; a
   * move writes the record (activity entry, `updated` event) and a `status` event. Moves that are the workflow's own
   * (a request DONE at its head count) are made by the service (service-kit resource/workflow.ts `moveStatus`).
   * `records`: what a move to a status records — readonly fields the move must be given in its body (a trip's odometer
   * reading at departure and at return), each checked as the field declares it (400 on the field otherwise) and written
   * with the move; the move's dialog asks for them. `alias`: the spec's own path for the move (WorkflowAlias).
   * `verbs`: the moves a record's page offers by name — the move to a status as its own button ("Gửi bàn giao / Send
   * for handover", "Rút lại / Withdraw"), asking only for its note and what it records; moves without a verb stay in the
   * generic "Change status" dialog (and every move stays there in a list's row).
   * `activity`: the title of a move's activity entry, before the two statuses and the note ("Update review cost status:
   * A → B — note", spec §7); without it the entry says "Update status: A → B", or the move's note when it has one.
   */
  workflow?: {
    field: string;
    activity?: Label;
    moves: Record<string, readonly string[]>;
    action?: Action;
    records?: Readonly<Record<string, readonly string[]>>;
    alias?: WorkflowAlias;
    verbs?: Readonly<Record<string, Label>>;
  };
  /**
   * Bulk actions (service-kit resource/bulk.ts), each all or nothing with the errors of every row (`items.N.field`,
   * `ids.N`): `create` — `POST <path>/bulk-create` `{ items, ...fields shared by every item }` (at most BULK_MAX);
   * `delete` — `POST <path>/bulk-delete` `{ ids }`; `status` — `POST <path>/bulk-status` `{ ids, status, note }` (a
   * resource with a workflow); `approval` — `POST <path>/bulk-approve`, `bulk-refuse` (the approve right) and
   * `bulk-cancel` (the add right) `{ ids, description }` (a resource with `approval`): each record as its own action would
   * be (the caller must be its approver now, never of a record of their own; only its submitter cancels). Each is a write
   * route the abuse properties test, so only where screens use it.
   */
  bulk?: { create?: boolean; delete?: boolean; status?: boolean; approval?: boolean };
  /**
   * The records are events on a calendar (ui-kit `ResourceCalendar`): `start` and `end` are two date fields
   * or two datetime fields (the event's first and last day, or its start and end time), `title` the text shown (default
   * the title field), `location` a ref field marked `filter` the calendar is filtered by (a leave's department, a
   * booking's room), `color` an enum field whose value colours the event (its status). Gives `GET <path>/calendar?from&to`
   * (dates, inclusive, at most CALENDAR_MAX_DAYS apart; `f_<field>` filters as the list's): the ACTIVE records that
   * overlap the range, in the caller's scope; and `busy`, where `exclusive` holds the location alone (a room, a car:
   * service-kit resource/busy.ts), the slots of the same days that bookings outside the caller's scope hold — their times
   * and location only — for a caller who may add. A record is added and moved by the resource's own create and update.
   * `hidden`: values of `color` the calendar leaves out until the user asks for them (refused and cancelled leave).
   * `area`: a wider place filter beside `location` — a ref field marked `filter`, usually copied from the location (the
   * site a booked room or car is at); once an area is picked, the location picker offers that area's own (when the
   * location's resource has a field of the same name).
   */
  calendar?: CalendarDecl;
  /** This resource is the project register or the project teams of the portal's project directory. */
  projects?: ProjectDirectoryDecl;
  /**
   * `own`: every signed-in user uses the resource on their own rows (`scope.owner`), whatever their roles: its routes
   * need a signed-in caller, not a right on `feature` (which still names it in the activity log).
   */
  access?: 'own';
  /**
   * `GET <path>/me`: the caller's own record — the row that is them (`scope.ownStaff` must be `id`) — to every signed-in
   * user whatever their rights: "My information" for an employee who may not read staff records. A read of that one
   * row only, in the caller's scope (which holds their own row); nothing else of the resource opens with it.
   */
  mine?: true;
  /**
   * `GET <path>/check-code?code=…&id=…` (spec §7 "code check"): whether an ACTIVE record other than `id` already holds
   * this code — `{ exists, message }` — so the form says "Code already exists" as the code is typed, not after a save.
   * Needs a unique `code` field; the write's unique index stays the judge (a 409 on the field).
   */
  codeCheck?: true;
  /**
   * `GET <path>/check-create?…` (spec §7 a plan's "check-create"): whether an ACTIVE record already holds the values of
   * the resource's first `unique` set, each sent as the list filters it (`filterAlias`, or `f_<field>`) — `{ exists,
   * message }` — so the form says "A yearly plan for these already exists" before it is filled. The write's unique
   * index stays the judge (a 409).
   */
  createCheck?: true;
  /**
   * The list answers `today_count` too (spec §3 "Document: carries today_count"): how many of its rows — its filters, the
   * caller's scope — have this date or datetime field (or `created_date`) on today, the company's day.
   */
  todayCount?: string;
  /**
   * Named counts the list answers beside its rows (spec §3 "Asset lists also carry totalAssets and totalEquipments"):
   * each key is how many rows of the list — its filters, the caller's scope, every page — hold one of `values` in the
   * enum `field`; kept, like the total, between writes. The list page shows each with its `label`.
   */
  tally?: Readonly<Record<string, { field: string; values: readonly (string | number)[]; label: Label }>>;
  /**
   * A plain reference list: its writes decide nothing about access, pay, rights, approval or a workflow — a
   * leave type, a document type, a ticket status. The per-commit abuse properties sample its write routes lightly (the
   * deep run as deeply as any). Declared, never guessed from a shape: `administratorArea` and `group` look plain and
   * decide who administers what. Checked: no guarded field, `about`, owner scope, approval, workflow, actors or projects.
   */
  plain?: boolean;
  /**
   * The record is found by the navbar search (kit/search.ts): its service's `GET /<domain>/search?q=` answers the first
   * few of its list for `q` — the list's own query, so the same right, data scope and accent-blind match — with a link
   * to each record's page. `{ insteadOf }`: only for callers who may not read that resource (the company directory finds
   * colleagues for those who cannot read staff records).
   */
  findable?: true | { insteadOf: string };
  /** The people a record gives a part to (kit/actors.ts), by name: its requester, performer, orderer, manager, keeper… */
  actors?: Readonly<Record<string, ActorDecl>>;
  /**
   * Which actors may edit, delete, move, submit and withdraw the record, and write which fields, in which statuses and
   * time window; which moves wait for approval (kit/actors.ts `ActsDecl`). Without it, rights and scope decide alone.
   */
  acts?: ActsDecl;
}

/**
 * The spec's own path for a resource's status move (`/book-car-status { bookCarId, statusId }`, `/ticket-change-status
 * { id, setting_status_id }`): `POST <path>` with the record's id in the body's `id` field and the status in its `status`
 * field answers as `POST <resource path>/:id/status` — the same right, scope, table of moves (422), records, hooks,
 * activity entry and events; `note` and whatever else the moves read come in the same body. The status is a value of
 * the workflow's field; with `via`, the id of an ACTIVE record of `via.resource` (of the same service) whose enum
 * `via.field` holds it (a ticket status and its stage), 400 on `status` for an unknown one.
 */
export interface WorkflowAlias {
  path: string;
  /** The body field of the record's id; none when the path carries it (`/project-business/suggest/:id/change-status`). */
  id?: string;
  status: string;
  via?: { resource: string; field: string };
  /** `PUT` where the spec's path is one (`PUT …/:id/change-status`); `POST` without. */
  method?: 'POST' | 'PUT';
  /**
   * More paths of the spec's for some of the moves (a plan's `PUT …/:id/approval` { status, note }: approve or reject
   * only), each carrying the id and taking the same method and body: `to`, the statuses it moves to. The same checks.
   */
  also?: readonly { path: string; to: readonly string[] }[];
}

/** The record's id in an alias's path (`…/:id/change-status`) rather than its body. */
/**
 * What the service answers (422) and the parent's page says when a `parentOpen` child is written while its parent's
 * status is not one of the declared: `{parent}` the parent's label in a sentence, `{status}` the status's label.
 */
export const PARENT_CLOSED = {
  vi: 'Không thể thêm, sửa hay xóa nội dung khi {parent} đang ở trạng thái "{status}"',
  en: 'The {parent} is "{status}": its lines can no longer be added, changed or removed',
} as const;

/**
 * The field holding the parent's status a `parentOpen` names: its workflow's, or its approval's (a payment order has
 * both; its confirmations are written while it is APPROVED) — the first holding every status named.
 */
export const parentOpenField = (parent: ResourceDef, open: readonly string[]): string | undefined =>
  [parent.workflow?.field, parent.approval?.statusField].find((k) => k && open.every((s) => (parent.fields[k]?.values ?? []).map(String).includes(s))) ??
  parent.workflow?.field;

export const aliasIdInPath = (a: WorkflowAlias): boolean => a.path.includes('/:id/');

/** `word: { alias }`: the spec's own path of the Word export too (`GET /ticket-export-word/:id`, as `GET <path>/:id/word`). */
export interface WordDecl {
  alias: string;
}

/** The spec's path a resource's `word` export also answers at, if it declares one. */
export const wordAlias = (def: Pick<ResourceDef, 'word'>): string | undefined => (typeof def.word === 'object' ? def.word.alias : undefined);

/** An alias path: `/apps/calendar`, `/book-car-status`. */
const ALIAS_PATH = /^\/[a-z][a-z0-9_/-]*[a-z0-9]$/;
/** A status move's alias carrying the record's id in its path: `/project-business/suggest/:id/change-status`. */
const ALIAS_ID_PATH = /^\/[a-z][a-z0-9_/-]*\/:id\/[a-z][a-z0-9_-]*[a-z0-9]$/;
/** A name a query or body carries: `unit_id`, `bookCarId`. */
// A query name; one dotted step allowed (spec §7 the possible projects' `project_category.id`).
const PARAM_NAME = /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)?$/;
/** List parameters of the kit's own that a filter alias may not take. */
const LIST_PARAMS = ['page', 'limit', 'q', 'order', 'fields', 'fileName', 'from', 'to'];

export interface ExclusiveDecl {
  over: readonly string[];
  from: string;
  to: string;
  unless?: { field: string; values: readonly string[] };
}

export interface OneOpenDecl {
  over: readonly string[];
  where: Readonly<Record<string, readonly (string | boolean)[]>>;
  field?: string;
  message: Label;
}

/** The partial unique index keeping a `oneOpen` rule. */
export const oneOpenIndex = (table: string, x: OneOpenDecl): string => `op_${table}__${x.over.join('__')}`;

export interface CalendarDecl {
  start: string;
  end: string;
  title?: string;
  location?: string;
  area?: string;
  color?: string;
  hidden?: readonly string[];
  /**
   * The spec's own paths for this calendar (`/apps/calendar`): `GET <alias>/events` answers as `<path>/calendar`,
   * `POST <alias>/add-event` creates as `POST <path>` and `PUT <alias>/update-event` `{ id, …fields }` updates as
   * `PUT <path>/:id` — the same rights, checks and hooks.
   */
  alias?: string;
}
/** The widest range one calendar request covers: a month grid shows six weeks, a print of a quarter fits. */
export const CALENDAR_MAX_DAYS = 100;
/** Events one calendar request answers at most (`truncated` says there were more: filter by location). */
export const CALENDAR_MAX_EVENTS = 2000;

/** The fields a calendar reads (its declaration's, without repeats). */
export function calendarFields(c: CalendarDecl, titleField: string): string[] {
  return [...new Set([c.start, c.end, c.title ?? titleField, c.location, c.area, c.color].filter((x): x is string => Boolean(x)))];
}

/** The feature an action on the resource needs: its `writeFeature` for writes when it declares one, else its `feature`. */
export function featureFor(def: Pick<ResourceDef, 'feature' | 'writeFeature'>, action: Action): Feature {
  return action === 'view' || action === 'approve' || !def.writeFeature ? def.feature : def.writeFeature;
}

/** Rows one bulk action takes at most. */
export const BULK_MAX = 200;

export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  if (def.approval) {
    // The approval status column is the kit's: added with the approval (DRAFT until submitted), unless declared.
    def.approval.statusField ??= 'approval_status';
    (def.fields as Record<string, FieldDef>)[def.approval.statusField] ??= approvalStatusField();
  }
  for (const [name, field] of Object.entries(def.fields)) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`${def.name}.${name}: field names are snake_case`);
    if ((field.type === 'enum') !== Boolean(field.values)) throw new Error(`${def.name}.${name}: enum needs values`);
    if (field.before && !def.fields[field.before]) throw new Error(`${def.name}.${name}: before names an unknown field`);
    if (field.total) {
      if (!['int', 'number', 'money'].includes(field.type) || field.computed) throw new Error(`${def.name}.${name}: total needs a number field (not computed)`);
      if (!(field.total.max > 0)) throw new Error(`${def.name}.${name}: total.max must be above 0`);
      const per = field.total.per;
      if (per && !['ref', 'enum', 'text', 'int'].includes(def.fields[per]?.type ?? ''))
        throw new Error(`${def.name}.${name}: total.per names a ref, enum, text or int field`);
    }
    const follow = field.copyFrom?.follow;
    if (follow?.until && !['date', 'datetime'].includes(def.fields[follow.until]?.type ?? ''))
      throw new Error(`${def.name}.${name}: copyFrom.follow.until must be a date or datetime field`);
  }
  if (def.approval?.amountField && !def.fields[def.approval.amountField]) throw new Error(`${def.name}: approval.amountField is not a field`);
  for (const to of Object.keys(def.workflow?.verbs ?? {}))
    if (!Object.values(def.workflow!.moves).some((next) => next.includes(to))) throw new Error(`${def.name}: workflow.verbs.${to} names no move's status`);
  if (def.mine && (def.scope?.ownStaff !== 'id' || def.projection)) throw new Error(`${def.name}: mine needs scope.ownStaff 'id' (the row that is the caller)`);
  if (def.approval?.statusField && !def.fields[def.approval.statusField]?.readonly)
    throw new Error(`${def.name}: approval.statusField must be a readonly field`);
  for (const k of def.scope?.shared ?? [])
    if (!def.scope?.staffDepartment || !['ref', 'refs'].includes(def.fields[k]?.type ?? '') || def.fields[k]!.ref !== 'staff')
      throw new Error(`${def.name}: scope.shared ${k} must be a ref or refs field to staff, with staffDepartment`);
  if (def.approval?.approversField && (def.fields[def.approval.approversField]?.type !== 'refs' || def.fields[def.approval.approversField]!.ref !== 'staff'))
    throw new Error(`${def.name}: approval.approversField must be a refs field to staff`);
  for (const k of def.followers ?? [])
    if (!['ref', 'refs'].includes(def.fields[k]?.type ?? '') || def.fields[k]!.ref !== 'staff')
      throw new Error(`${def.name}: followers ${k} must be a ref or refs field to staff`);
  if (def.checklist) {
    const c = def.checklist;
    if (!def.parent) throw new Error(`${def.name}: a checklist needs its parent`);
    for (const k of [c.done, c.required]) if (k && def.fields[k]?.type !== 'bool') throw new Error(`${def.name}: checklist ${k} must be a bool field`);
    if (c.blocks?.length && !c.required) throw new Error(`${def.name}: checklist.blocks needs checklist.required`);
    if (c.order && def.fields[c.order]?.type !== 'int') throw new Error(`${def.name}: checklist.order must be an int field`);
  }
  if (
    def.projection &&
    (def.approval ||
      def.workflow ||
      def.bulk ||
      def.calendar ||
      def.checklist ||
      def.followers ||
      def.word ||
      def.print ||
      def.importKey ||
      def.unique ||
      def.exclusive ||
      def.series)
  ) {
    throw new Error(
      `${def.name}: a projection only reads (no approval, workflow, bulk, calendar, checklist, followers, word, print, import key, unique, exclusive or series)`,
    );
  }
  if (def.projection?.except && def.fields[def.projection.except.field]?.type !== 'enum')
    throw new Error(`${def.name}: projection.except names an enum field of the projection`);
  if (def.deadline) checkDeadline(def.name, def.fields, def.deadline);
  if (def.parentOpen && (!def.parent || !def.parentOpen.length)) throw new Error(`${def.name}: parentOpen needs a parent and its statuses`);
  if (def.parentEdit && !def.parent) throw new Error(`${def.name}: parentEdit needs a parent`);
  if (def.series) checkSeries(def.name, def.fields, def.series, def.workflow);
  checkComputed(def.name, def.fields);
  // The fields the kit itself writes are never computed (the database alone writes a computed one).
  const kitWritten = [
    def.workflow?.field,
    ...Object.values(def.workflow?.records ?? {}).flat(),
    def.deadline?.flag,
    def.checklist?.total,
    def.checklist?.progress,
    def.approval?.statusField,
    def.series?.group,
    def.series?.repeat,
  ];
  for (const k of kitWritten) if (k && def.fields[k]?.computed) throw new Error(`${def.name}: ${k} is written by the kit, so it cannot be computed`);
  if (def.bulk?.approval && !def.approval) throw new Error(`${def.name}: bulk.approval needs approval`);
  if (def.approval?.costLimit && !def.approval.amountField) throw new Error(`${def.name}: approval.costLimit needs approval.amountField`);
  for (const ref of [def.parent, def.scope?.via]) {
    if (ref && def.fields[ref]?.type !== 'ref') throw new Error(`${def.name}: ${ref} (parent / scope.via) must be a ref field`);
  }
  // The register is its own project: `'id'` (query.ts projectCondition); any other resource names its project's ref field.
  const selfScoped = def.scope?.project === 'id' && def.projects?.kind === 'register';
  if (
    def.scope?.project &&
    !selfScoped &&
    (def.fields[def.scope.project]?.type !== 'ref' || def.fields[def.scope.project]!.ref !== PROJECT_DIRECTORY.register)
  ) {
    throw new Error(`${def.name}: scope.project must be a ref field to ${PROJECT_DIRECTORY.register} ('id' on the register itself)`);
  }
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.where && (!['ref', 'refs'].includes(fd.type) || !Object.keys(fd.where).length)) throw new Error(`${def.name}: ${k}.where is for references`);
    if (fd.maxFrom && (!['int', 'number', 'money'].includes(fd.type) || def.fields[fd.maxFrom.ref]?.type !== 'ref'))
      throw new Error(`${def.name}: ${k}.maxFrom bounds a number by a field of the record a ref field points to`);
  }
  if (def.scope?.owner) {
    if (!def.scope.owner.length) throw new Error(`${def.name}: scope.owner names at least one field`);
    for (const k of def.scope.owner)
      if (def.fields[k]?.type !== 'ref' || def.fields[k]!.ref !== 'user') throw new Error(`${def.name}: scope.owner ${k} must be a ref field to user`);
  }
  if (def.scope?.limited) {
    const l = def.scope.limited;
    if (def.fields[l.field]?.type !== 'enum' || !def.fields[l.field]!.values!.includes(l.open as never) || !def.fields[l.field]!.required)
      throw new Error(`${def.name}: scope.limited.field must be a required enum field with the value ${l.open}`);
    if (def.fields[l.staff]?.type !== 'refs' || def.fields[l.staff]!.ref !== 'staff')
      throw new Error(`${def.name}: scope.limited.staff must be a refs field to staff`);
    if (def.fields[l.departments]?.type !== 'refs' || def.fields[l.departments]!.ref !== 'organization')
      throw new Error(`${def.name}: scope.limited.departments must be a refs field to organization`);
    if (def.scope.owner || def.scope.via) throw new Error(`${def.name}: scope.limited does not combine with owner or via`);
  }
  if (def.todayCount && def.todayCount !== 'created_date' && !['date', 'datetime'].includes(def.fields[def.todayCount]?.type ?? ''))
    throw new Error(`${def.name}: todayCount must be a date or datetime field, or created_date`);
  if (typeof def.print === 'object') {
    for (const n of [...(def.print.fields ?? []), ...(def.print.words ?? [])])
      if (!def.fields[n]) throw new Error(`${def.name}: print names ${n}, not a field`);
    for (const n of def.print.words ?? []) if (def.fields[n]!.type !== 'money') throw new Error(`${def.name}: print.words ${n} is not a money field`);
    for (const sg of def.print.signatures ?? []) {
      if (def.fields[sg.staff]?.type !== 'ref' || def.fields[sg.staff]!.ref !== 'staff')
        throw new Error(`${def.name}: print.signatures staff ${sg.staff} must be a ref field to staff`);
      if (sg.at && !['date', 'datetime'].includes(def.fields[sg.at]?.type ?? ''))
        throw new Error(`${def.name}: print.signatures at ${sg.at} must be a date or datetime field`);
    }
  }
  for (const [k, t] of Object.entries(def.tally ?? {})) {
    const fd = def.fields[t.field];
    if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(k) || ['items', 'totalRows', 'page', 'limit', 'today_count'].includes(k))
      throw new Error(`${def.name}: tally ${k} must be a plain name not used by the list`);
    if (fd?.type !== 'enum' || !t.values.length || t.values.some((v) => !fd.values!.includes(v)))
      throw new Error(`${def.name}: tally ${k} counts values of an enum field`);
  }
  if (def.access === 'own' && !def.scope?.owner) throw new Error(`${def.name}: access own needs scope.owner`);
  if (def.projects) {
    const p = def.projects;
    const expected = p.kind === 'register' ? PROJECT_DIRECTORY.register : PROJECT_DIRECTORY.team;
    if (def.name !== expected || def.domain !== PROJECT_DIRECTORY.domain)
      throw new Error(`${def.name}: the project ${p.kind} is ${PROJECT_DIRECTORY.domain}'s ${expected}`);
    const refs = p.kind === 'register' ? [p.department] : [p.project, p.staff, p.position];
    for (const k of refs) if (def.fields[k]?.type !== 'ref') throw new Error(`${def.name}: projects.${k} must be a ref field`);
  }
  const about = def.about;
  if (about && 'field' in about && about.field !== 'id' && def.fields[about.field]?.type !== 'ref')
    throw new Error(`${def.name}: about.field must be 'id' or a ref field`);
  if (about?.kind === 'unit' && !def.tree) throw new Error(`${def.name}: about unit needs a tree`);
  if (def.scope?.writeDepartment && def.scope.writeDepartment !== 'id' && !def.fields[def.scope.writeDepartment])
    throw new Error(`${def.name}: scope.writeDepartment is not a field`);
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.guard && field.guard !== 'grant' && !def.about && !def.scope)
      throw new Error(`${def.name}.${name}: a guarded field needs the resource's about or scope rule`);
  }
  for (const combo of def.unique ?? []) {
    if (combo.length < 2) throw new Error(`${def.name}: unique lists a combination of at least two fields (one field: FieldDef.unique)`);
    for (const k of combo)
      if (!def.fields[k] || def.fields[k]!.type === 'refs' || def.fields[k]!.type === 'json')
        throw new Error(`${def.name}: unique ${k} is not a single-value field`);
    if (`uq_${def.table}__${combo.join('__')}`.length > 63)
      throw new Error(`${def.name}: unique ${combo.join(', ')}: its index name is longer than PostgreSQL's 63 characters`);
  }
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.generate) {
      codePattern(field.generate.pattern);
      if (!['code', 'text'].includes(field.type)) throw new Error(`${def.name}.${name}: a generated code is a code or text field`);
      for (const k of field.generate.per ?? []) {
        const b = def.fields[k];
        if (!b || !['enum', 'ref'].includes(b.type) || !b.required || b.readonly)
          throw new Error(`${def.name}.${name}: generate.per ${k} must be a required enum or ref field a create gives`);
      }
      if (field.generate.per?.length && field.unique)
        throw new Error(`${def.name}.${name}: a code numbered per book repeats across books: declare unique with its book fields instead`);
    }
    if (field.copyFrom && (!field.readonly || def.fields[field.copyFrom.ref]?.type !== 'ref'))
      throw new Error(`${def.name}.${name}: copyFrom needs a readonly field and a ref field to copy through`);
    const back = field.copyFrom?.daysBefore;
    if (back !== undefined && (field.type !== 'date' || def.fields[back]?.type !== 'int'))
      throw new Error(`${def.name}.${name}: copyFrom.daysBefore counts a date back by an int field of the resource`);
    const caller = field.default === 'caller' && field.type === 'ref' && (field.ref === 'user' || field.ref === 'staff');
    if (
      field.default !== undefined &&
      !caller &&
      (field.type === 'ref' || field.type === 'refs' || field.type === 'json' || (field.type === 'enum' && !field.values?.includes(field.default as never)))
    ) {
      throw new Error(`${def.name}.${name}: default must be one of the field's values (a reference: 'caller', to user or staff; none for json)`);
    }
  }
  if (def.workflow) {
    const wf = def.workflow;
    const field = def.fields[wf.field];
    if (field?.type !== 'enum' || !field.readonly) throw new Error(`${def.name}: workflow.field must be a readonly enum field`);
    const values = (field.values ?? []).map(String);
    for (const [from, tos] of Object.entries(wf.moves)) {
      for (const s of [from, ...tos]) if (!values.includes(s)) throw new Error(`${def.name}: workflow move names ${s}, which is not a value of ${wf.field}`);
    }
    for (const [to, names] of Object.entries(wf.records ?? {})) {
      if (!Object.values(wf.moves).some((tos) => tos.includes(to))) throw new Error(`${def.name}: workflow.records names ${to}, which no move reaches`);
      for (const n of names) {
        const rf = def.fields[n];
        if (!rf?.readonly || rf.copyFrom || rf.generate || n === wf.field || ['refs', 'json'].includes(rf.type)) {
          throw new Error(`${def.name}: workflow.records.${to} names ${n}, which must be a readonly field of its own (not copied, generated, a list or json)`);
        }
      }
    }
  }
  const wfAlias = def.workflow?.alias;
  if (
    wfAlias &&
    (aliasIdInPath(wfAlias)
      ? !ALIAS_ID_PATH.test(wfAlias.path) || wfAlias.id !== undefined || !PARAM_NAME.test(wfAlias.status) || wfAlias.status === 'note'
      : !ALIAS_PATH.test(wfAlias.path) ||
        !PARAM_NAME.test(wfAlias.id ?? '') ||
        !PARAM_NAME.test(wfAlias.status) ||
        wfAlias.id === wfAlias.status ||
        [wfAlias.id, wfAlias.status].includes('note'))
  ) {
    throw new Error(
      `${def.name}: workflow.alias is a path such as /book-car-status and two different body fields (not note) for the id and the status, or a path carrying the id (…/:id/change-status) and the status's body field`,
    );
  }
  for (const more of wfAlias?.also ?? []) {
    const statuses = def.fields[def.workflow!.field]?.values ?? [];
    if (!aliasIdInPath(wfAlias!) || !ALIAS_ID_PATH.test(more.path) || !more.to.length || more.to.some((t) => !statuses.includes(t))) {
      throw new Error(`${def.name}: workflow.alias.also is a path carrying the id (…/:id/approval), as the alias's own, and statuses of the workflow`);
    }
  }
  const word = wordAlias(def);
  if (word !== undefined && !ALIAS_PATH.test(word)) throw new Error(`${def.name}: word.alias is a path such as /ticket-export-word`);
  for (const [name, field] of Object.entries(def.fields)) {
    const fa = field.filterAlias;
    if (fa === undefined) continue;
    if (!field.filter || !PARAM_NAME.test(fa) || fa.startsWith('f_') || LIST_PARAMS.includes(fa))
      throw new Error(`${def.name}.${name}: filterAlias needs filter, and a query name of its own (not f_…, nor a list parameter)`);
    if (Object.entries(def.fields).some(([n, f]) => n !== name && f.filterAlias === fa))
      throw new Error(`${def.name}.${name}: filterAlias ${fa} is another field's too`);
  }
  for (const [name, field] of Object.entries(def.fields)) {
    const sum = field.sum;
    if (!sum) continue;
    const numeric = (t: string | undefined) => ['int', 'number', 'money'].includes(String(t));
    if (!field.readonly || !numeric(field.type) || field.computed || (sum.max !== undefined && !numeric(def.fields[sum.max]?.type)))
      throw new Error(`${def.name}.${name}: a sum is a readonly number (not computed), its max a number field of the resource`);
  }
  if (def.pickerTag !== undefined && (def.fields[def.pickerTag]?.type !== 'enum' || !def.fields[def.pickerTag]!.valueLabels))
    throw new Error(`${def.name}: pickerTag names an enum field with its value labels`);
  if (def.codeCheck && !def.fields.code?.unique) throw new Error(`${def.name}: codeCheck needs a unique code field`);
  if (def.createCheck && !def.unique?.[0]?.every((k) => def.fields[k] && ['text', 'int', 'enum', 'ref'].includes(def.fields[k]!.type)))
    throw new Error(`${def.name}: createCheck needs a first unique set of text, int, enum or ref fields`);
  if (def.bulk?.status && !def.workflow) throw new Error(`${def.name}: bulk.status needs a workflow`);
  if (def.bulk?.status && Object.keys(def.workflow?.records ?? {}).length)
    throw new Error(`${def.name}: bulk.status cannot make moves that record fields (workflow.records)`);
  if (def.calendar) {
    const c = def.calendar;
    const [start, end] = [def.fields[c.start], def.fields[c.end]];
    if (!start || !end || start.type !== end.type || !['date', 'datetime'].includes(start.type))
      throw new Error(`${def.name}: calendar start and end must be two date or two datetime fields`);
    if (c.title && !def.fields[c.title]) throw new Error(`${def.name}: calendar.title is not a field`);
    if (c.alias && !ALIAS_PATH.test(c.alias)) throw new Error(`${def.name}: calendar.alias is a path such as /apps/calendar`);
    for (const k of ['location', 'area'] as const) {
      if (c[k] && (def.fields[c[k]]?.type !== 'ref' || !def.fields[c[k]]!.filter))
        throw new Error(`${def.name}: calendar.${k} must be a ref field marked filter`);
    }
    if (c.color && def.fields[c.color]?.type !== 'enum') throw new Error(`${def.name}: calendar.color must be an enum field`);
    if (c.hidden && (!c.color || !def.fields[c.color]!.filter || c.hidden.some((v) => !def.fields[c.color!]!.values!.map(String).includes(v))))
      throw new Error(`${def.name}: calendar.hidden lists values of a color field marked filter`);
  }
  if (!def.fields[def.titleField]) throw new Error(`${def.name}: titleField ${def.titleField} is not a field`);
  if (def.findable && !Object.values(def.fields).some((x) => x.search)) throw new Error(`${def.name}: findable needs a field marked search`);
  for (const [name, field] of Object.entries(def.fields))
    if (field.search && !def.projection && `ix_${def.table}__${name}__q`.length > 63)
      throw new Error(`${def.name}.${name}: the index of its search is named longer than PostgreSQL's 63 characters`);
  checkBooking(def.name, def.booking, def.fields, def.exclusive, Boolean(def.approval));
  checkActs(def.name, def.fields, def.actors, def.acts, def.workflow ? (def.fields[def.workflow.field]!.values ?? []).map(String) : null);
  if (def.acts?.approved && !def.approval) throw new Error(`${def.name}: acts.approved needs approval`);
  if (
    def.plain &&
    (Object.values(def.fields).some((x) => x.guard) ||
      def.about ||
      def.scope?.owner ||
      def.approval ||
      def.workflow ||
      def.actors ||
      def.projects ||
      def.access)
  ) {
    throw new Error(`${def.name}: a plain reference list has no guarded field, about, owner scope, approval, workflow, actors, projects or own access`);
  }
  if (def.acts) {
    // Who may widen readership is declared with who acts: every field that decides who reads a record is in a share group.
    const l = def.scope?.limited;
    const readers = [def.scope?.ownStaff, ...(def.scope?.shared ?? []), ...(l ? [l.field, l.staff, l.departments] : [])].filter((x): x is string => Boolean(x));
    const shared = new Set((def.acts.fields ?? []).filter((g) => g.share).flatMap((g) => g.fields));
    for (const k of readers) if (!shared.has(k)) throw new Error(`${def.name}: ${k} decides who reads a record: name it in an acts.fields group marked share`);
  }
  for (const x of def.exclusive ?? []) {
    const [from, to] = [def.fields[x.from], def.fields[x.to]];
    if (!from || !to || from.type !== to.type || !['date', 'datetime'].includes(from.type))
      throw new Error(`${def.name}: exclusive from and to must be two date or two datetime fields`);
    if (from.before !== x.to) throw new Error(`${def.name}: exclusive ${x.from} must declare before: '${x.to}'`);
    if (!x.over.length || x.over.some((k) => !def.fields[k] || ['refs', 'json'].includes(def.fields[k]!.type)))
      throw new Error(`${def.name}: exclusive over names single-value fields`);
    if (x.unless && (def.fields[x.unless.field]?.type !== 'enum' || x.unless.values.some((v) => !def.fields[x.unless!.field]!.values!.map(String).includes(v))))
      throw new Error(`${def.name}: exclusive unless lists values of an enum field`);
  }
  for (const x of def.oneOpen ?? []) {
    if (!x.over.length || x.over.some((k) => !def.fields[k] || ['refs', 'json'].includes(def.fields[k]!.type)))
      throw new Error(`${def.name}: oneOpen over names single-value fields`);
    for (const [k, vs] of Object.entries(x.where)) {
      const f = def.fields[k];
      const allowed = f?.type === 'bool' ? [true, false] : f?.type === 'enum' ? f.values! : null;
      if (!allowed || !vs.length || vs.some((v) => !allowed.map(String).includes(String(v))))
        throw new Error(`${def.name}: oneOpen where ${k} lists values of an enum or bool field`);
    }
    if (x.field && !def.fields[x.field]) throw new Error(`${def.name}: oneOpen field ${x.field} is no field`);
  }
  const keys = importKeyFields(def);
  if (Array.isArray(def.importKey) && !keys.length) throw new Error(`${def.name}: importKey lists no field`);
  if (new Set(keys).size !== keys.length) throw new Error(`${def.name}: importKey names a field twice`);
  for (const k of keys) {
    const field = def.fields[k];
    if (!field) throw new Error(`${def.name}: importKey ${k} is not a field`);
    // The key is read from the import file: a column the import template has, holding one value.
    if (field.readonly || field.noExport || field.type === 'json' || field.type === 'refs')
      throw new Error(`${def.name}: importKey ${k} must be an importable single-value field`);
  }
  return def;
}

/** The fields of a resource's import key, in declaration order of `importKey` ([] without one). */
export function importKeyFields(def: Pick<ResourceDef, 'importKey'>): string[] {
  const k = def.importKey;
  return k === undefined ? [] : Array.isArray(k) ? [...k] : [k];
}

/** Columns every table has (spec §4: every record is ACTIVE or INACTIVE). */
export const SYSTEM_COLUMNS = ['id', 'state', 'created_date', 'updated_date', 'created_by', 'updated_by'] as const;
export const STATES = ['ACTIVE', 'INACTIVE'] as const;
export type RecordState = (typeof STATES)[number];

/**
 * The fields a list answers by default (lean lists): what its screen shows — the fields declared `list`, the title and
 * code (pickers and delete confirmations), and what a row needs to be acted on (its parent, whom it is about, the
 * department that scopes it, its approval status, its tree parent). Everything else is asked for with `fields=`
 * (ResourceRepository.list); details, exports and the Word export answer every field.
 */
export function listedFields(def: ResourceDef): string[] {
  const about = def.about && 'field' in def.about && def.about.field !== 'id' ? def.about.field : undefined;
  const scope = def.scope?.staffDepartment !== 'id' ? def.scope?.staffDepartment : undefined;
  const wanted = new Set([def.titleField, 'code', def.parent, about, scope, def.scope?.ownStaff, def.approval?.statusField, def.tree?.parentField]);
  return Object.entries(def.fields)
    .filter(([name, f]) => f.list || wanted.has(name))
    .map(([name]) => name);
}
