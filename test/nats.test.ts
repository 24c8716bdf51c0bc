/**
 * The NATS JetStream bus (ARCHITECTURE §5) against a real nats-server and real PostgreSQL outboxes: nothing is
 * lost while the broker or a consumer is down, redeliveries change nothing, a durable is shared by its
 * instances, `subscribeAll` reaches every instance, and the whole portal runs on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import type { Pool } from 'pg';
import { resourceByName } from '@portal/contracts';
import {
  NatsBus,
  OutboxRelay,
  consume,
  createPool,
  enqueue,
  migrate,
  natsConsumerName,
  withTx,
  type BusEvent,
  type EventBus,
  type NatsBusOptions,
} from '@portal/service-kit';
import { dropDatabase, ensureDatabase, withDatabase } from '../scripts/lib/postgres';
import { startNats, waitFor, type NatsServer } from './support/nats';
import { createSample } from './support/samples';
import { eventually, startTestStack } from './support/stack';

const ROOT = join(__dirname, '..');
const SUBJECT = 'portal.test.item.created';
const PATTERN = 'portal.test.>';

/** Everything a test starts, stopped in reverse order after it (also when it fails). */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups = [];
});

const warnings: string[] = [];
const log = {
  warn: (o: object, m: string) => {
    warnings.push(`${m} ${JSON.stringify(o)}`);
  },
};

async function nats(): Promise<NatsServer> {
  const server = await startNats();
  cleanups.push(() => server.dispose());
  return server;
}

async function bus(server: NatsServer, opts: Partial<NatsBusOptions> = {}): Promise<NatsBus> {
  const b = await NatsBus.connect({ servers: server.url, log, minReconnectDelayMs: 50, maxReconnectDelayMs: 500, nakDelayMs: 100, ...opts });
  cleanups.push(() => b.close());
  return b;
}

/** A fresh database in the run's PostgreSQL with the kit's tables (outbox, processed_events) and `handled`. */
async function database(): Promise<{ pool: Pool; url: string }> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `t_nats_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(admin, name);
  const url = withDatabase(admin, name);
  const pool = createPool(url, 8);
  cleanups.push(async () => {
    await pool.end();
    await dropDatabase(admin, name);
  });
  await migrate(pool, join(__dirname, 'no-service-migrations'));
  await pool.query(`CREATE TABLE handled (
    event_id uuid PRIMARY KEY, seq int NOT NULL UNIQUE, by text NOT NULL, times int NOT NULL DEFAULT 1)`);
  return { pool, url };
}

function relayOf(pool: Pool, b: EventBus): OutboxRelay {
  const relay = new OutboxRelay(pool, b, log, 100, 50);
  relay.start();
  cleanups.push(() => relay.stop());
  return relay;
}

/** `consume()` recording each event in `handled`; a second effect of the same event would bump `times`. */
function recordAs(pool: Pool, b: EventBus, by: string, durable = 'test.items', calls?: number[]) {
  return consume(b, pool, durable, PATTERN, async (event, tx) => {
    const { seq } = event.data as { seq: number };
    calls?.push(seq);
    await tx.query(
      `INSERT INTO handled (event_id, seq, by) VALUES ($1, $2, $3)
      ON CONFLICT (event_id) DO UPDATE SET times = handled.times + 1`,
      [event.id, seq, by],
    );
  });
}

/** Writes events seq from..to-1 into the outbox, `perTx` per transaction, kicking the relay after each commit. */
async function write(pool: Pool, relay: OutboxRelay | null, from: number, to: number, perTx = 5, between?: (seq: number) => Promise<void>) {
  for (let seq = from; seq < to; seq += perTx) {
    await withTx(pool, async (tx) => {
      for (let i = seq; i < Math.min(to, seq + perTx); i++) await enqueue(tx, SUBJECT, { seq: i });
    });
    void relay?.kick();
    await between?.(seq + perTx);
  }
}

const count = async (pool: Pool, sql: string) => Number((await pool.query<{ n: number }>(sql)).rows[0]!.n);

/** Exactly once in effect: N handled rows, each with one effect, seq 0..N-1, N processed events, no outbox row left. */
async function expectExactlyOnce(pool: Pool, n: number, durable = 'test.items') {
  const { rows } = await pool.query<{ rows: number; seqs: number; min: number; max: number; extra: number }>(
    'SELECT count(*) AS rows, count(DISTINCT seq) AS seqs, min(seq) AS min, max(seq) AS max, sum(times - 1)::int AS extra FROM handled',
  );
  expect(rows[0]).toEqual({ rows: n, seqs: n, min: 0, max: n - 1, extra: 0 });
  expect(await count(pool, `SELECT count(*) AS n FROM processed_events WHERE consumer = '${durable}'`)).toBe(n);
  expect(await count(pool, 'SELECT count(*) AS n FROM outbox WHERE published_at IS NULL')).toBe(0);
}

const allHandled = (pool: Pool, n: number, timeoutMs: number) =>
  waitFor(async () => (await count(pool, 'SELECT count(*) AS n FROM handled')) === n, timeoutMs, `${n} handled events`);

async function streamMessages(b: NatsBus): Promise<number> {
  const jsm = await jetstreamManager(b.connection);
  return (await jsm.streams.info(b.stream)).state.messages;
}

test('any instance creates the stream (FILE, portal.>) or brings it and its durables up to date', async () => {
  const server = await nats();
  const first = await bus(server, { ackWaitMs: 1000 });
  await first.subscribe(PATTERN, 'test.config', async () => undefined);
  const jsm = await jetstreamManager(first.connection);
  const stream = await jsm.streams.info('PORTAL');
  expect(stream.config).toMatchObject({ subjects: ['portal.>'], storage: 'file', duplicate_window: 120e9 });
  const second = await bus(server, { ackWaitMs: 2000, duplicateWindowMs: 60_000 });
  await second.subscribe(PATTERN, 'test.config', async () => undefined);
  expect((await jsm.streams.info('PORTAL')).config.duplicate_window).toBe(60e9);
  const consumers = await jsm.consumers.list('PORTAL').next();
  expect(consumers.map((c) => [c.name, c.config.ack_wait, c.config.filter_subject, c.config.ack_policy])).toEqual([
    [natsConsumerName('test.config', PATTERN), 2e9, PATTERN, 'explicit'],
  ]);
  expect(natsConsumerName('hr.decentralization', 'portal.system.decentralization.*')).toMatch(/^hr_decentralization_[0-9a-f]{10}$/);
});

test('500 outbox events, the broker killed mid-stream and restarted: every event handled exactly once in effect, none lost', async () => {
  const server = await nats();
  const { pool } = await database();
  const publisher = await bus(server);
  const consumer = await bus(server);
  await recordAs(pool, consumer, 'a');
  const relay = relayOf(pool, publisher);

  let heldWhileDown = 0;
  await write(pool, relay, 0, 500, 5, async (seq) => {
    if (seq === 150) {
      // Mid-stream: some events are through, the rest is still coming when the broker dies.
      await waitFor(async () => (await count(pool, 'SELECT count(*) AS n FROM handled')) >= 50, 10_000, 'first events handled');
      await server.stop('SIGKILL');
    }
    if (seq === 350) {
      heldWhileDown = await count(pool, 'SELECT count(*) AS n FROM outbox WHERE published_at IS NULL');
      await server.restart();
    }
  });
  // The writes went on while the broker was away; the outbox held them.
  expect(heldWhileDown).toBeGreaterThanOrEqual(200);
  await allHandled(pool, 500, 30_000);
  await expectExactlyOnce(pool, 500);
  // Re-publishes after lost acks were dropped by the duplicate window (Nats-Msg-Id = outbox id).
  expect(await streamMessages(publisher)).toBe(500);
});

test('a consumer killed mid-batch (SIGKILL after a commit, before its ack): the next one finishes, redeliveries change nothing', async () => {
  const server = await nats();
  const { pool, url } = await database();
  const publisher = await bus(server);
  const relay = relayOf(pool, publisher);
  await write(pool, relay, 0, 300, 10);
  await waitFor(async () => (await count(pool, 'SELECT count(*) AS n FROM outbox WHERE published_at IS NULL')) === 0, 10_000, 'outbox published');

  // The doomed consumer is its own process: it commits event 120, prints HUNG and never acks it.
  const ackWaitMs = 1500;
  // `node --import tsx`: one process (the tsx CLI would put a wrapper in front), so SIGKILL kills the consumer.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'support', 'nats.ts'), 'worker'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, NATS_URL: server.url, NATS_ACK_WAIT_MS: String(ackWaitMs), DURABLE: 'test.items', PATTERN, HANG_AT: '120' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const hung = await waitFor(() => /HUNG (\S+)/.exec(out)?.[1], 30_000, `the worker to hang (output: ${out})`);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;

  const before = await pool.query<{ event_id: string; seq: number }>('SELECT event_id, seq FROM handled');
  expect(before.rows.map((r) => r.seq)).toContain(120);
  expect(before.rows.length).toBe(121);
  expect(before.rows.every((r) => r.seq <= 120)).toBe(true);

  // The replacement, with the same durable: records what the broker delivers and what the handler really does.
  const delivered: string[] = [];
  const effects: number[] = [];
  const replacement = await bus(server, { ackWaitMs });
  const watching: EventBus = {
    publish: (e) => replacement.publish(e),
    subscribeAll: (p, h) => replacement.subscribeAll(p, h),
    close: () => replacement.close(),
    subscribe: (p, d, h) =>
      replacement.subscribe(p, d, async (e: BusEvent) => {
        delivered.push(e.id);
        await h(e);
      }),
  };
  await recordAs(pool, watching, 'replacement', 'test.items', effects);
  await allHandled(pool, 300, 20_000);
  await expectExactlyOnce(pool, 300);

  // Event 120 was committed but never acked: the broker redelivered it, the processed_events check skipped it.
  expect(delivered).toContain(hung);
  expect(effects).not.toContain(120);
  expect(effects.sort((a, b) => a - b)).toEqual(Array.from({ length: 179 }, (_, i) => 121 + i));
  expect(await count(pool, "SELECT count(*) AS n FROM handled WHERE by = 'crashing'")).toBe(121);
});

test('two instances with the same durable split the work and together handle each event once', async () => {
  const server = await nats();
  const { pool } = await database();
  const publisher = await bus(server);
  const relay = relayOf(pool, publisher);
  // 200 events wait in the stream before anyone consumes, 100 more arrive while both run.
  await write(pool, relay, 0, 200, 10);
  await waitFor(async () => (await count(pool, 'SELECT count(*) AS n FROM outbox WHERE published_at IS NULL')) === 0, 10_000, 'outbox published');
  const [a, b] = await Promise.all([bus(server, { batch: 4 }), bus(server, { batch: 4 })]);
  await Promise.all([recordAs(pool, a, 'a'), recordAs(pool, b, 'b')]);
  await write(pool, relay, 200, 300, 10);
  await allHandled(pool, 300, 20_000);
  await expectExactlyOnce(pool, 300);
  const split = Object.fromEntries(
    (await pool.query<{ by: string; n: string }>('SELECT by, count(*) AS n FROM handled GROUP BY by')).rows.map((r) => [r.by, Number(r.n)]),
  );
  expect(split.a).toBeGreaterThan(0);
  expect(split.b).toBeGreaterThan(0);
  expect(split.a + split.b).toBe(300);
  // One JetStream consumer for the durable, not one per instance.
  const jsm = await jetstreamManager(publisher.connection);
  const consumers = await jsm.consumers.list(publisher.stream).next();
  expect(consumers.map((c) => c.name)).toEqual([natsConsumerName('test.items', PATTERN)]);
});

test('publish rejects at once while the broker is down; the outbox keeps the row and publishes it when the broker is back', async () => {
  const server = await nats();
  const { pool } = await database();
  const publisher = await bus(server);
  const consumer = await bus(server);
  await recordAs(pool, consumer, 'a');
  await server.stop('SIGKILL');

  const started = Date.now();
  await expect(publisher.publish({ id: randomUUID(), subject: SUBJECT, data: { seq: -1 }, occurredAt: new Date().toISOString() })).rejects.toThrow(/NATS/);
  expect(Date.now() - started).toBeLessThan(2000);

  const before = warnings.length;
  const relay = relayOf(pool, publisher);
  await write(pool, relay, 0, 1, 1);
  // The relay tried (and will keep trying); the row is still waiting.
  await waitFor(() => warnings.slice(before).filter((w) => w.startsWith('outbox relay: will retry')).length >= 2, 5000, 'relay retries');
  expect(await count(pool, 'SELECT count(*) AS n FROM outbox WHERE published_at IS NULL')).toBe(1);
  expect(await count(pool, 'SELECT count(*) AS n FROM handled')).toBe(0);

  await server.restart();
  await allHandled(pool, 1, 15_000);
  await expectExactlyOnce(pool, 1);
});

test('a handler that throws gets the event again (nak with delay) until it succeeds; a re-published id is dropped', async () => {
  const server = await nats();
  const publisher = await bus(server);
  const consumer = await bus(server);
  const attempts: number[] = [];
  const done: string[] = [];
  await consumer.subscribe(PATTERN, 'test.flaky', async (e) => {
    attempts.push(Date.now());
    if (attempts.length < 3) throw new Error('not yet');
    done.push(e.id);
  });
  const event: BusEvent = { id: randomUUID(), subject: SUBJECT, data: { seq: 0 }, occurredAt: new Date().toISOString() };
  await publisher.publish(event);
  await publisher.publish(event);
  await waitFor(() => done.length === 1, 10_000, 'the third attempt');
  expect(done).toEqual([event.id]);
  // The nak delay grows: 100 ms, then 200 ms.
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(90);
  expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(190);
  expect(await streamMessages(publisher)).toBe(1);
  expect(warnings.some((w) => w.startsWith('nats: handler failed'))).toBe(true);
});

test('close lets the running handler finish and acks it; what was pulled and not started goes back at once', async () => {
  const server = await nats();
  const publisher = await bus(server);
  for (let seq = 0; seq < 8; seq++) await publisher.publish({ id: randomUUID(), subject: SUBJECT, data: { seq }, occurredAt: new Date().toISOString() });
  const first = await bus(server, { ackWaitMs: 30_000 });
  let release!: () => void;
  const started: number[] = [];
  await first.subscribe(PATTERN, 'test.close', async (e) => {
    started.push((e.data as { seq: number }).seq);
    await new Promise<void>((r) => {
      release = r;
    });
  });
  await waitFor(() => started.length === 1, 5000, 'the first handler');
  const closing = first.close();
  release();
  await closing;
  expect(started).toEqual([0]);
  const jsm = await jetstreamManager(publisher.connection);
  const info = await jsm.consumers.info(publisher.stream, natsConsumerName('test.close', PATTERN));
  // The running handler's ack went out before the connection closed.
  expect(info.ack_floor.stream_seq).toBe(1);
  // The rest was nak'ed: the next instance gets 1..7 now, not after the 30 s ack wait.
  const next = await bus(server, { ackWaitMs: 30_000 });
  const got = new Set<number>();
  const t0 = Date.now();
  await next.subscribe(PATTERN, 'test.close', async (e) => {
    got.add((e.data as { seq: number }).seq);
  });
  await waitFor(() => got.size === 7, 5000, 'the rest');
  expect(Date.now() - t0).toBeLessThan(5000);
  expect([...got].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

test('subscribeAll: every instance gets every event, also across a broker restart, while a shared durable still splits', async () => {
  const server = await nats();
  const publisher = await bus(server);
  const instances = await Promise.all([bus(server), bus(server)]);
  const all = instances.map(() => new Set<number>());
  const shared = instances.map(() => [] as number[]);
  for (const [i, b] of instances.entries()) {
    await b.subscribeAll(PATTERN, async (e) => {
      all[i]!.add((e.data as { seq: number }).seq);
    });
    await b.subscribe(PATTERN, 'test.shared', async (e) => {
      shared[i]!.push((e.data as { seq: number }).seq);
    });
  }
  // Fixed ids per seq, as an outbox has: a publish retried after the restart is deduplicated, not doubled.
  const ids = Array.from({ length: 80 }, () => randomUUID());
  const send = async (from: number, to: number) => {
    for (let seq = from; seq < to; seq++) await publisher.publish({ id: ids[seq]!, subject: SUBJECT, data: { seq }, occurredAt: new Date().toISOString() });
  };
  await send(0, 40);
  await waitFor(() => all.every((s) => s.size === 40), 10_000, 'both instances to see 40 events');
  await server.restart();
  await waitFor(
    async () => {
      await send(40, 41);
      return true;
    },
    15_000,
    'publish after the restart',
  );
  await send(41, 80);
  await waitFor(() => all.every((s) => s.size === 80), 15_000, 'both instances to see 80 events');
  // The durable is at least once (a restart may redeliver an event whose ack was lost): every event, between them.
  await waitFor(() => new Set([...shared[0]!, ...shared[1]!]).size === 80, 10_000, 'the shared durable');
});

test('the portal on NATS (NATS_URL): a decentralization lands on the staff record; a sign-out reaches the gateway cache', async () => {
  const server = await nats();
  const s = await startTestStack({ env: { NATS_URL: server.url } });
  cleanups.push(() => s.close());
  expect(s.bus).toBeInstanceOf(NatsBus);
  const admin = s.api(await s.adminToken());

  const staff = await createSample(admin, resourceByName.get('staff')!, 1);
  const role = await createSample(admin, resourceByName.get('role')!, 1);
  const dec = await admin.post('/decentralization', { name: 'Quyền kế toán', staff_id: staff.id, role_ids: [role.id] });
  expect(dec.status).toBe(200);
  await eventually(async () => expect((await admin.get(`/staff/${staff.id}`)).body.data.decentralization_id).toBe(dec.body.data.id), 10_000);
  expect((await admin.del(`/decentralization/${dec.body.data.id}`)).status).toBe(200);
  await eventually(async () => expect((await admin.get(`/staff/${staff.id}`)).body.data.decentralization_id).toBeNull(), 10_000);

  // The gateway caches the session's authorization; the revocation event (an ordered consumer) drops it.
  const { accessToken } = await s.signIn(s.adminEmail, 'Admin@Portal1');
  const me = s.api(accessToken);
  expect((await me.get('/auth/me')).status).toBe(200);
  expect((await me.post('/auth/sign-out', {})).status).toBe(200);
  await eventually(async () => expect((await me.get('/auth/me')).status).toBe(401), 5000);

  // It all went through JetStream: the hr durable exists and has acknowledged what it got.
  const jsm = await jetstreamManager((s.bus as NatsBus).connection);
  const info = await jsm.consumers.info('PORTAL', natsConsumerName('hr.decentralization', 'portal.system.decentralization.*'));
  expect(info.ack_floor.stream_seq).toBeGreaterThan(0);
  expect(info.num_ack_pending).toBe(0);

  // Closed, it leaves the services' durables and none of the gateway's per-instance (ordered, ephemeral) consumers.
  await s.close();
  const observer = await bus(server);
  const left = await (await jetstreamManager(observer.connection)).consumers.list('PORTAL').next();
  expect(left.filter((c) => !c.config.durable_name).map((c) => c.config.description ?? c.name)).toEqual([]);
  expect(left.map((c) => c.config.description)).toEqual(
    expect.arrayContaining(['hr.decentralization <- portal.system.decentralization.*', 'system.activity-log <- portal.*.activity.logged']),
  );
});
