import type { FastifyInstance } from 'fastify';
import { notificationRequestedSubject, pagePath, PORTAL_TIME_ZONE, ticket, TICKET_OPEN_STAGES } from '@portal/contracts';
import { enqueue, staffRecipients, withTx, type ServiceKit } from '@portal/service-kit';

/**
 * Overdue tickets (issue 15 §6): a ticket still open past its deadline is flagged `overdue` and its requester, performer
 * and followers are reminded — once per deadline (a new deadline clears the flag: rules.ts). Each ticket is claimed by
 * one UPDATE (SKIP LOCKED), so several instances remind once. Returns how many were flagged.
 */
export async function flagOverdue(kit: ServiceKit, now: Date = kit.now()): Promise<number> {
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
