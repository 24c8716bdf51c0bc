/**
 * A real nats-server with JetStream for the tests (scripts/lib/nats-server.ts).
 *
 * Run as a script (`node --import tsx test/support/nats.ts worker`) it is a consumer process for the crash test: see `worker`.
 */
import type { EventBus } from '@portal/service-kit';

export { NATS_SERVER, startNats, waitFor, type NatsServer } from '../../scripts/lib/nats-server';

/**
 * The consumer process of the crash test. Env: DATABASE_URL, NATS_URL, NATS_ACK_WAIT_MS, DURABLE, PATTERN,
 * HANG_AT (a seq). It records each event in `handled` through `consume()`; after the event HANG_AT has
 * committed it prints `HUNG <id>` and never returns from the handler, so the broker never gets that ack: the
 * test then kills it with SIGKILL, mid-batch.
 */
async function worker() {
  const { NatsBus, consume, createPool } = await import('@portal/service-kit');
  const env = process.env;
  const pool = createPool(env.DATABASE_URL!, 4);
  const bus = await NatsBus.connect({ servers: env.NATS_URL!, ackWaitMs: Number(env.NATS_ACK_WAIT_MS), log: { warn: () => undefined } });
  const hangAt = Number(env.HANG_AT);
  const hanging: EventBus = {
    publish: (e) => bus.publish(e),
    subscribeAll: (p, h) => bus.subscribeAll(p, h),
    close: () => bus.close(),
    subscribe: (pattern, durable, handler) =>
      bus.subscribe(pattern, durable, async (e) => {
        await handler(e);
        if ((e.data as { seq: number }).seq === hangAt) {
          process.stdout.write(`HUNG ${e.id}\n`);
          await new Promise(() => undefined);
        }
      }),
  };
  await consume(hanging, pool, env.DURABLE!, env.PATTERN!, async (event, tx) => {
    const { seq } = event.data as { seq: number };
    await tx.query(
      `INSERT INTO handled (event_id, seq, by) VALUES ($1, $2, 'crashing')
      ON CONFLICT (event_id) DO UPDATE SET times = handled.times + 1`,
      [event.id, seq],
    );
  });
  process.stdout.write('READY\n');
}

if (require.main === module && process.argv[2] === 'worker') {
  worker().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
