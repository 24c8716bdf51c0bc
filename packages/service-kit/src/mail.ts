import nodemailer from 'nodemailer';
import type { Pool } from 'pg';
import type { Tx } from './db';

/** A file sent with a mail, its content as text (an .ics invitation: `text/calendar; method=REQUEST`). */
export interface MailAttachment {
  filename: string;
  content: string;
  content_type: string;
}
export interface MailRequest {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Queues a mail in the caller's transaction: it is sent only if the change commits. */
export async function queueMail(tx: Tx, mail: MailRequest): Promise<void> {
  await tx.query('INSERT INTO mail_queue (mail_to, subject, body, attachments) VALUES ($1, $2, $3, $4)', [
    mail.to,
    mail.subject.slice(0, 500),
    mail.text,
    mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  ]);
}

export interface MailSenderOptions {
  smtpUrl: string;
  from: string;
  intervalMs?: number;
  retryBaseMs?: number;
  log: { warn: (o: object, m: string) => void };
}

/**
 * Sends queued mail, each message on its own: a failure is retried with a doubling delay (from
 * `retryBaseMs`, at most an hour) and never holds other mail nor the service's events. Several instances
 * share the queue (rows are locked while sent).
 */
export class MailSender {
  private transport;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private pool: Pool,
    private opts: MailSenderOptions,
  ) {
    this.transport = nodemailer.createTransport(opts.smtpUrl);
  }

  start() {
    this.timer = setInterval(() => void this.kick(), this.opts.intervalMs ?? 1000);
    this.timer.unref();
    void this.kick();
  }

  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const client = await this.pool.connect().catch(() => null);
      if (!client) return;
      let sent = 0;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{
          id: number;
          mail_to: string;
          subject: string;
          body: string;
          attachments: MailAttachment[] | null;
          attempts: number;
        }>(
          `SELECT id, mail_to, subject, body, attachments, attempts FROM mail_queue WHERE sent_at IS NULL AND next_attempt_at <= now()
           ORDER BY next_attempt_at, id LIMIT 20 FOR UPDATE SKIP LOCKED`,
        );
        for (const m of rows) {
          try {
            await this.transport.sendMail({
              from: this.opts.from,
              to: m.mail_to,
              subject: m.subject,
              text: m.body,
              attachments: (m.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.content_type })),
            });
            await client.query('UPDATE mail_queue SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1', [m.id]);
            sent++;
          } catch (err) {
            const delay = Math.min(3_600_000, (this.opts.retryBaseMs ?? 30_000) * 2 ** m.attempts);
            await client.query(
              `UPDATE mail_queue SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
              [m.id, String((err as Error).message).slice(0, 500), delay / 1000],
            );
            this.opts.log.warn({ mailId: m.id, attempts: m.attempts + 1 }, 'mail not sent; will retry');
          }
        }
        await client.query('COMMIT');
        if (rows.length < 20 || sent === 0) return;
      } catch {
        await client.query('ROLLBACK').catch(() => undefined);
        return;
      } finally {
        client.release();
      }
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }
}
