/**
 * Event lag: from an event written to a service's outbox to the notification visible to its user, p50/p99,
 * with the in-process bus (the all-in-one default) and with NATS JetStream (a real nats-server, NATS_URL).
 *
 * The path is the whole real one: HR writes `portal.hr.notification.requested` to its outbox in a transaction
 * (`requestNotification`, as the approval engine does) and kicks its relay after the commit, as every kit write does;
 * the relay publishes it; the notifications service consumes it (idempotently), stores the notification and writes
 * `notification.created` to its own outbox; its relay publishes that; the gateway pushes it on the user's live stream
 * (server-sent events), which this script reads over HTTP like the bell does. Lag = SSE frame received − HR commit.
 * Events are sent one at a time (each waits for the previous one to arrive), then as a burst.
 *
 *   npx tsx bench/event-lag.ts            (BENCH_EVENTS=300, BENCH_BURST=200 to change)
 *
 * Targets (ours; the issue names none): p99 under 100 ms one at a time on either bus.
 */
process.env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'silent';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxRelay, withTx } from '@portal/service-kit';
import { requestNotification } from '@portal/notifications';
import { startStack } from '../scripts/lib/stack';
import { startNats } from '../test/support/nats';
import { signIn } from './lib/api';
import { benchPostgres } from './lib/postgres';
import { fmt, machineNote, pass, stats, table } from './lib/report';
import { openNotificationStream } from './lib/sse';
import { ADMIN_PASSWORD } from './lib/stack-process';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const BURST = Number(process.env.BENCH_BURST ?? 200);

async function measure(bus: 'in-process' | 'NATS JetStream', adminUrl: string, natsUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const stack = await startStack({
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...(natsUrl ? { NATS_URL: natsUrl } : {}),
    },
    dataDir,
    databaseUrl: adminUrl,
    dbPrefix: `bench_lag_${Date.now()}`,
    port: 0,
    demo: false,
    log: () => undefined,
  });
  const hr = stack.services.hr!.pool;
  // The relay of an HR instance (the stack's own relay also runs: rows are taken FOR UPDATE SKIP LOCKED).
  const relay = new OutboxRelay(hr, stack.bus, { warn: () => undefined });
  try {
    const { rows } = await stack.services.system!.pool.query<{ id: string }>('SELECT id FROM app_user WHERE is_admin LIMIT 1');
    const userId = rows[0]!.id;
    const token = await signIn(stack.url, stack.adminEmail, ADMIN_PASSWORD);
    const arrived = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    const stream = await openNotificationStream(stack.url, token, (n, at) => {
      if (n.context) {
        arrived.set(n.context, at);
        waiters.get(n.context)?.();
      }
    });
    const send = async (context: string) => {
      await withTx(hr, (tx) =>
        requestNotification(tx, 'hr', {
          user_ids: [userId],
          type: 'INFO',
          title: { vi: 'Thử độ trễ', en: 'Lag test' },
          body: { vi: context, en: context },
          link: '/notifications',
          context,
        }),
      );
      const at = performance.now();
      void relay.kick();
      return at;
    };
    const arrival = (context: string, ms = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (arrived.has(context)) return resolve();
        const timer = setTimeout(() => reject(new Error(`${bus}: ${context} not seen in ${ms} ms`)), ms);
        waiters.set(context, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    // Warm-up, then one at a time.
    for (let i = 0; i < 20; i++) {
      const c = `warm:${i}`;
      await send(c);
      await arrival(c);
    }
    const single: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const c = `one:${i}`;
      const t0 = await send(c);
      await arrival(c);
      single.push(arrived.get(c)! - t0);
    }
    // A burst: BURST commits as fast as one connection writes them, each kicking the relay.
    const sentAt = new Map<string, number>();
    const t0 = performance.now();
    for (let i = 0; i < BURST; i++) {
      const c = `burst:${i}`;
      sentAt.set(c, await send(c));
    }
    await Promise.all([...sentAt.keys()].map((c) => arrival(c, 30_000)));
    const burstSeconds = (performance.now() - t0) / 1000;
    const burst = [...sentAt].map(([c, at]) => arrived.get(c)! - at);
    stream.close();
    return { bus, single: stats(single), burst: stats(burst), burstRate: BURST / burstSeconds };
  } finally {
    await relay.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const note = machineNote();
  const pg = await benchPostgres();
  const nats = await startNats();
  try {
    const results = [await measure('in-process', pg.adminUrl), await measure('NATS JetStream', pg.adminUrl, nats.url)];
    table(
      `Event lag — outbox commit (HR) → notification on the user's live stream (gateway SSE); ${EVENTS} one at a time, then a burst of ${BURST}`,
      ['bus', 'one at a time p50 ms', 'p99 ms', 'max ms', `burst of ${BURST}: p50 ms`, 'p99 ms', 'events/s', 'target'],
      results.map((r) => [
        r.bus,
        fmt(r.single.p50, 1),
        fmt(r.single.p99, 1),
        fmt(r.single.max, 1),
        fmt(r.burst.p50, 1),
        fmt(r.burst.p99, 1),
        fmt(r.burstRate, 0),
        `${pass(r.single.p99 < 100)} (p99 < 100 ms one at a time)`,
      ]),
    );
    note();
  } finally {
    await nats.dispose();
    await pg.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
