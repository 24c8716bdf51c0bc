import type { Pool } from 'pg';
import { withTx, type Tx } from '../db';
import type { BusEvent, EventBus } from './bus';

/**
 * An idempotent consumer: the event id is recorded in `processed_events` in the same transaction as the
 * handler's writes, so a redelivered event changes nothing.
 */
export async function consume(bus: EventBus, pool: Pool, durable: string, pattern: string, handler: (event: BusEvent, tx: Tx) => Promise<void>) {
  await bus.subscribe(pattern, durable, async (event) => {
    await withTx(pool, async (tx) => {
      const { rowCount } = await tx.query('INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [durable, event.id]);
      if (rowCount === 0) return;
      await handler(event, tx);
    });
  });
}
