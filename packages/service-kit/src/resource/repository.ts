import type { Pool } from 'pg';
import {
  APPROVAL_LOCKING,
  isoDay,
  PORTAL_TIME_ZONE,
  resourceByName,
  companyDayOf,
  type ActsView,
  type CallerContext,
  type FieldDef,
  type InputOf,
  type ListResult,
  type ResourceDef,
  type RowOf,
} from '@portal/contracts';
import { jsonRowTypes, rolledBack, type Tx, withTx } from '../db';
import { AppError, badRequest, notFound } from '../errors';
import { changedFields, recordActivity, type ActivityEntry } from '../activity';
import { isProjectScoped } from '../projects/directory';
import { enqueue } from '../events/outbox';
import { Params, notNullColumnType, orderClause, scopeCondition, selectedColumns, titleScope, whereClause, type ListQuery } from './query';
import type { Anchor, ListCounts } from './counts';
import { WriteGuard } from './guard';
import { changes } from './changes';
import { ActGuard } from './actors';
import { type ActivityScope, logOnParent, placeAtEnd, rollUpChecklist } from './checklist';
import { nextCode } from './codes';
import { uniqueViolation } from './unique';
import { CappedTotals } from './totals';
import { RefRules } from './ref-where';
import { Sums } from './sums';
import { ParentRules } from './parent-rules';
import { exclusionClash } from './exclusive';
import { BookingLimiter } from './booking';
import type { Titles } from './titles';
import type { RecordLookup } from '../records';
import type { StatusMove } from './workflow';

/** Rows between two page anchors (ResourceRepository.list): a deep page skips fewer than this many. */
const ANCHOR_EVERY = 200;

export type Row = Record<string, unknown> & { id: string; state: string };

/** Special rules of one resource, run inside the write transaction. Throw an AppError to refuse. */
/**
 * What a resource's own rules add to the kit's (a service's hand-written hooks), typed from its declaration with
 * `hooksFor(def, { … })`: `existing` and `record` are `RowOf<typeof def>`, `input` is `InputOf<typeof def>`. Methods, so
 * that a typed set of hooks sits in the service's table of hooks by resource name beside the others.
 */
export interface ResourceHooks<R extends Row = Row, I extends Record<string, unknown> = Record<string, unknown>> {
  beforeCreate?(input: I, ctx: CallerContext, tx: Tx): Promise<void> | void;
  beforeUpdate?(input: I, existing: R, ctx: CallerContext, tx: Tx): Promise<void> | void;
  beforeDelete?(existing: R, ctx: CallerContext, tx: Tx): Promise<void> | void;
  afterWrite?(verb: 'created' | 'updated' | 'deleted', row: R, ctx: CallerContext, tx: Tx): Promise<void> | void;
  /** Before an approval action on the record (resources declaring `approval`): throw to refuse it. */
  beforeApproval?(
    action: 'submit' | 'resubmit' | 'approve' | 'submit_superiors' | 'refuse' | 'cancel',
    record: R,
    ctx: CallerContext,
    tx: Tx,
  ): Promise<void> | void;
  /** Before a status move (ResourceDef.workflow; workflow.ts): throw to refuse it; return more fields to write with it. */
  beforeStatus?(move: StatusMove, record: R, ctx: CallerContext, tx: Tx): Promise<Partial<I> | void> | Partial<I> | void;
  /** After a status move, in its transaction (the record as written). */
  afterStatus?(move: StatusMove, record: R, ctx: CallerContext, tx: Tx): Promise<void> | void;
  /** What a status move locks before the record itself (the order other writes lock them in). */
  lockBeforeStatus?(record: R, tx: Tx): Promise<void>;
  /**
   * After an approval ended, in its transaction (the record's status field already follows): `approved` by its last
   * level, `refused`, or `cancelled` by its submitter (from any status: `from` says which). The record's own workflow
   * moves here (a candidate whose offer is approved becomes APPROVED); nothing needs to read the approval tables.
   */
  afterApproval?(outcome: 'approved' | 'refused' | 'cancelled', record: R, ctx: CallerContext, tx: Tx, from: string | null): Promise<void> | void;
}

/** The hooks of a declared resource, typed from its declaration (RowOf, InputOf). */
export type HooksOf<D extends ResourceDef> = ResourceHooks<RowOf<D>, InputOf<D>>;

/** Declares a resource's hooks with its rows typed: `hooksFor(bookCar, { beforeCreate(input) { input.car_id … } })`. */
export const hooksFor = <D extends ResourceDef>(_def: D, hooks: HooksOf<D>): HooksOf<D> => hooks;

/** A write by the record's own workflow rather than a user's edit (ResourceRepository.updateIn / deactivateIn). */
export interface WorkflowWrite {
  workflow?: boolean;
  description?: string | null;
}

/**
 * A value as its column takes it. A json field is always sent as JSON text: node-postgres sends a JS array as a
 * PostgreSQL array literal, which a jsonb column reads as something else (`[]` became `{}`, an object; `[1, 2]` was
 * refused). Other objects as JSON too; arrays of ids (refs) as arrays.
 */
const encodeValue = (v: unknown, f?: FieldDef) =>
  f?.type === 'json' && v !== null && v !== undefined
    ? JSON.stringify(v)
    : v !== null && typeof v === 'object' && !Array.isArray(v)
      ? JSON.stringify(v)
      : Array.isArray(v) && v.some((x) => typeof x === 'object')
        ? JSON.stringify(v)
        : v;

/**
 * CRUD over one declared resource: the fixed verbs every resource has (compare Medusa's generated service).
 * Every read is scoped, every write logs activity and emits an event in the same transaction.
 */
/** A list's condition and its values, for the counts beside its page. */
interface Counted {
  where: string;
  values: unknown[];
}

export class ResourceRepository<R extends Row = Row> {
  readonly subject: (verb: string) => string;
  /** Who may change what (guard.ts): run on every write, whatever its way in. */
  readonly guard: WriteGuard;
  private readonly totals: CappedTotals;
  private readonly refRules: RefRules;
  private readonly sums: Sums;
  private readonly parentRules: ParentRules;
  /** Titles of references the row's own query does not join: lists of references, references into other services (app.ts sets it). */
  titles: Titles | null = null;
  constructor(
    readonly def: ResourceDef,
    readonly pool: Pool,
    readonly hooks: ResourceHooks = {},
    readonly onCommit: () => void = () => undefined,
    readonly sameService: Map<string, ResourceDef> = new Map(),
    readonly counts: ListCounts | null = null,
  ) {
    this.subject = (verb) => `portal.${def.domain}.${def.name}.${verb}`;
    this.guard = new WriteGuard(def);
    this.totals = new CappedTotals(def);
    this.refRules = new RefRules(def, sameService);
    this.sums = new Sums(def, sameService);
    this.parentRules = new ParentRules(def, sameService, () => this.now());
    this.acts = new ActGuard(def, () => this.now());
    this.booking = def.booking ? new BookingLimiter(def, () => this.now()) : null;
  }

  /** Who may act on a record (its declared actors: actors.ts), on every edit, delete, move and approval action. */
  readonly acts: ActGuard;
  /** How long and how far ahead a record books its slots (ResourceDef.booking: booking.ts), on every create and every edit moving them. */
  readonly booking: BookingLimiter | null;
  /** The service's clock (ServiceOptions.now; a test's fixed one): the acts' time windows read it. */
  now: () => Date = () => new Date();

  /** Records of other services (the department of a staff member a record copies): set by the service. */
  remote: RecordLookup | null = null;

  /** The columns a write sets: every declared field but the computed ones, which the database alone writes (FieldDef.computed). */
  private columns(): string[] {
    return Object.entries(this.def.fields)
      .filter(([, f]) => !f.computed)
      .map(([name]) => name);
  }

  /**
   * What every read and write returns: the system columns and the declared fields. A column a service added to the
   * table by hand (the user's password hash and failed sign-ins) is that service's own business, read by its own SQL:
   * it never reaches a client, an event or the activity log through the repository.
   */
  private returned(alias?: string, fields: string[] | null = null): string {
    return selectedColumns(this.def, fields, alias);
  }

  /**
   * Reads return, for each reference to a record of the same service, that record's title as
   * `<field>__title` (one join instead of one browser request per row): null where the reader's scope of the
   * referenced resource does not cover the record (query.ts titleScope), so a row one may read never names one one may not.
   */
  private titled(ctx: CallerContext, p: Params, fields: string[] | null = null, decorated = false): string {
    const selects = [this.returned('t', fields)];
    Object.entries(this.def.fields).forEach(([name, f]) => {
      if (fields && !fields.includes(name)) return;
      if (decorated && (f.type === 'ref' || f.type === 'refs') && f.ref && (f.type === 'refs' || !this.sameService.has(f.ref))) {
        // Titles.decorate names these (`decorated`: lists, whose rows it always sees): the column is there from the start (null), so setting it is not a new property
        // on every row object (a change of its shape, a copy of its properties) — the kit's largest cost of a list's page.
        selects.push(f.type === 'refs' ? `NULL::text[] AS "${name}__titles"` : `NULL::text AS "${name}__title"`);
        return;
      }
      const target = f.type === 'ref' && f.ref ? this.sameService.get(f.ref) : undefined;
      if (!target) return;
      // A subquery per title rather than a join: PostgreSQL then plans one table, not a join of six (staff has five
      // references), which cost more to plan (about 2.5 ms of its CPU per list request) than the page costs to read.
      // The scope is a condition on that one row, in the same subquery: no query per row.
      const scope = titleScope(target, ctx, p, `r_${name}`);
      selects.push(
        `(SELECT r_${name}.${target.titleField} FROM ${target.table} r_${name} WHERE r_${name}.id = t.${name}${scope ? ` AND ${scope}` : ''}) AS "${name}__title"`,
      );
    });
    return selects.join(', ');
  }

  /**
   * One page and its total. The page is a deferred join: the ids of the page come from a scan of the table alone
   * (for the default order an index-only scan of `(state, created_date DESC, id)`, so page 2,000 skips index entries,
   * not rows), then only those rows are read with their reference titles. The total comes from `counts` when the
   * service has one (app.ts: reused between writes), else it is counted with the page.
   */
  async list(lq: ListQuery, ctx: CallerContext): Promise<ListResult<Row>> {
    const t = this.def.table;
    const p = new Params();
    const where = whereClause(this.def, lq, ctx, p);
    // The counts are over the same rows: the same condition, whose values are the first ones.
    const counted: Counted = { where, values: p.values.slice() };
    // A lean list (the route's) reads only the columns its screen shows; the Word export's child lists read them all.
    const titled = this.titled(ctx, p, lq.fields, Boolean(this.titles));
    const order = orderClause(lq);
    let offset = (lq.page - 1) * lq.limit;
    // A deep page starts from an anchor: the rows whose first order column is at or past the anchor's value, so that
    // page 2,000 skips a few hundred index entries rather than 80,000. The anchors (the value every ANCHOR_EVERY rows,
    // and how many rows come before it) are one pass over the list, kept with its total between writes and computed in
    // the background the first time a deep page is asked for (until then, plain OFFSET); only for an order led by a
    // NOT NULL column (the default `created_date desc` among them), where `<=` keeps exactly the rest.
    const [leadField, leadDir] = lq.order[0] ?? [];
    const leadType = leadField ? notNullColumnType(leadField) : null;
    let anchored = where;
    if (this.counts && leadField && leadType && offset >= ANCHOR_EVERY) {
      const aP = new Params();
      const aWhere = whereClause(this.def, lq, ctx, aP);
      const anchors = this.counts.anchors(
        this.pool,
        `SELECT lead, before FROM (SELECT t.${leadField}::text AS lead, row_number() OVER (${order}) AS rn,
        rank() OVER (ORDER BY t.${leadField} ${leadDir === 'desc' ? 'DESC' : 'ASC'}) - 1 AS before FROM ${t} t ${aWhere}) a WHERE rn % ${ANCHOR_EVERY} = 1 ORDER BY rn`,
        aP.values,
      );
      let anchor: Anchor | undefined;
      for (const a of anchors ?? []) {
        if (a.before > offset) break;
        anchor = a;
      }
      if (anchor && anchor.before > 0) {
        anchored = `${where ? `${where} AND` : 'WHERE'} t.${leadField} ${leadDir === 'desc' ? '<=' : '>='} ${p.add(anchor.lead)}::${leadType}`;
        offset -= anchor.before;
      }
    }
    const todayField = this.def.todayCount;
    const [rows, totalRows, today, tally] = await Promise.all([
      // The page's timestamps as the ISO text its JSON carries, without a Date each (db.ts isoTimestamp).
      this.pool.query<Row>({
        text: `SELECT ${titled} FROM (SELECT t.id FROM ${t} t ${anchored} ${order} LIMIT ${p.add(lq.limit)} OFFSET ${p.add(offset)}) page
        JOIN ${t} t ON t.id = page.id ${order}`,
        values: p.values,
        types: jsonRowTypes,
      }),
      this.count(`SELECT count(*)::int AS n FROM ${t} t ${where}`, counted.values),
      todayField ? this.countToday(counted, todayField) : undefined,
      this.countTally(counted),
    ]);
    await this.titles?.decorate(this.def, rows.rows, lq.fields, { ctx });
    return { items: rows.rows, totalRows, page: lq.page, limit: lq.limit, ...(today === undefined ? {} : { today_count: today }), ...tally };
  }

  /** The list's named counts (ResourceDef.tally): its rows, within its filters and the caller's scope, holding each one's values. */
  private async countTally({ where, values }: Counted): Promise<Record<string, number>> {
    const entries = Object.entries(this.def.tally ?? {});
    if (!entries.length) return {};
    const counts = await Promise.all(
      entries.map(([, t]) =>
        this.count(
          `SELECT count(*)::int AS n FROM ${this.def.table} t ${where ? `${where} AND` : 'WHERE'} t.${t.field}::text = ANY($${values.length + 1}::text[])`,
          [...values, t.values.map(String)],
        ),
      ),
    );
    return Object.fromEntries(entries.map(([k], i) => [k, counts[i]!]));
  }

  /** `SELECT count(*)::int AS n …`, kept between writes when the service keeps list counts. */
  private count(sql: string, values: unknown[]): Promise<number> {
    return this.counts ? this.counts.count(this.pool, sql, values) : this.pool.query<{ n: number }>(sql, values).then((r) => r.rows[0]?.n ?? 0);
  }

  /** The rows of a list whose date or datetime `field` is today, the company's day (ResourceDef.todayCount). */
  private countToday({ where, values }: Counted, field: string): Promise<number> {
    const tz = `$${values.length + 1}`;
    const day = this.def.fields[field]?.type === 'date' ? `t.${field}` : `(t.${field} AT TIME ZONE ${tz})::date`;
    return this.count(`SELECT count(*)::int AS n FROM ${this.def.table} t ${where ? `${where} AND` : 'WHERE'} ${day} = (now() AT TIME ZONE ${tz})::date`, [
      ...values,
      PORTAL_TIME_ZONE,
    ]);
  }

  /**
   * The calendar's events (resource/calendar.ts): the records of the list query (its filters and the caller's scope)
   * whose `start`–`end` overlaps the days `from`–`to` (inclusive; for datetime fields those days in the company's time
   * zone), in start order, at most `max`.
   */
  async between(lq: ListQuery, range: { from: string; to: string }, max: number, ctx: CallerContext): Promise<Row[]> {
    const c = this.def.calendar!;
    const p = new Params();
    const where = whereClause(this.def, lq, ctx, p);
    const datetime = this.def.fields[c.start]!.type === 'datetime';
    const day = (d: string) => (datetime ? `(${d}::date::timestamp AT TIME ZONE ${p.add(PORTAL_TIME_ZONE)})` : `${d}::date`);
    const overlaps = datetime
      ? `t.${c.start} < ${day(`(${p.add(range.to)}::date + 1)`)} AND t.${c.end} >= ${day(p.add(range.from))}`
      : `t.${c.start} <= ${p.add(range.to)}::date AND t.${c.end} >= ${p.add(range.from)}::date`;
    const { rows } = await this.pool.query<Row>(
      `SELECT ${this.titled(ctx, p, lq.fields)} FROM ${this.def.table} t ${where ? `${where} AND` : 'WHERE'} ${overlaps}
      ORDER BY t.${c.start}, t.id LIMIT ${p.add(max)}`,
      p.values,
    );
    await this.titles?.decorate(this.def, rows, lq.fields, { ctx });
    return rows;
  }

  /** One record within the caller's scope; 404 when it does not exist or is out of scope (no existence leak). */
  async get(id: string, ctx: CallerContext, tx?: Tx, forUpdate = false): Promise<R> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const p = new Params();
    const scope = scopeCondition(this.def, ctx, p);
    // Writes lock the row itself and read it as it is; reads carry the reference titles.
    const select = forUpdate ? this.returned('t') : this.titled(ctx, p);
    const sql = `SELECT ${select} FROM ${this.def.table} t WHERE t.id = ${p.add(id)}${scope ? ` AND ${scope}` : ''}${forUpdate ? ' FOR UPDATE' : ''}`;
    const { rows } = await (tx ?? this.pool).query<Row>(sql, p.values);
    if (!rows[0]) throw notFound();
    // Titles of other services' records for a caller's read only: never a network call inside a write's transaction.
    if (!tx) await this.titles?.decorate(this.def, rows, null, { ctx });
    return rows[0] as R;
  }

  /**
   * Whether the caller may change this record as it stands (files attached to it, entries in its history — records.ts
   * `editable`): what an edit of it would need, with nothing sent. Throws the refusal (403, 422) the edit would answer.
   */
  async assertMayEdit(tx: Tx, row: Row, ctx: CallerContext): Promise<void> {
    this.acts.check('edit', row, ctx);
    await this.guard.before(tx, 'update', {}, row, ctx);
    await this.hooks.beforeUpdate?.({}, row, ctx, tx);
  }

  async create(input: Record<string, unknown>, ctx: CallerContext): Promise<R> {
    this.applyDefaults(input, ctx);
    await this.askRemote(input);
    const row = await withTx(this.pool, (tx) => this.createIn(tx, input, ctx));
    this.onCommit();
    return row;
  }

  /**
   * A create and what must happen with it in its transaction (`then`: a submit for approval, approval/save-and-submit.ts),
   * both or neither; `dryRun`: the transaction is rolled back whatever happens (every check made, nothing written).
   */
  async createThen<T>(input: Record<string, unknown>, ctx: CallerContext, then: (tx: Tx, row: R) => Promise<T>, dryRun = false): Promise<{ row: R; after: T }> {
    this.applyDefaults(input, ctx);
    await this.askRemote(input);
    const run = async (tx: Tx) => {
      const row = await this.createIn(tx, input, ctx);
      return { row, after: await then(tx, row) };
    };
    if (dryRun) return rolledBack(this.pool, run);
    const done = await withTx(this.pool, run);
    this.onCommit();
    return done;
  }

  async createIn(tx: Tx, input: Record<string, unknown>, ctx: CallerContext, action: 'create' | 'import' = 'create'): Promise<R> {
    this.applyDefaults(input, ctx);
    await this.copyReferenced(tx, input);
    await this.checkVia(tx, input, ctx);
    // Whether its parent lets it be written (and by this caller), before the hooks judge its content.
    await this.parentRules.check(tx, input, null, ctx);
    // Who may name whom (the declared field groups), on the values as sent: before a hook fills in its defaults.
    this.acts.checkFields(input, null, ctx);
    await this.hooks.beforeCreate?.(input, ctx, tx);
    await this.booking?.check(tx, input, null);
    await this.guard.before(tx, 'create', input, null, ctx);
    await this.checkTree(tx, null, input);
    await placeAtEnd(tx, this.def, this.sameService, input);
    // Codes last: a create the checks refuse takes no number.
    for (const [name, f] of Object.entries(this.def.fields)) {
      if (f.generate && (input[name] === undefined || input[name] === null || input[name] === '')) input[name] = await nextCode(tx, this.def, name, input);
    }
    await this.sums.lock(tx, input, null);
    const cols = this.columns().filter((c) => input[c] !== undefined);
    const p = new Params();
    const values = cols.map((c) => p.add(encodeValue(input[c], this.def.fields[c])));
    const uid = p.add(ctx.userId);
    const { rows } = await this.write(
      tx,
      ctx,
      input,
      `INSERT INTO ${this.def.table} (${[...cols, 'created_by', 'updated_by'].join(', ')}) VALUES (${[...values, uid, uid].join(', ')}) RETURNING ${this.returned()}`,
      p.values,
    );
    const row = rows[0]!;
    await this.guard.after(tx, row, null, ctx);
    await this.totals.check(tx, row, null);
    await this.refRules.check(tx, row, null);
    await this.sums.keep(tx, row, null);
    await this.afterWrite(tx, 'created', row, ctx, { action, updated: row });
    return row as R;
  }

  async update(id: string, input: Record<string, unknown>, ctx: CallerContext): Promise<R> {
    await this.askRemote(input);
    const row = await withTx(this.pool, (tx) => this.updateIn(tx, id, input, ctx));
    this.onCommit();
    return row;
  }

  /**
   * An update and what must happen with it in its transaction (`then`: a submit or resubmit for approval,
   * approval/save-and-submit.ts), both or neither — the update route's own path (updateIn: the edit's actors, the approval
   * lock, the hooks, the guards, the declared actors of the fields); `dryRun` as for createThen.
   */
  async updateThen<T>(
    id: string,
    input: Record<string, unknown>,
    ctx: CallerContext,
    then: (tx: Tx, row: R) => Promise<T>,
    dryRun = false,
  ): Promise<{ row: R; after: T }> {
    await this.askRemote(input);
    const run = async (tx: Tx) => {
      const row = await this.updateIn(tx, id, input, ctx);
      return { row, after: await then(tx, row) };
    };
    if (dryRun) return rolledBack(this.pool, run);
    const done = await withTx(this.pool, run);
    this.onCommit();
    return done;
  }

  /**
   * `workflow`: a write by the record's own workflow (a status it owns, a recount), not a user's edit: it is not
   * refused by the approval lock (an approved request still moves its status) and the edit hooks do not run; the
   * activity entry (with `description`) and the event are the same as an edit's.
   */
  async updateIn(
    tx: Tx,
    id: string,
    input: Record<string, unknown>,
    ctx: CallerContext,
    action: 'update' | 'import' = 'update',
    opts: WorkflowWrite = {},
  ): Promise<R> {
    const existing = await this.get(id, ctx, tx, true);
    if (existing.state !== 'ACTIVE') throw new AppError(422, 'inactive_record');
    this.checkOrder(input, existing);
    this.checkBooks(input, existing);
    if (!opts.workflow) this.acts.check('edit', existing, ctx);
    await this.parentRules.check(tx, input, existing, ctx);
    if (!opts.workflow) {
      await this.checkApprovalLock(tx, id);
      await this.copyReferenced(tx, input, existing);
      await this.checkVia(tx, input, ctx);
      this.acts.checkFields(input, existing, ctx);
      await this.hooks.beforeUpdate?.(input, existing, ctx, tx);
      await this.booking?.check(tx, input, existing);
    }
    await this.guard.before(tx, 'update', input, existing, ctx);
    this.deadlineReset(input, existing);
    await this.checkTree(tx, id, input);
    await this.sums.lock(tx, input, existing);
    const cols = this.columns().filter((c) => input[c] !== undefined);
    if (!cols.length) return existing;
    const p = new Params();
    const sets = cols.map((c) => `${c} = ${p.add(encodeValue(input[c], this.def.fields[c]))}`);
    const { rows } = await this.write(
      tx,
      ctx,
      { ...existing, ...input },
      `UPDATE ${this.def.table} SET ${sets.join(', ')}, updated_date = now(), updated_by = ${p.add(ctx.userId)} WHERE id = ${p.add(id)} RETURNING ${this.returned()}`,
      p.values,
    );
    const row = rows[0]!;
    await this.guard.after(tx, row, existing, ctx);
    await this.totals.check(tx, row, existing);
    await this.refRules.check(tx, row, existing);
    await this.sums.keep(tx, row, existing);
    Sums.checkOwnMax(this.def, row);
    const { origin, updated } = changedFields(existing, row);
    if (this.def.checklist && existing[this.def.parent!] !== row[this.def.parent!]) await this.rollUp(tx, existing);
    await this.afterWrite(tx, 'updated', row, ctx, { action, origin, updated, description: opts.description, workflow: opts.workflow });
    return row as R;
  }

  /** DELETE sets the record INACTIVE (spec §4); it stays for history and can be listed with f_state=INACTIVE. */
  /**
   * A late record (ResourceDef.deadline: its flag set) given a new due moment is a new chance, and one leaving its open
   * values (closed, cancelled) is no longer late: the flag is cleared, and the sweep looks at it again.
   */
  private deadlineReset(input: Record<string, unknown>, existing: Row): void {
    const d = this.def.deadline;
    if (!d || !existing[d.flag]) return;
    const closed = d.open && input[d.open.field] !== undefined && !d.open.values.includes(String(input[d.open.field]));
    if (closed || changes(this.def, input, existing, [d.field])) input[d.flag] = false;
  }

  async deactivate(id: string, ctx: CallerContext): Promise<R> {
    const row = await withTx(this.pool, (tx) => this.deactivateIn(tx, id, ctx));
    this.onCommit();
    return row;
  }

  /** Deactivation inside the caller's transaction; `workflow` as for updateIn (no approval lock, no delete hook). */
  async deactivateIn(tx: Tx, id: string, ctx: CallerContext, opts: WorkflowWrite = {}): Promise<R> {
    const existing = await this.get(id, ctx, tx, true);
    if (existing.state === 'INACTIVE') return existing;
    if (!opts.workflow) this.acts.check('delete', existing, ctx);
    await this.parentRules.check(tx, {}, existing, ctx);
    if (!opts.workflow) {
      await this.checkApprovalLock(tx, id);
      await this.hooks.beforeDelete?.(existing, ctx, tx);
    }
    await this.guard.before(tx, 'delete', {}, existing, ctx);
    await this.sums.lock(tx, {}, existing);
    const { rows } = await tx.query<Row>(
      `UPDATE ${this.def.table} SET state = 'INACTIVE', updated_date = now(), updated_by = $1 WHERE id = $2 RETURNING ${this.returned()}`,
      [ctx.userId, id],
    );
    const row = rows[0]!;
    await this.sums.keep(tx, row, existing);
    await this.afterWrite(tx, 'deleted', row, ctx, {
      action: 'delete',
      origin: { state: 'ACTIVE' },
      updated: { state: 'INACTIVE' },
      description: opts.description,
    });
    return row as R;
  }

  /**
   * Dates declared in order (FieldDef.before), as the record will be: an update sending one of the two is checked against
   * the other's stored value (the body's own check sees only what it sends).
   */
  private checkOrder(input: Record<string, unknown>, existing: Row) {
    for (const [name, f] of Object.entries(this.def.fields)) {
      if (!f.before || (input[name] === undefined && input[f.before] === undefined)) continue;
      const [va, vb] = [input[name] === undefined ? existing[name] : input[name], input[f.before] === undefined ? existing[f.before] : input[f.before]];
      if (f.type === 'datetime') {
        // A datetime is strictly before: a meeting that ends as it starts holds no time.
        if (va && vb && new Date(va as string).getTime() >= new Date(vb as string).getTime())
          throw badRequest([{ path: name, key: 'time_before', params: { other: this.def.fields[f.before]!.label } }]);
        continue;
      }
      const [a, b] = [isoDay(va), isoDay(vb)];
      if (a && b && a > b) throw badRequest([{ path: name, key: 'date_before', params: { other: this.def.fields[f.before]!.label } }]);
    }
  }

  /** The book a generated code was numbered in (FieldDef.generate.per) is fixed: its fields keep their values. */
  private checkBooks(input: Record<string, unknown>, existing: Row) {
    for (const f of Object.values(this.def.fields)) {
      for (const k of f.generate?.per ?? []) {
        if (input[k] !== undefined && String(input[k]) !== String(existing[k])) throw badRequest([{ path: k, key: 'code_book_fixed' }]);
      }
    }
  }

  /** The declared defaults (FieldDef.default) of the fields a create leaves out; a new record's approval starts as a draft. */
  private applyDefaults(input: Record<string, unknown>, ctx: CallerContext) {
    const status = this.def.approval?.statusField;
    if (status && input[status] === undefined) input[status] = 'DRAFT';
    // A checklist item sent without its place goes to the end (createIn), not to the declared default's place.
    const placed = this.def.checklist?.order;
    for (const [name, f] of Object.entries(this.def.fields)) {
      if (f.default === undefined || input[name] !== undefined || name === placed) continue;
      if (f.type === 'ref' && f.default === 'caller') input[name] = f.ref === 'user' ? ctx.userId : ctx.staffId;
      else input[name] = f.type === 'date' && f.default === 'today' ? companyDayOf(this.now()) : f.default;
    }
  }

  /**
   * What a write copies from other services' records (FieldDef.copyFrom across services), asked before its transaction
   * opens — a network call never holds a connection or a row lock — and used by copyReferenced if the reference is
   * still the one asked about (a hook may change it). Writes made inside a caller's transaction (imports, bulk, series)
   * ask there.
   */
  private remoteCopies = new WeakMap<Record<string, unknown>, Map<string, { id: unknown; value: unknown }>>();

  private async askRemote(input: Record<string, unknown>) {
    const asked = new Map<string, { id: unknown; value: unknown }>();
    for (const [name, f] of Object.entries(this.def.fields)) {
      const id = f.copyFrom ? input[f.copyFrom.ref] : undefined;
      if (id === undefined || id === null || this.sameService.has(this.def.fields[f.copyFrom!.ref]!.ref!)) continue;
      asked.set(name, { id, value: await this.remoteCopy(f.copyFrom!, id) });
    }
    if (asked.size) this.remoteCopies.set(input, asked);
  }

  /**
   * Another service's record: the department that scopes it, asked of its owner (a 503 when the owner is down: nothing
   * is written on a guess); anything else is not copied across services.
   */
  private async remoteCopy(from: NonNullable<FieldDef['copyFrom']>, id: unknown): Promise<unknown> {
    const other = resourceByName.get(this.def.fields[from.ref]!.ref!);
    return other && this.remote && from.field === other.scope?.staffDepartment ? (await this.remote.history(other.name, String(id))).departmentId : null;
  }

  /**
   * Fields copied from a referenced record (FieldDef.copyFrom), for each reference this write sets — or, for a copy
   * counted back (`daysBefore`), whose days it sets (`existing`: the record an update changes).
   */
  private async copyReferenced(tx: Tx, input: Record<string, unknown>, existing: Row | null = null) {
    for (const [name, f] of Object.entries(this.def.fields)) {
      const from = f.copyFrom;
      if (!from) continue;
      const back = from.daysBefore;
      if (input[from.ref] === undefined && !(back && input[back] !== undefined && existing)) continue;
      const target = this.sameService.get(this.def.fields[from.ref]!.ref!);
      const id = input[from.ref] === undefined ? existing![from.ref] : input[from.ref];
      if (id === null || id === undefined) {
        input[name] = null;
        continue;
      }
      if (!target) {
        const asked = this.remoteCopies.get(input)?.get(name);
        input[name] = asked && asked.id === id ? asked.value : await this.remoteCopy(from, id);
        continue;
      }
      const days = back ? Number((input[back] === undefined ? existing?.[back] : input[back]) ?? 0) : 0;
      const { rows } = await tx.query<Record<string, unknown>>(
        back
          ? `SELECT to_char(${from.field}::date - $2::int, 'YYYY-MM-DD') AS v FROM ${target.table} WHERE id = $1`
          : `SELECT ${from.field} AS v FROM ${target.table} WHERE id = $1`,
        back ? [id, days] : [id],
      );
      input[name] = rows[0]?.v ?? null;
    }
  }

  /**
   * An INSERT or UPDATE of a row (`row`: the record as it would be): a unique index's refusal becomes a 409 naming the
   * field (unique.ts), an exclusion constraint's a 409 naming the record holding the slot — to a caller who may read it
   * (exclusive.ts).
   */
  private async write(tx: Tx, ctx: CallerContext, row: Record<string, unknown>, sql: string, values: unknown[]) {
    // A resource holding slots (`exclusive`) writes behind a savepoint: after a clash, the transaction reads who holds it.
    const guarded = Boolean(this.def.exclusive?.length);
    if (guarded) await tx.query('SAVEPOINT slot_write');
    try {
      const res = await tx.query<Row>(sql, values);
      if (guarded) await tx.query('RELEASE SAVEPOINT slot_write');
      return res;
    } catch (err) {
      if (guarded) await tx.query('ROLLBACK TO SAVEPOINT slot_write');
      throw uniqueViolation(this.def, err) ?? (guarded ? await exclusionClash(this.def, err, tx, row, ctx) : null) ?? err;
    }
  }

  /**
   * The approval engine writing the record's approval status (approval.statusField), which a parent's sum may count
   * (a payment order's amount held on its budget until refused): before it locks the record, its parents are locked,
   * as every write of the record locks them first (no two transactions lock them in the other order).
   */
  async lockSumParents(tx: Tx, id: string): Promise<void> {
    if (!this.sums.kept) return;
    const { rows } = await tx.query<Row>(`SELECT * FROM ${this.def.table} WHERE id = $1`, [id]);
    if (rows[0]) await this.sums.lock(tx, {}, rows[0]);
  }

  /** After the engine's status write: the parents' sums over the record, as after any write (422 past a `max`). */
  async keepSums(tx: Tx, row: Record<string, unknown>, existing: Record<string, unknown>): Promise<void> {
    await this.sums.keep(tx, row, existing);
  }

  /** A unique index's (or a `oneOpen` rule's) refusal of a write the engine made, as the repository's own writes answer it. */
  refusal(err: unknown): unknown {
    return uniqueViolation(this.def, err) ?? err;
  }

  /** A record in approval or approved is not edited or deleted: its approval is cancelled first (engine.ts). */
  /** What the caller may do with record `id` (`GET <path>/:id/acts`): its declared actors, as it stands. */
  async actsOf(id: string, ctx: CallerContext): Promise<ActsView> {
    return withTx(
      this.pool,
      async (tx) => {
        const row = await this.get(id, ctx, tx);
        const locked = await this.checkApprovalLock(tx, String(row.id)).then(
          () => false,
          (e: unknown) => {
            if (e instanceof AppError) return true;
            throw e;
          },
        );
        return this.acts.view(tx, row, ctx, locked);
      },
      'BEGIN READ ONLY',
    );
  }

  private async checkApprovalLock(tx: Tx, id: string) {
    if (!this.def.approval) return;
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM approval_request WHERE resource = $1 AND record_id = $2', [this.def.name, id]);
    const status = rows[0]?.status;
    if (status && (APPROVAL_LOCKING as readonly string[]).includes(status)) throw new AppError(422, 'approval_locked');
  }

  /** A checklist item's parent recounted (ResourceDef.checklist). */
  private async rollUp(tx: Tx, row: Row) {
    const parent = this.sameService.get(this.def.fields[this.def.parent!]!.ref!);
    if (parent) await rollUpChecklist(tx, this.def, parent.table, [row[this.def.parent!]]);
  }

  /**
   * The copies that follow this record (FieldDef.copyFrom.follow on a field of a resource of this service whose `ref`
   * points here): each takes the record's new value, where it differs, on the records not yet past their `until`.
   */
  private async carryToCopies(tx: Tx, row: Row, changed: Record<string, unknown>): Promise<void> {
    this.copies ??= [...this.sameService.values()].flatMap((other) =>
      Object.entries(other.fields)
        .filter(([, f]) => f.copyFrom?.follow && other.fields[f.copyFrom.ref]?.ref === this.def.name)
        .map(([name, f]) => ({ def: other, table: other.table, name, ...f.copyFrom!, until: f.copyFrom!.follow!.until })),
    );
    for (const c of this.copies) {
      if (!(c.field in changed)) continue;
      const until = c.until ? ` AND ${c.until} > $3` : '';
      // A copy counted back (copyFrom.daysBefore): the source date less each record's own days.
      const value = c.daysBefore ? `($1::date - coalesce(${c.daysBefore}, 0))` : '$1';
      const moved = await tx.query<Row>(
        `UPDATE ${c.table} SET ${c.name} = ${value} WHERE ${c.ref} = $2 AND state = 'ACTIVE'${until} AND ${c.name} IS DISTINCT FROM ${value} RETURNING *`,
        [row[c.field] ?? null, row.id, ...(c.until ? [this.now()] : [])],
      );
      // The records' sums follow them (FieldDef.sum `where` over a copied field: a criterion moved to the other axis).
      if (!this.sumsOf.has(c.def.name)) this.sumsOf.set(c.def.name, new Sums(c.def, this.sameService));
      for (const r of moved.rows) await this.sumsOf.get(c.def.name)!.keep(tx, r, r);
    }
  }
  /** The fields of this service's records that follow this resource's records (carryToCopies), found once. */
  private copies: { def: ResourceDef; table: string; name: string; ref: string; field: string; until?: string; daysBefore?: string }[] | undefined;
  /** The sums kept over the records of this service's other resources (a copy followed into them may move their sums). */
  private readonly sumsOf = new Map<string, Sums>();

  private async afterWrite(
    tx: Tx,
    verb: 'created' | 'updated' | 'deleted',
    row: Row,
    ctx: CallerContext,
    log: { action: 'create' | 'update' | 'delete' | 'import'; origin?: unknown; updated?: unknown; description?: string | null; workflow?: boolean },
  ) {
    if (this.def.checklist) {
      await this.rollUp(tx, row);
      await logOnParent(tx, ctx, this.def, this.sameService, verb, row, (log.origin ?? {}) as Row, (await this.historyScope(tx, row)) as ActivityScope);
    }
    if (verb === 'updated') await this.carryToCopies(tx, row, (log.updated ?? {}) as Record<string, unknown>);
    await this.hooks.afterWrite?.(verb, row, ctx, tx);
    // `workflow`: the write of a status move (its `status` event follows) or of the record's own bookkeeping.
    await enqueue(tx, this.subject(verb), { id: row.id, record: row, actor_id: ctx.userId, actor_name: ctx.name, ...(log.workflow ? { workflow: true } : {}) });
    await recordActivity(tx, ctx, {
      domain: this.def.domain,
      resource: this.def.name,
      recordId: row.id,
      action: log.action,
      feature: this.def.feature,
      description: log.description ?? undefined,
      originData: log.origin ?? null,
      updatedData: log.updated ?? null,
      ...(await this.historyScope(tx, row)),
    });
  }

  /**
   * How the activity entries about a row are read, as recordActivity takes it (every entry about a record is written
   * with it: a write, a status move, an approval step, another service's entry about it): the department the log scopes
   * it by; the accounts whose history it is (then it carries no feature); and for a row limited by project (its own
   * column or its parent's), its project — read only by those whose project scope covers it, as the row itself.
   */
  async historyScope(tx: Tx | Pool, row: Record<string, unknown>): Promise<Pick<ActivityEntry, 'departmentId' | 'ownerIds' | 'project'> & { feature?: null }> {
    const owners = this.historyOwners(row);
    return {
      departmentId: await this.departmentOf(tx, this.def, row),
      ...(owners ? { ownerIds: owners, feature: null } : {}),
      ...(isProjectScoped(this.def) ? { project: { id: await this.projectOf(tx, this.def, row) } } : {}),
    };
  }

  /** The project a row of a project-scoped resource belongs to: its own column, or its parent's (`via`), as scopeCondition reads it. */
  private projectOf(tx: Tx | Pool, def: ResourceDef, row: Record<string, unknown>): Promise<string | null> {
    return this.scopeValue(tx, def, row, (rule) => rule?.project);
  }

  /**
   * The accounts whose history a row's activity entries are (written without a feature: only they and the entries'
   * actors read them), or null for entries read through the feature and the department: the owners of a row of its
   * owners (ScopeRule.owner); the creator of a limited row (ScopeRule.limited), so the log never shows it further.
   */
  private historyOwners(row: Record<string, unknown>): string[] | null {
    const limited = this.def.scope?.limited;
    const columns = this.def.scope?.owner ?? (limited && String(row[limited.field]) !== String(limited.open) ? ['created_by'] : null);
    return columns ? columns.map((c) => row[c]).filter((v): v is string => typeof v === 'string') : null;
  }

  /**
   * The department an activity entry is scoped by (the log shows it within the caller's staff scope): the record's own
   * department, or for a record scoped `via` a parent (a staff member's contract, salary, family; a candidate's
   * interview) its parent's, so the history of a staff member's salary is read exactly by those who see the staff member.
   */
  private departmentOf(tx: Tx | Pool, def: ResourceDef, row: Record<string, unknown>): Promise<string | null> {
    return this.scopeValue(tx, def, row, (rule) => rule?.staffDepartment);
  }

  /**
   * A value a row's scope rule names (`own`: its department column, its project column): the row's own, or up its
   * chain of parents (`via`, within this service) to the first that has that column.
   */
  private async scopeValue(
    tx: Tx | Pool,
    def: ResourceDef,
    row: Record<string, unknown>,
    own: (rule: ResourceDef['scope']) => string | undefined,
    depth = 0,
  ): Promise<string | null> {
    const column = own(def.scope);
    if (column) return (row[column] as string | null) ?? null;
    const via = def.scope?.via;
    const parentId = via ? row[via] : null;
    const target = via ? this.sameService.get(def.fields[via]!.ref!) : undefined;
    if (!parentId || !target || depth > 5) return null;
    const next = own(target.scope) ?? target.scope?.via;
    if (!next) return null;
    const { rows } = await tx.query<Record<string, unknown>>(`SELECT ${next} FROM ${target.table} WHERE id = $1`, [parentId]);
    return rows[0] ? this.scopeValue(tx, target, rows[0], own, depth + 1) : null;
  }

  /**
   * How activity entries about record `id` are scoped — the department they carry (null: none, or not found) and the
   * accounts whose history they are (historyOwners) — for another service writing an entry about one of this service's
   * records (a file attached to a staff member's contract: GET /internal/records/:resource/:id/department, app.ts).
   */
  async historyOfRecord(id: string): Promise<{ department_id: string | null; owner_ids: string[] | null; project?: { id: string | null } }> {
    const { rows } = await this.pool.query<Record<string, unknown>>(`SELECT ${this.returned()} FROM ${this.def.table} WHERE id = $1`, [id]);
    if (!rows[0]) return { department_id: null, owner_ids: null };
    const h = await this.historyScope(this.pool, rows[0]);
    return { department_id: h.departmentId ?? null, owner_ids: h.ownerIds ?? null, ...(h.project ? { project: h.project } : {}) };
  }

  /** A record scoped `via` a parent is written only for an ACTIVE parent within the caller's scope (400 on the field otherwise). */
  private async checkVia(tx: Tx, input: Record<string, unknown>, ctx: CallerContext) {
    // The reference the scope is read through: `scope.via`, or the one its project column is copied from (an
    // implementation record's implementation) — checked readable before the write, so that a refusal names it and no
    // other rule (a code unique within that project) answers first about a record the caller cannot read.
    const project = this.def.scope?.project;
    const via = this.def.scope?.via ?? (project ? this.def.fields[project]?.copyFrom?.ref : undefined);
    const target = via && input[via] !== undefined ? resourceByName.get(this.def.fields[via]!.ref!) : undefined;
    if (!via || !target) return;
    const p = new Params();
    const scope = scopeCondition(target, ctx, p);
    const { rows } = await tx.query(
      `SELECT 1 FROM ${target.table} t WHERE t.id = ${p.add(input[via])} AND t.state = 'ACTIVE'${scope ? ` AND ${scope}` : ''}`,
      p.values,
    );
    if (!rows.length) throw badRequest([{ path: via, key: 'invalid' }]);
  }

  /** A tree record cannot become its own ancestor. */
  private async checkTree(tx: Tx, id: string | null, input: Record<string, unknown>) {
    const parentField = this.def.tree?.parentField;
    const parent = parentField ? input[parentField] : undefined;
    if (!parentField || !parent || !id) return;
    const { rows } = await tx.query(
      `WITH RECURSIVE up AS (SELECT id, ${parentField} AS parent FROM ${this.def.table} WHERE id = $1
         UNION SELECT t.id, t.${parentField} FROM ${this.def.table} t JOIN up ON t.id = up.parent)
       SELECT 1 FROM up WHERE id = $2 LIMIT 1`,
      [parent, id],
    );
    if (rows.length) throw badRequest([{ path: parentField, key: 'parent_cycle' }]);
  }
}
