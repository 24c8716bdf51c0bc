import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notificationRequestedSubject, pagePath, PORTAL_TIME_ZONE, ticket, TICKET_OPEN_STAGES } from '@portal/contracts';
import { badRequest, enqueue, moveStatus, ok, parseOrThrow, requireCaller, staffRecipients, withTx, type ServiceKit } from '@portal/service-kit';
import { stageOf } from './rules';

const CHANGE_STATUS = z.object({
  id: z.string({ error: 'select_required' }).uuid({ error: 'invalid' }),
  setting_status_id: z.string({ error: 'select_required' }).uuid({ error: 'invalid' }),
  note: z.string({ error: 'invalid' }).trim().max(1000, { error: 'max_length|{"n":1000}' }).nullish(),
}, { error: 'body_object' });

/**
 * `POST /ticket-change-status { id, setting_status_id, note }` (spec §7 "Ticket status: id, setting_status_id"): the
 * ticket moves to the stage of the status named — the kit's workflow move, with the ticket's rules (rules.ts
 * beforeStatus: who, approval, checklist) and its events, activity entry and followers' notifications.
 */
export function ticketRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repos.get(ticket.name)!;
  app.post('/api/v1/ticket-change-status', async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(CHANGE_STATUS, req.body, badRequest);
    await repo.get(body.id, ctx);
    const stage = await stageOf(kit, body.setting_status_id);
    await withTx(repo.pool, async (tx) => {
      const record = await repo.get(body.id, ctx, tx, true);
      await moveStatus(repo, tx, record, stage, ctx, { note: body.note || null, body: { setting_status_id: body.setting_status_id } });
    });
    repo.onCommit();
    return ok(await repo.get(body.id, ctx));
  });
}

/**
 * Overdue tickets (issue 15 §6): a ticket still open past its deadline is flagged `overdue` and its requester, performer
 * and followers are reminded — once per deadline (a new deadline clears the flag: rules.ts). Each ticket is claimed by
 * one UPDATE (SKIP LOCKED), so several instances remind once. Returns how many were flagged.
 */
export async function flagOverdue(kit: ServiceKit, now: Date = new Date()): Promise<number> {
  const count = await withTx(kit.pool, async (tx) => {
    const { rows } = await tx.query<Record<string, unknown> & { id: string }>(
      `UPDATE ${ticket.table} SET overdue = true WHERE id IN (
         SELECT id FROM ${ticket.table} WHERE state = 'ACTIVE' AND NOT coalesce(overdue, false) AND stage = ANY($1::text[]) AND deadline < $2
          ORDER BY deadline LIMIT 200 FOR UPDATE SKIP LOCKED) RETURNING *`, [TICKET_OPEN_STAGES, now]);
    for (const row of rows) {
      const to = await staffRecipients(kit.directory, [row.requester_id, row.performer_id, ...((row.follower_ids as string[] | null) ?? [])]);
      if (!to.user_ids.length) continue;
      const when = (locale: string) => new Date(String(row.deadline)).toLocaleString(locale, { timeZone: PORTAL_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
      await enqueue(tx, notificationRequestedSubject(kit.domain), {
        ...to, type: 'INFO',
        title: { vi: `Phiếu yêu cầu quá hạn: ${String(row.code ?? '')} ${String(row.title)}`, en: `Ticket overdue: ${String(row.code ?? '')} ${String(row.title)}` },
        body: { vi: `Hạn xử lý ${when('vi-VN')} đã qua`, en: `The deadline ${when('en-GB')} has passed` },
        link: `${pagePath(ticket)}/${row.id}`, context: `${ticket.name}:${row.id}`,
      });
    }
    return rows.length;
  });
  if (count) kit.relay.kick();
  return count;
}

/** Runs flagOverdue every `everyMs` while the app is up (failures logged, tried again next time). */
export function overdueSweep(app: FastifyInstance, kit: ServiceKit, everyMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    // One sweep at a time: a slow one is not overtaken by the next.
    timer = setInterval(() => {
      if (running) return;
      running = true;
      void flagOverdue(kit).catch((err: Error) => app.log.warn({ err: err.message }, 'overdue tickets sweep failed')).finally(() => { running = false; });
    }, everyMs);
  });
  app.addHook('onClose', async () => { if (timer) clearInterval(timer); });
}
