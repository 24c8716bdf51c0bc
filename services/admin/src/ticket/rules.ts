import { ticket, ticketChecklist, ticketItem, ticketStatus, type CallerContext, type InputOf, type RowOf, type TicketStage } from '@portal/contracts';

type Ticket = RowOf<typeof ticket>;
import { AppError, badRequest, changes, hooksFor, type HooksOf, type ServiceKit, type Tx } from '@portal/service-kit';

/**
 * Tickets' own rules (contracts admin/ticket.ts). Who may edit, move, delete and send a ticket, name its performer and
 * approvers, and which moves wait for approval is declared there (its actors and acts: the kit enforces them); here is
 * what a declaration cannot say: a request item's defaults, the deadline, the company's named statuses, approvers fixed
 * once asked, and who may make checklist items required.
 */

/** Its approval was asked for (a request exists: in progress, approved, refused or withdrawn). */
const asked = (row: Ticket) => Boolean(row.approval_status) && row.approval_status !== 'DRAFT';

/** The ACTIVE ticket status `id` (400 on `path` otherwise), or the first one of `stage` (null: none configured). */
async function statusOf(tx: Tx, stage: TicketStage, id: unknown, path = 'setting_status_id'): Promise<{ id: string; name: string } | null> {
  if (id !== undefined && id !== null && id !== '') {
    const { rows } = await tx.query<{ id: string; name: string; stage: string }>(
      `SELECT id, name, stage FROM ${ticketStatus.table} WHERE id::text = $1 AND state = 'ACTIVE'`,
      [String(id)],
    );
    if (!rows[0]) throw badRequest([{ path, key: 'ticket_status_unknown' }]);
    if (rows[0].stage !== stage) throw badRequest([{ path, key: 'ticket_status_stage' }]);
    return rows[0];
  }
  const { rows } = await tx.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${ticketStatus.table} WHERE stage = $1 AND state = 'ACTIVE' ORDER BY sort_order, name LIMIT 1`,
    [stage],
  );
  return rows[0] ?? null;
}

/** A request item's defaults: its group (a ticket naming another is refused), performer and deadline. */
async function applyItem(tx: Tx, input: InputOf<typeof ticket>, now: Date) {
  if (!input.item_id) return null;
  const { rows } = await tx.query<{ group_id: string; performer_id: string | null; due_hours: number | null; checklist_template: string | null }>(
    `SELECT group_id, performer_id, due_hours, checklist_template FROM ${ticketItem.table} WHERE id = $1 AND state = 'ACTIVE'`,
    [input.item_id],
  );
  const item = rows[0];
  if (!item) throw badRequest([{ path: 'item_id', key: 'invalid' }]);
  if (input.group_id && input.group_id.toLowerCase() !== item.group_id) throw badRequest([{ path: 'item_id', key: 'ticket_item_group' }]);
  input.group_id = item.group_id;
  if (!input.performer_id && item.performer_id) input.performer_id = item.performer_id;
  if (!input.deadline && item.due_hours) input.deadline = new Date(now.getTime() + item.due_hours * 3_600_000).toISOString();
  return item;
}

/** The checklist a request item's template gives: one item per line, `*` first for a required one. */
/** Transactions copying a request item's checklist onto a new ticket: its required items are the settings', not the caller's. */
const copying = new WeakSet<Tx>();

export function templateItems(template: string | null): { name: string; required: boolean }[] {
  return (template ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 50)
    .map((l) => (l.startsWith('*') ? { name: l.slice(1).trim(), required: true } : { name: l, required: false }))
    .filter((x) => x.name)
    .map((x) => ({ ...x, name: x.name.slice(0, 255) }));
}

const notPastDeadline = (deadline: unknown, now: Date) => {
  if (typeof deadline === 'string' && new Date(deadline).getTime() < now.getTime()) throw badRequest([{ path: 'deadline', key: 'ticket_deadline_past' }]);
};

export function ticketHooks(kit: () => ServiceKit): HooksOf<typeof ticket> {
  const now = () => kit().now();
  // The checklist of the item a create was raised for, copied once the ticket exists (a transaction writes one ticket
  // at a time: create, then its afterWrite).
  const templates = new WeakMap<Tx, string | null>();
  return hooksFor(ticket, {
    async beforeCreate(input, _ctx, tx) {
      const item = await applyItem(tx, input, now());
      templates.set(tx, item?.checklist_template ?? null);
      notPastDeadline(input.deadline, now());
      input.status_id = (await statusOf(tx, 'OPEN', undefined))?.id ?? null;
    },
    async afterWrite(verb, row, ctx, tx) {
      if (verb !== 'created') return;
      const items = templateItems(templates.get(tx) ?? null);
      templates.delete(tx);
      const repo = kit().repo(ticketChecklist);
      copying.add(tx);
      try {
        for (const [i, it] of items.entries()) await repo.createIn(tx, { ticket_id: row.id, name: it.name, required: it.required, sort_order: i + 1 }, ctx);
      } finally {
        copying.delete(tx);
      }
      // The ticket as answered and announced carries its checklist's counts.
      if (items.length) Object.assign(row, (await tx.query(`SELECT total_checklist, progress FROM ${ticket.table} WHERE id = $1`, [row.id])).rows[0]);
    },
    async beforeUpdate(input, existing, _ctx, tx) {
      // The approvers are fixed once the ticket has gone to them: a refusal is not undone by naming others.
      if (input.approver_ids !== undefined && asked(existing) && JSON.stringify(input.approver_ids ?? []) !== JSON.stringify(existing.approver_ids ?? []))
        throw badRequest([{ path: 'approver_ids', key: 'ticket_approvers_fixed' }]);
      if (changes(ticket, input, existing, ['item_id'])) {
        // A new item brings its group, and its performer and deadline only where the ticket has none.
        const probe: InputOf<typeof ticket> = {
          item_id: input.item_id,
          group_id: input.group_id,
          performer_id: input.performer_id ?? existing.performer_id,
          deadline: input.deadline ?? existing.deadline?.toISOString() ?? undefined,
        };
        await applyItem(tx, probe, now());
        input.group_id = probe.group_id ?? input.group_id;
        if (input.performer_id === undefined && !existing.performer_id && probe.performer_id) input.performer_id = probe.performer_id;
        if (input.deadline === undefined && !existing.deadline && probe.deadline) input.deadline = probe.deadline;
      }
      // A new deadline is not in the past (the kit clears the overdue flag: kit/deadline.ts).
      if (changes(ticket, input, existing, ['deadline'])) notPastDeadline(input.deadline, now());
    },
    async beforeStatus(move, record, _ctx, tx) {
      const to = move.to as TicketStage;
      if (to === 'IN_PROGRESS' && !record.performer_id) throw new AppError(422, 'ticket_no_performer');
      const status = await statusOf(tx, to, move.body.setting_status_id);
      if (move.from === to && (status?.id ?? null) === (record.status_id ?? null)) throw new AppError(422, 'ticket_same_status');
      return {
        status_id: status?.id ?? null,
        closed_date: to === 'CLOSED' ? now().toISOString() : null,
      };
    },
  });
}

/**
 * The checklist is the ticket's: written by whoever may edit the ticket (its declared actors), and not once it is closed
 * or cancelled; what is required is a ticket manager's to say — nobody waives a required item by unticking "required"
 * or deleting it.
 */
export function ticketChecklistHooks(kit: () => ServiceKit): HooksOf<typeof ticketChecklist> {
  const tickets = () => kit().repo(ticket);
  const check = async (ticketId: string, ctx: CallerContext, tx: Tx) => {
    // Locked: a move to CLOSED and a change of its checklist run one after the other.
    const t = await tickets().get(ticketId, ctx, tx, true);
    tickets().acts.check('edit', t, ctx);
    return t;
  };
  const required = (t: Ticket, ctx: CallerContext) => {
    if (!tickets().acts.is('manager', t, ctx)) throw new AppError(403, 'ticket_required_manager', {}, [{ path: 'required', key: 'ticket_required_manager' }]);
  };
  return hooksFor(ticketChecklist, {
    async beforeCreate(input, ctx, tx) {
      const t = await check(input.ticket_id ?? '', ctx, tx);
      if (input.required === true && !copying.has(tx)) required(t, ctx);
    },
    async beforeUpdate(input, existing, ctx, tx) {
      const t = await check(existing.ticket_id ?? '', ctx, tx);
      if (changes(ticketChecklist, input, existing, ['ticket_id'])) throw badRequest([{ path: 'ticket_id', key: 'ticket_checklist_moved' }]);
      if (input.required !== undefined && Boolean(input.required) !== Boolean(existing.required)) required(t, ctx);
    },
    async beforeDelete(existing, ctx, tx) {
      const t = await check(existing.ticket_id ?? '', ctx, tx);
      if (existing.required) required(t, ctx);
    },
  });
}
