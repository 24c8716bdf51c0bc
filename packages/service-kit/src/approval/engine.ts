/**
 * The approval engine (spec §4 approval statuses, §6 approval range and cost limits). One engine for every
 * domain: a resource declared with `approval: { documentType, amountField? }` gets the routes of ./routes.ts.
 *
 * Transitions (any other status → 422 `approval_wrong_status`, nothing changes):
 *
 * | action            | allowed from                                              | to                                   | who (besides the route's permission)          |
 * |-------------------|-----------------------------------------------------------|--------------------------------------|-----------------------------------------------|
 * | submit            | (no request), DRAFT                                       | PENDING, level 1                     | anyone with `add` who can read the record     |
 * | resubmit          | REFUSE, CANCELLED                                         | RESUBMIT, level 1 (flow chosen anew) | anyone with `add` who can read the record     |
 * | approve           | PENDING, SUBMITTED_APPROVAL, RESUBMIT, APPROVING, SUBMIT_SUPERIORS | APPROVING (next level's approvers), APPROVED at the last level | a current approver or their deputy (403 `not_approver`) |
 * | submit-superiors  | as approve                                                | SUBMIT_SUPERIORS, a new next level with the named approver_ids | a current approver or their deputy |
 * | refuse            | as approve                                                | REFUSE                               | a current approver or their deputy            |
 * | cancel            | PENDING, SUBMITTED_APPROVAL, RESUBMIT, APPROVING, SUBMIT_SUPERIORS, APPROVED | CANCELLED         | the submitter or an admin (403 `approval_not_submitter`) |
 *
 * APPROVED is final but for cancel (plans change: an approved leave not yet begun is cancelled; a resource's
 * `beforeApproval` hook may refuse, e.g. a leave whose start has passed). While a request is in progress or
 * approved, the record itself is not edited or deleted (422 `approval_locked`, in the repository). DRAFT and SUBMITTED_APPROVAL are accepted as stored statuses (legacy data) but the engine
 * itself never writes them.
 *
 * Flow choice: a record naming its own approvers (approval.approversField: a ticket's) has one level per approver, in
 * the order named. Otherwise the newest ACTIVE approval_flow of the document type whose cost band fits the record's amount:
 * UP_TO_LIMIT (amount <= the resource's approval cost limit) or ABOVE_LIMIT (amount > it) before ALL. No flow →
 * one level with the approver_ids given at submit. Levels name an approver scope (contracts kit/approval.ts),
 * resolved at submit by the ApproverDirectory (./directory.ts) and copied onto the request.
 *
 * Separation of duties: nobody approves a record they submitted, created, or that is about them (the staff member
 * `ResourceDef.about` names: a leave is about whoever takes it). At submit those people are taken out of every level (a
 * level left with nobody but them is skipped; a department-head chain skips the subject's own head post), and the
 * approve, refuse and submit-superiors actions refuse them with 403 `approval_own_record` — directly, as a deputy, or
 * named by submit-superiors; a level that resolves to nobody at all is a 422 `approval_no_approver`.
 *
 * A deputy acts for an approver while a delegation (system service) covers today; the step records
 * `on_behalf_of`. Deputies get the approval-request notifications of the approvers they stand in for.
 *
 * Every step, in one transaction: an approval_step row, an activity-log entry, the outbox event
 * `portal.<domain>.<resource>.approval.<action>` and a notification request (`portal.<domain>.notification.requested`,
 * enqueued here directly: @portal/notifications depends on this kit).
 */
import type { Pool } from 'pg';
import {
  APPROVAL_IN_PROGRESS,
  APPROVAL_LOCKING,
  isUuid,
  notificationRequestedSubject,
  pagePath,
  type ApprovalLevelRule,
  type ApprovalStatusValue,
  type CallerContext,
  type NotificationRequest,
  type NotificationType,
  type ResourceDef,
} from '@portal/contracts';
import { type Tx, withTx } from '../db';
import { AppError, badRequest, forbidden } from '../errors';
import { recordActivity } from '../activity';
import { enqueue } from '../events/outbox';
import type { ResourceRepository } from '../resource/repository';
import { localDirectory, type ApprovalLevel, type ApproverDirectory, type Contact } from './directory';

export type ApprovalStatus = ApprovalStatusValue;
export type ApprovalAction = 'submit' | 'resubmit' | 'approve' | 'submit_superiors' | 'refuse' | 'cancel';

const IN_PROGRESS = APPROVAL_IN_PROGRESS;

/** Which stored status permits which action (`null`: no request yet). */
export const TRANSITIONS: Record<ApprovalAction, readonly (ApprovalStatus | null)[]> = {
  submit: [null, 'DRAFT'],
  resubmit: ['REFUSE', 'CANCELLED'],
  approve: IN_PROGRESS,
  submit_superiors: IN_PROGRESS,
  refuse: IN_PROGRESS,
  cancel: APPROVAL_LOCKING,
};

const ACTION_LABELS: Record<ApprovalAction, { vi: string; en: string }> = {
  submit: { vi: 'gửi phê duyệt', en: 'submit' },
  resubmit: { vi: 'gửi lại phê duyệt', en: 'resubmit' },
  approve: { vi: 'phê duyệt', en: 'approve' },
  submit_superiors: { vi: 'chuyển cấp trên', en: 'submit to superiors' },
  refuse: { vi: 'từ chối', en: 'refuse' },
  cancel: { vi: 'hủy', en: 'cancel' },
};

export interface ApprovalBody {
  description?: string | null;
  approver_ids?: string[];
  origin_data?: unknown;
  updated_data?: unknown;
}

export interface ApprovalRequestRow {
  id: string;
  document_type: string;
  resource: string;
  record_id: string;
  status: ApprovalStatus;
  current_level: number;
  levels_count: number;
  levels: ApprovalLevel[];
  flow_id: string | null;
  amount: number | null;
  submitted_by: string;
  approver_ids: string[];
  created_date: string;
  updated_date: string;
}

/** One step of an approval (approval_step): who did what at which level, when, with what comment. */
export interface ApprovalStep {
  id: string;
  level: number;
  action: string;
  status_from: string | null;
  status_to: string;
  actor_id: string;
  actor_name: string | null;
  actor_title: string | null;
  on_behalf_of: string | null;
  comment: string | null;
  origin_data: unknown;
  updated_data: unknown;
  created_date: Date;
}

export interface ApprovalView {
  request: ApprovalRequestRow | null;
  steps: ApprovalStep[];
  current_approver_ids: string[];
  /** The caller may approve, refuse or submit to superiors now. */
  can_approve: boolean;
}

/** Checks a submit / approve / cancel body (spec §7): { description, approver_ids, origin_data, updated_data }. */
export function parseApprovalBody(raw: unknown): ApprovalBody {
  const b = (raw ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw new AppError(400, 'body_object');
  const errors = [];
  if (b.description !== undefined && b.description !== null && (typeof b.description !== 'string' || b.description.length > 2000))
    errors.push({ path: 'description', key: 'max_length' as const, params: { n: 2000 } });
  if (
    b.approver_ids !== undefined &&
    b.approver_ids !== null &&
    (!Array.isArray(b.approver_ids) || b.approver_ids.length > 100 || !b.approver_ids.every(isUuid))
  )
    errors.push({ path: 'approver_ids', key: 'invalid' as const });
  if (errors.length) throw badRequest(errors);
  return {
    description: (b.description as string | null | undefined) ?? null,
    approver_ids: [...new Set(((b.approver_ids as string[] | undefined) ?? []).map((x) => x.toLowerCase()))],
    origin_data: b.origin_data ?? null,
    updated_data: b.updated_data ?? null,
  };
}

export class ApprovalEngine {
  readonly def: ResourceDef;
  readonly documentType: string;
  constructor(
    readonly repo: ResourceRepository,
    readonly directory: ApproverDirectory = localDirectory,
    readonly pool: Pool = repo.pool,
  ) {
    if (!repo.def.approval) throw new Error(`${repo.def.name} declares no approval`);
    this.def = repo.def;
    this.documentType = repo.def.approval.documentType;
  }

  private async requestOf(tx: Tx | Pool, recordId: string, lock = false): Promise<ApprovalRequestRow | null> {
    const { rows } = await tx.query<ApprovalRequestRow>(`SELECT * FROM approval_request WHERE resource = $1 AND record_id = $2${lock ? ' FOR UPDATE' : ''}`, [
      this.def.name,
      recordId,
    ]);
    return rows[0] ?? null;
  }

  /**
   * The action that sends this record to its approvers as its approval stands (in the caller's transaction, the request
   * locked): `resubmit` after a refusal or a cancel, else `submit` (whose own check refuses a request under way).
   */
  async sendingAction(tx: Tx, recordId: string): Promise<'submit' | 'resubmit'> {
    const status = (await this.requestOf(tx, recordId, true))?.status ?? null;
    return status !== null && TRANSITIONS.resubmit.includes(status) ? 'resubmit' : 'submit';
  }

  /** Whom the caller may act for among the current approvers: themself, or an approver whose deputy they are today. */
  private async actingFor(req: ApprovalRequestRow, ctx: CallerContext): Promise<{ ok: boolean; onBehalfOf: string | null }> {
    const approvers = req.approver_ids.map((x) => x.toLowerCase());
    if (approvers.includes(ctx.userId.toLowerCase())) return { ok: true, onBehalfOf: null };
    const forWhom = await this.directory.actingFor(ctx.userId, approvers);
    return forWhom ? { ok: true, onBehalfOf: forWhom.toLowerCase() } : { ok: false, onBehalfOf: null };
  }

  private check(action: ApprovalAction, status: ApprovalStatus | null) {
    if (!TRANSITIONS[action].includes(status)) {
      throw new AppError(422, 'approval_wrong_status', { action: ACTION_LABELS[action], status: status ?? '-' });
    }
  }

  /** The flow whose cost band fits the amount (or none), its levels resolved to approvers. */
  private async chooseLevels(
    tx: Tx,
    record: Record<string, unknown>,
    given: string[],
    ctx: CallerContext,
  ): Promise<{ flowId: string | null; levels: ApprovalLevel[]; amount: number | null }> {
    const amount = this.amountOf(record);
    const named = await this.namedLevels(record, ctx);
    if (named) return { flowId: null, levels: named, amount };
    const kind = this.def.approval?.costLimit;
    let band: 'UP_TO_LIMIT' | 'ABOVE_LIMIT' | null = null;
    if (kind && amount !== null) {
      const { rows } = await tx.query<{ max_cost: string }>('SELECT max_cost FROM approval_cost_limit WHERE kind = $1', [kind]);
      band = amount <= Number(rows[0]?.max_cost ?? 0) ? 'UP_TO_LIMIT' : 'ABOVE_LIMIT';
    }
    const { rows } = await tx.query<{ id: string; levels: ApprovalLevelRule[] }>(
      `SELECT id, levels FROM approval_flow WHERE document_type = $1 AND state = 'ACTIVE' AND (cost_band = 'ALL' OR cost_band = $2)
        ORDER BY (cost_band = 'ALL'), updated_date DESC LIMIT 1`,
      [this.documentType, band],
    );
    const flow = rows[0];
    const rules: ApprovalLevelRule[] = flow
      ? [...flow.levels].sort((a, b) => a.level - b.level).map((l) => ({ ...l, scope: l.scope ?? 'USERS' }))
      : [{ level: 1, scope: 'USERS', approver_ids: [] }];
    const dept = this.def.scope?.staffDepartment;
    const subject = this.subjectOf(record);
    const resolved = await this.directory.resolve({
      levels: rules,
      given,
      department_id: dept ? ((record[dept] as string | null) ?? null) : null,
      submitter_user_id: ctx.userId,
      submitter_staff_id: ctx.staffId,
      subject_staff_id: subject,
      project_id: this.def.scope?.project ? ((record[this.def.scope.project] as string | null) ?? null) : null,
    });
    const excluded = await this.excluded(record, ctx.userId);
    const levels: ApprovalLevel[] = [];
    resolved.forEach((l, i) => {
      if (!l.approver_ids.length) {
        if (rules[i]!.scope === 'USERS') throw badRequest([{ path: 'approver_ids', key: 'select_required' }]);
        throw new AppError(422, 'approval_no_approver', { level: i + 1 });
      }
      const others = l.approver_ids.filter((x) => !excluded.has(x));
      const title = rules[i]!.title;
      if (others.length) levels.push({ level: levels.length + 1, approver_ids: others, ...(title ? { title } : {}) });
    });
    if (!levels.length) throw new AppError(422, 'approval_no_approver', { level: 1 });
    return { flowId: flow?.id ?? null, levels, amount };
  }

  /**
   * The record's own approvers (approval.approversField), one level each in the order named, or null when it names
   * nobody (the flow decides). A level of someone who may not approve the record (its submitter, creator or subject)
   * is left out; someone without an account is a 422 naming the level.
   */
  private async namedLevels(record: Record<string, unknown>, ctx: CallerContext): Promise<ApprovalLevel[] | null> {
    const field = this.def.approval?.approversField;
    const staff = field ? ((record[field] as string[] | null) ?? []) : [];
    if (!staff.length) return null;
    const excluded = await this.excluded(record, ctx.userId);
    const levels: ApprovalLevel[] = [];
    for (const [i, staffId] of staff.entries()) {
      const accounts = await this.directory.accountsOf([staffId]);
      if (!accounts.length) throw new AppError(422, 'approval_no_approver', { level: i + 1 });
      const others = accounts.filter((x) => !excluded.has(x));
      if (others.length) levels.push({ level: levels.length + 1, approver_ids: others });
    }
    if (!levels.length) throw new AppError(422, 'approval_no_approver', { level: 1 });
    return levels;
  }

  /** The staff member the record is about (ResourceDef.about of kind staff), or null. */
  private subjectOf(record: Record<string, unknown>): string | null {
    const about = this.def.about;
    if (about?.kind !== 'staff') return null;
    const v = record[about.field];
    return typeof v === 'string' ? v.toLowerCase() : null;
  }

  /** The accounts that may not approve the record: who submits it now (or did), who created it, the accounts of whom it is about. */
  private async excluded(record: Record<string, unknown>, ...submitters: (string | null | undefined)[]): Promise<Set<string>> {
    const subject = this.subjectOf(record);
    const ids = [...submitters, record.created_by as string | null, ...(subject ? await this.directory.accountsOf([subject]) : [])];
    return new Set(ids.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()));
  }

  /** Whether the record is the caller's own to approve: they submitted or created it, or it is about them (as a deputy too). */
  private isOwn(record: Record<string, unknown>, req: ApprovalRequestRow, ctx: CallerContext): boolean {
    const me = ctx.userId.toLowerCase();
    const subject = this.subjectOf(record);
    return (
      me === req.submitted_by.toLowerCase() ||
      me === String(record.created_by ?? '').toLowerCase() ||
      (subject !== null && subject === ctx.staffId?.toLowerCase())
    );
  }

  private amountOf(record: Record<string, unknown>): number | null {
    const f = this.def.approval?.amountField;
    const v = f ? record[f] : null;
    return v === null || v === undefined || v === '' ? null : Number(v);
  }

  /**
   * A record's approval as stored: its request (null before it is first submitted) and every step taken, oldest first.
   * No check of the caller: callers read the record in the caller's scope first (`view`, the printable form).
   */
  async history(recordId: string): Promise<{ request: ApprovalRequestRow | null; steps: ApprovalStep[] }> {
    const request = await this.requestOf(this.pool, recordId);
    if (!request) return { request: null, steps: [] };
    const { rows: steps } = await this.pool.query<ApprovalStep>(
      `SELECT id, level, action, status_from, status_to, actor_id, actor_name, actor_title, on_behalf_of, comment, origin_data, updated_data, created_date
         FROM approval_step WHERE request_id = $1 ORDER BY id`,
      [request.id],
    );
    return { request, steps };
  }

  async view(recordId: string, ctx: CallerContext): Promise<ApprovalView> {
    const record = await this.repo.get(recordId, ctx);
    const { request, steps } = await this.history(recordId);
    if (!request) return { request: null, steps: [], current_approver_ids: [], can_approve: false };
    const live = IN_PROGRESS.includes(request.status);
    return {
      request,
      steps,
      current_approver_ids: live ? request.approver_ids : [],
      can_approve: live && !this.isOwn(record, request, ctx) && (await this.actingFor(request, ctx)).ok,
    };
  }

  /** Runs one action in one transaction; returns the request after it. */
  async act(action: ApprovalAction, recordId: string, body: ApprovalBody, ctx: CallerContext): Promise<ApprovalRequestRow> {
    const result = await withTx(this.pool, (tx) => this.actIn(tx, action, recordId, body, ctx));
    this.repo.onCommit();
    return result;
  }

  /** One action inside the caller's transaction (a bulk action runs several in one: approval/routes.ts). */
  async actIn(tx: Tx, action: ApprovalAction, recordId: string, body: ApprovalBody, ctx: CallerContext): Promise<ApprovalRequestRow> {
    // Locks the record (and so its approval): concurrent actions on one record run one after the other. The parents
    // keeping a sum over it first, as its every write locks them.
    await this.repo.lockSumParents(tx, recordId);
    const record = await this.repo.get(recordId, ctx, tx, true);
    const before = await this.requestOf(tx, recordId, true);
    const from = before?.status ?? null;
    this.check(action, from);
    let onBehalfOf: string | null = null;
    if (action === 'approve' || action === 'refuse' || action === 'submit_superiors') {
      const who = await this.actingFor(before!, ctx);
      if (!who.ok) throw forbidden('not_approver');
      if (this.isOwn(record, before!, ctx)) throw forbidden('approval_own_record');
      onBehalfOf = who.onBehalfOf;
    }
    if (action === 'cancel' && !ctx.isAdmin && before!.submitted_by.toLowerCase() !== ctx.userId.toLowerCase()) throw forbidden('approval_not_submitter');
    if ((action === 'submit' || action === 'resubmit') && record.state !== 'ACTIVE') throw new AppError(422, 'inactive_record');
    // The record's declared actors: who sends it to its approvers, and who withdraws it (besides its submitter).
    if (action === 'submit' || action === 'resubmit') this.repo.acts.check('submit', record, ctx);
    if (action === 'cancel') this.repo.acts.check('cancel', record, ctx);
    await this.repo.hooks.beforeApproval?.(action, record, ctx, tx);

    let after: ApprovalRequestRow;
    const set = async (sql: string, params: unknown[]) =>
      (
        await tx.query<ApprovalRequestRow>(`UPDATE approval_request SET ${sql}, updated_date = now(), reminded_at = NULL WHERE id = $1 RETURNING *`, [
          before!.id,
          ...params,
        ])
      ).rows[0]!;
    switch (action) {
      case 'submit':
      case 'resubmit': {
        const { flowId, levels, amount } = await this.chooseLevels(tx, record, body.approver_ids ?? [], ctx);
        const status: ApprovalStatus = action === 'submit' ? 'PENDING' : 'RESUBMIT';
        if (before) {
          after = await set(`status = $2, current_level = 1, levels_count = $3, levels = $4, flow_id = $5, amount = $6, submitted_by = $7, approver_ids = $8`, [
            status,
            levels.length,
            JSON.stringify(levels),
            flowId,
            amount,
            ctx.userId,
            levels[0]!.approver_ids,
          ]);
        } else {
          after = (
            await tx.query<ApprovalRequestRow>(
              `INSERT INTO approval_request (document_type, resource, record_id, status, current_level, levels_count, levels, flow_id, amount, submitted_by, approver_ids)
             VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10) RETURNING *`,
              [this.documentType, this.def.name, recordId, status, levels.length, JSON.stringify(levels), flowId, amount, ctx.userId, levels[0]!.approver_ids],
            )
          ).rows[0]!;
        }
        break;
      }
      case 'approve': {
        const next = before!.levels.find((l) => l.level === before!.current_level + 1);
        after = next
          ? await set(`status = 'APPROVING', current_level = $2, approver_ids = $3`, [next.level, next.approver_ids])
          : await set(`status = 'APPROVED', approver_ids = '{}'`, []);
        break;
      }
      case 'submit_superiors': {
        // The next approvers named here are never the record's submitter, creator or subject either.
        const excluded = await this.excluded(record, before!.submitted_by);
        const named = (body.approver_ids ?? []).filter((x) => !excluded.has(x));
        if (!named.length) throw badRequest([{ path: 'approver_ids', key: 'select_required' }]);
        const cur = before!.current_level;
        // The named approvers become the next level; the flow's remaining levels follow them.
        const levels = [
          ...before!.levels.filter((l) => l.level <= cur),
          { level: cur + 1, approver_ids: named },
          ...before!.levels.filter((l) => l.level > cur).map((l) => ({ ...l, level: l.level + 1 })),
        ];
        after = await set(`status = 'SUBMIT_SUPERIORS', current_level = $2, levels_count = $3, levels = $4, approver_ids = $5`, [
          cur + 1,
          levels.length,
          JSON.stringify(levels),
          named,
        ]);
        break;
      }
      case 'refuse':
        after = await set(`status = 'REFUSE', approver_ids = '{}'`, []);
        break;
      case 'cancel':
        after = await set(`status = 'CANCELLED', approver_ids = '{}'`, []);
        break;
    }

    const statusField = this.def.approval?.statusField;
    if (statusField) {
      // A `oneOpen` rule refusing the status (a refused advance sent again while another is open) is a 409.
      await tx.query(`UPDATE ${this.def.table} SET ${statusField} = $2, updated_date = now() WHERE id = $1`, [recordId, after.status]).catch((err: unknown) => {
        throw this.repo.refusal(err);
      });
      // What a parent sums over the record follows its status (a refused payment frees its budget; sent again, holds it).
      await this.repo.keepSums(tx, { ...record, [statusField]: after.status }, record);
    }
    const outcome = after.status === 'APPROVED' ? 'approved' : after.status === 'REFUSE' ? 'refused' : after.status === 'CANCELLED' ? 'cancelled' : null;
    if (outcome) await this.repo.hooks.afterApproval?.(outcome, statusField ? { ...record, [statusField]: after.status } : record, ctx, tx, from);
    await tx.query(
      `INSERT INTO approval_step (request_id, level, action, status_from, status_to, actor_id, actor_name, on_behalf_of, comment, origin_data, updated_data, actor_title)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        after.id,
        before?.current_level ?? 1,
        action.toUpperCase(),
        from,
        after.status,
        ctx.userId,
        ctx.name,
        onBehalfOf,
        body.description ?? null,
        body.origin_data === null || body.origin_data === undefined ? null : JSON.stringify(body.origin_data),
        body.updated_data === null || body.updated_data === undefined ? null : JSON.stringify(body.updated_data),
        ctx.title ?? null,
      ],
    );

    await recordActivity(tx, ctx, {
      domain: this.def.domain,
      resource: this.def.name,
      recordId,
      action: 'status',
      feature: this.def.feature,
      description: `approval.${action}${body.description ? `: ${body.description}` : ''}`,
      originData: body.origin_data ?? { approval_status: from },
      updatedData: body.updated_data ?? { approval_status: after.status },
      ...(await this.repo.historyScope(tx, record)),
    });
    await enqueue(tx, `portal.${this.def.domain}.${this.def.name}.approval.${action}`, {
      id: recordId,
      request_id: after.id,
      document_type: this.documentType,
      action,
      status_from: from,
      status_to: after.status,
      level: after.current_level,
      approver_ids: after.approver_ids,
      actor_id: ctx.userId,
      on_behalf_of: onBehalfOf,
      comment: body.description ?? null,
      record,
    });
    await this.notify(tx, action, after, record, ctx);
    return after;
  }

  /** APPROVE_REQUEST to whoever must act next (and their deputies today); APPROVED / REFUSED / CANCELLED to the submitter. */
  private async notify(tx: Tx, action: ApprovalAction, req: ApprovalRequestRow, record: Record<string, unknown>, ctx: CallerContext) {
    let type: NotificationType;
    let userIds: string[];
    if (req.status === 'APPROVED') {
      type = 'APPROVED';
      userIds = [req.submitted_by];
    } else if (req.status === 'REFUSE') {
      type = 'REFUSED';
      userIds = [req.submitted_by];
    } else if (req.status === 'CANCELLED') {
      type = 'CANCELLED';
      userIds = [req.submitted_by];
    } else {
      type = 'APPROVE_REQUEST';
      userIds = req.approver_ids;
    }
    // A submitter who cancels their own request is not told about it.
    if (type === 'CANCELLED') userIds = userIds.filter((u) => u.toLowerCase() !== ctx.userId.toLowerCase());
    // Every action answers the approval requests sent before it: they leave "Waiting for me" (the next level's are new).
    await this.sendNotification(
      tx,
      type,
      userIds,
      req,
      record,
      { vi: `${ctx.name}: ${ACTION_LABELS[action].vi}`, en: `${ctx.name}: ${ACTION_LABELS[action].en}` },
      { settles: true },
    );
  }

  /**
   * One notification request to the users (with their addresses) and, for an approval request, to their deputies
   * today. `known`: contacts already fetched (reminders fetch them for a whole batch at once).
   */
  private async sendNotification(
    tx: Tx,
    type: NotificationType,
    userIds: string[],
    req: ApprovalRequestRow,
    record: Record<string, unknown>,
    body: { vi: string; en: string },
    opts: { reminder?: boolean; known?: Map<string, Contact>; settles?: boolean } = {},
  ) {
    if (!userIds.length && !opts.settles) return;
    const ids = userIds.map((id) => id.toLowerCase());
    const contacts = opts.known ?? new Map((ids.length ? await this.directory.contacts(ids) : []).map((c) => [c.id.toLowerCase(), c]));
    const recipients = new Map<string, string | null>(ids.map((id) => [id, contacts.get(id)?.email ?? null]));
    if (type === 'APPROVE_REQUEST') {
      for (const id of ids)
        for (const d of contacts.get(id)?.deputies ?? []) if (!recipients.has(d.id.toLowerCase())) recipients.set(d.id.toLowerCase(), d.email);
    }
    const reminder = opts.reminder ?? false;
    const title = String(record[this.def.titleField] ?? req.record_id);
    const label = this.def.label;
    const texts: Record<NotificationType, { vi: string; en: string }> = {
      APPROVE_REQUEST: reminder
        ? { vi: `Nhắc: ${label.vi.toLowerCase()} đang chờ bạn phê duyệt: ${title}`, en: `Reminder: ${label.en} waiting for your approval: ${title}` }
        : { vi: `Yêu cầu phê duyệt ${label.vi.toLowerCase()}: ${title}`, en: `${label.en} approval request: ${title}` },
      APPROVED: { vi: `${label.vi} đã được phê duyệt: ${title}`, en: `${label.en} approved: ${title}` },
      REFUSED: { vi: `${label.vi} bị từ chối: ${title}`, en: `${label.en} refused: ${title}` },
      CANCELLED: { vi: `${label.vi} đã bị hủy phê duyệt: ${title}`, en: `${label.en} approval cancelled: ${title}` },
      INFO: { vi: title, en: title },
    };
    const payload: NotificationRequest = {
      user_ids: [...recipients.keys()],
      emails: [...recipients.values()],
      type,
      title: texts[type],
      body,
      link: `${pagePath(this.def)}/${req.record_id}`,
      context: `${this.def.name}:${req.record_id}`,
      ...(opts.settles ? { settles: `${this.def.name}:${req.record_id}` } : {}),
    };
    await enqueue(tx, notificationRequestedSubject(this.def.domain), payload);
  }

  /**
   * Reminds the approvers of every step of this resource that has waited longer than `afterMs` since it began or
   * was last reminded. Safe with several instances: each request is claimed by one UPDATE (SKIP LOCKED).
   * Returns how many requests were reminded.
   */
  async remindWaiting(afterMs: number): Promise<number> {
    const count = await withTx(this.pool, async (tx) => {
      const { rows } = await tx.query<ApprovalRequestRow>(
        `UPDATE approval_request SET reminded_at = now() WHERE id IN (
           SELECT id FROM approval_request WHERE resource = $1 AND status = ANY($2::text[])
              AND coalesce(reminded_at, updated_date) < now() - ($3::bigint * interval '1 millisecond')
            ORDER BY updated_date LIMIT 200 FOR UPDATE SKIP LOCKED) RETURNING *`,
        [this.def.name, IN_PROGRESS, afterMs],
      );
      if (!rows.length) return 0;
      // The batch's records and every approver's contacts, each in one call.
      const { rows: records } = await tx.query(`SELECT * FROM ${this.def.table} WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.record_id)]);
      const approvers = [...new Set(rows.flatMap((r) => r.approver_ids.map((a) => a.toLowerCase())))];
      const known = new Map((await this.directory.contacts(approvers)).map((c) => [c.id.toLowerCase(), c]));
      for (const req of rows) {
        const waitedH = Math.max(1, Math.round((Date.now() - new Date(req.updated_date).getTime()) / 3_600_000));
        await this.sendNotification(
          tx,
          'APPROVE_REQUEST',
          req.approver_ids,
          req,
          records.find((r) => r.id === req.record_id) ?? {},
          { vi: `Đang chờ phê duyệt cấp ${req.current_level} (${waitedH} giờ)`, en: `Waiting at level ${req.current_level} (${waitedH} h)` },
          { reminder: true, known },
        );
      }
      return rows.length;
    });
    if (count) this.repo.onCommit();
    return count;
  }
}
