import { ticket, ticketChecklist, ticketItem, ticketStatus, TICKET_OPEN_STAGES, type CallerContext, type TicketStage } from '@portal/contracts';
import { AppError, badRequest, type ResourceHooks, type Row, type ServiceKit, type Tx } from '@portal/service-kit';
import { changes, isNamed, manages as managesFeature } from '../timing';

/**
 * Tickets' own rules (contracts admin/ticket.ts). Who does what:
 * - the **requester** edits their ticket and cancels it;
 * - the **performer** moves it (status) and works its checklist;
 * - a **ticket manager** — the `approve` right on tickets: a department head for their department's tickets, the
 *   administration office for all — does all of it, and assigns the performer;
 * - approvers approve, in order (the kit's engine); a ticket naming approvers is not started or closed before it is
 *   approved.
 * A closed or cancelled ticket is not edited, nor its checklist (reopen it first).
 */

/** A ticket manager for this ticket (timing.ts `manages`: a head following another unit's ticket does not manage it). */
const manages = (ctx: CallerContext, row: Record<string, unknown>) => managesFeature(ctx, 'ticket', row);
const isRequester = (row: Row, ctx: CallerContext) => isNamed(row, 'requester_id', ctx);
const isPerformer = (row: Row, ctx: CallerContext) => isNamed(row, 'performer_id', ctx);
/** Its approval was asked for (a request exists: in progress, approved, refused or withdrawn). */
const asked = (row: Row) => Boolean(row.approval_status) && row.approval_status !== 'DRAFT';
const finished = (row: Row) => !(TICKET_OPEN_STAGES as readonly string[]).includes(String(row.stage));

/** The ACTIVE ticket status `id` (400 on `path` otherwise), or the first one of `stage` (null: none configured). */
async function statusOf(tx: Tx, stage: TicketStage, id: unknown, path = 'setting_status_id'): Promise<{ id: string; name: string } | null> {
  if (id !== undefined && id !== null && id !== '') {
    const { rows } = await tx.query<{ id: string; name: string; stage: string }>(
      `SELECT id, name, stage FROM ${ticketStatus.table} WHERE id::text = $1 AND state = 'ACTIVE'`, [String(id)]);
    if (!rows[0]) throw badRequest([{ path, key: 'ticket_status_unknown' }]);
    if (rows[0].stage !== stage) throw badRequest([{ path, key: 'ticket_status_stage' }]);
    return rows[0];
  }
  const { rows } = await tx.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${ticketStatus.table} WHERE stage = $1 AND state = 'ACTIVE' ORDER BY sort_order, name LIMIT 1`, [stage]);
  return rows[0] ?? null;
}

/** A request item's defaults: its group (a ticket naming another is refused), performer and deadline. */
async function applyItem(tx: Tx, input: Record<string, unknown>, now: Date) {
  if (!input.item_id) return null;
  const { rows } = await tx.query<{ group_id: string; performer_id: string | null; due_hours: number | null; checklist_template: string | null }>(
    `SELECT group_id, performer_id, due_hours, checklist_template FROM ${ticketItem.table} WHERE id = $1 AND state = 'ACTIVE'`, [input.item_id]);
  const item = rows[0];
  if (!item) throw badRequest([{ path: 'item_id', key: 'invalid' }]);
  if (input.group_id && String(input.group_id).toLowerCase() !== item.group_id) throw badRequest([{ path: 'item_id', key: 'ticket_item_group' }]);
  input.group_id = item.group_id;
  if (!input.performer_id && item.performer_id) input.performer_id = item.performer_id;
  if (!input.deadline && item.due_hours) input.deadline = new Date(now.getTime() + item.due_hours * 3_600_000).toISOString();
  return item;
}

/** The checklist a request item's template gives: one item per line, `*` first for a required one. */
export function templateItems(template: string | null): { name: string; required: boolean }[] {
  return (template ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean).slice(0, 50)
    .map((l) => (l.startsWith('*') ? { name: l.slice(1).trim(), required: true } : { name: l, required: false }))
    .filter((x) => x.name).map((x) => ({ ...x, name: x.name.slice(0, 255) }));
}

const notPastDeadline = (deadline: unknown, now: Date) => {
  if (typeof deadline === 'string' && new Date(deadline).getTime() < now.getTime()) throw badRequest([{ path: 'deadline', key: 'ticket_deadline_past' }]);
};

export function ticketHooks(kit: () => ServiceKit, now: () => Date = () => new Date()): ResourceHooks {
  // The checklist of the item a create was raised for, copied once the ticket exists (a transaction writes one ticket
  // at a time: create, then its afterWrite).
  const templates = new WeakMap<Tx, string | null>();
  return {
    async beforeCreate(input, ctx, tx) {
      const item = await applyItem(tx, input, now());
      templates.set(tx, item?.checklist_template ?? null);
      notPastDeadline(input.deadline, now());
      // Someone else's ticket, or a performer named up front, is a manager's to raise; anyone may ask for themself.
      if (input.requester_id && !isNamed(input as Row, 'requester_id', ctx) && !manages(ctx, input)) throw new AppError(403, 'ticket_not_requester');
      input.status_id = (await statusOf(tx, 'OPEN', undefined))?.id ?? null;
    },
    async afterWrite(verb, row, ctx, tx) {
      if (verb !== 'created') return;
      const items = templateItems(templates.get(tx) ?? null);
      templates.delete(tx);
      const repo = kit().repos.get(ticketChecklist.name)!;
      for (const [i, it] of items.entries()) await repo.createIn(tx, { ticket_id: row.id, name: it.name, required: it.required, sort_order: i + 1 }, ctx);
      // The ticket as answered and announced carries its checklist's counts.
      if (items.length) Object.assign(row, (await tx.query(`SELECT total_checklist, progress FROM ${ticket.table} WHERE id = $1`, [row.id])).rows[0]);
    },
    async beforeUpdate(input, existing, ctx, tx) {
      if (finished(existing)) throw new AppError(422, 'ticket_finished');
      if (!isRequester(existing, ctx) && !isPerformer(existing, ctx) && !manages(ctx, existing)) throw new AppError(403, 'ticket_not_yours');
      if (input.requester_id !== undefined && String(input.requester_id) !== String(existing.requester_id) && !manages(ctx, existing)) throw new AppError(403, 'ticket_not_requester');
      // The approvers are fixed once the ticket has gone to them: a refusal is not undone by naming others.
      if (input.approver_ids !== undefined && asked(existing)
        && JSON.stringify(input.approver_ids ?? []) !== JSON.stringify(existing.approver_ids ?? [])) throw badRequest([{ path: 'approver_ids', key: 'ticket_approvers_fixed' }]);
      if (input.item_id !== undefined && String(input.item_id ?? '') !== String(existing.item_id ?? '')) {
        // A new item brings its group, and its performer and deadline only where the ticket has none.
        const probe: Record<string, unknown> = { item_id: input.item_id, group_id: input.group_id, performer_id: input.performer_id ?? existing.performer_id, deadline: input.deadline ?? existing.deadline ?? undefined };
        await applyItem(tx, probe, now());
        input.group_id = probe.group_id ?? input.group_id;
        if (input.performer_id === undefined && !existing.performer_id && probe.performer_id) input.performer_id = probe.performer_id;
        if (input.deadline === undefined && !existing.deadline && probe.deadline) input.deadline = probe.deadline;
      }
      if (changes(input, existing, ['deadline'])) {
        notPastDeadline(input.deadline, now());
        // A new deadline is a new chance: the ticket is no longer overdue, and will be reminded again if it passes.
        input.overdue = false;
      }
    },
    async beforeDelete(existing, ctx) {
      if (!isRequester(existing, ctx) && !manages(ctx, existing)) throw new AppError(403, 'ticket_not_requester');
      if (existing.stage !== 'OPEN') throw new AppError(422, 'ticket_delete_started');
    },
    beforeApproval(action, record, ctx) {
      // The ticket goes to its approvers from its requester (or a manager), not from someone it merely names.
      if ((action === 'submit' || action === 'resubmit') && !isRequester(record, ctx) && !manages(ctx, record)) throw new AppError(403, 'ticket_not_requester');
    },
    async beforeStatus(move, record, ctx, tx) {
      const to = move.to as TicketStage;
      const mayMove = to === 'CANCELLED' ? isRequester(record, ctx) || isPerformer(record, ctx) || manages(ctx, record) : isPerformer(record, ctx) || manages(ctx, record);
      if (!mayMove) throw new AppError(403, to === 'CANCELLED' ? 'ticket_not_requester' : 'ticket_not_performer');
      // Named approvers, or an approval once asked for (refused, withdrawn): only an approved ticket starts or closes.
      const named = ((record.approver_ids as string[] | null) ?? []).length > 0 || asked(record);
      if (named && (to === 'IN_PROGRESS' || to === 'CLOSED') && record.approval_status !== 'APPROVED') throw new AppError(422, 'ticket_not_approved');
      if (to === 'IN_PROGRESS' && !record.performer_id) throw new AppError(422, 'ticket_no_performer');
      const status = await statusOf(tx, to, move.body.setting_status_id);
      if (move.from === to && String(status?.id ?? '') === String(record.status_id ?? '')) throw new AppError(422, 'ticket_same_status');
      return {
        status_id: status?.id ?? null,
        closed_date: to === 'CLOSED' ? now().toISOString() : null,
        // Closed or cancelled, it is no longer late; reopened, the sweep looks at it again.
        overdue: to === 'CLOSED' || to === 'CANCELLED' ? false : record.overdue,
      };
    },
  };
}

/** The checklist is the ticket's: written by who works on the ticket, and not once it is closed or cancelled. */
export function ticketChecklistHooks(kit: () => ServiceKit): ResourceHooks {
  const check = async (ticketId: unknown, ctx: CallerContext, tx: Tx) => {
    // Locked: a move to CLOSED and a change of its checklist run one after the other.
    const t = await kit().repos.get(ticket.name)!.get(String(ticketId), ctx, tx, true);
    if (finished(t)) throw new AppError(422, 'ticket_finished');
    if (!isRequester(t, ctx) && !isPerformer(t, ctx) && !manages(ctx, t)) throw new AppError(403, 'ticket_not_yours');
  };
  return {
    beforeCreate: (input, ctx, tx) => check(input.ticket_id, ctx, tx),
    async beforeUpdate(input, existing, ctx, tx) {
      await check(existing.ticket_id, ctx, tx);
      if (input.ticket_id !== undefined && String(input.ticket_id) !== String(existing.ticket_id)) throw badRequest([{ path: 'ticket_id', key: 'ticket_checklist_moved' }]);
    },
    beforeDelete: (existing, ctx, tx) => check(existing.ticket_id, ctx, tx),
  };
}
