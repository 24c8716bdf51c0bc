import nodemailer from 'nodemailer';
import type { Pool } from 'pg';
import { consume, enqueue, type EventBus, type Tx } from '@portal/service-kit';

export interface MailRequest { to: string; subject: string; text: string }

/** Mail goes through the outbox: a failed SMTP delivery stays queued and is tried again. */
export async function queueMail(tx: Tx, mail: MailRequest) {
  await enqueue(tx, 'portal.system.mail.requested', mail);
}

export async function startMailer(bus: EventBus, pool: Pool, smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport(smtpUrl);
  await consume(bus, pool, 'system.mailer', 'portal.system.mail.requested', async (event) => {
    const mail = event.data as MailRequest;
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  });
  return transport;
}
