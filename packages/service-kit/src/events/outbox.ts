import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Tx } from '../db';
import type { EventBus } from './bus';

/** Write an event in the caller's transaction: it is published only if the write commits (ARCHITECTURE §5). */
export async function enqueue(tx: Tx, subject: string, data: unknown): Promise<string> {
  const id = randomUUID();
  await tx.query('INSERT INTO outbox (id, subject, payload) VALUES ($1, $2, $3)', [id, subject, JSON.stringify(data)]);
  return id;
}

/**
 * Publishes committed outbox rows in order. Woken right after each commit (`kick`) and by a timer, so
 * events wait in the table while the bus is down and go out when it is back.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private pool: Pool,
    private bus: EventBus,
    private log: { warn: (o: object, m: string) => void },
    private intervalMs = 1000,
    private batch = 200,
  ) {}

  start() {
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const sent = await this.publishBatch();
        if (sent < this.batch) return;
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'outbox relay: will retry');
    }
  }

  /** One batch under a row lock, so several instances of a service never publish the same row at once. */
  private async publishBatch(): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; subject: string; payload: unknown; created_at: Date }>(
        `SELECT id, subject, payload, created_at FROM outbox WHERE published_at IS NULL
         ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batch],
      );
      const done: string[] = [];
      try {
        for (const r of rows) {
          await this.bus.publish({ id: r.id, subject: r.subject, data: r.payload, occurredAt: r.created_at.toISOString() });
          done.push(r.id);
        }
      } finally {
        if (done.length) await client.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1)', [done]);
        await client.query('COMMIT');
      }
      return rows.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Waits (at most `timeoutMs`) until rows committed before this call are published. A `kick` may join a
   * drain that began before the caller's commit, so a second `kick` waits for the one after it.
   */
  async flush(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await Promise.race([
        (async () => {
          await this.kick();
          await this.kick();
        })(),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
