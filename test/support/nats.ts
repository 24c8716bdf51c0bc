/**
 * A real nats-server with JetStream for the tests, spawned on a free loopback port with its store in a temp
 * folder; `stop` kills it (SIGKILL by default: a crash), `restart` brings it back on the same port and store.
 *
 * Run as a script (`node --import tsx test/support/nats.ts worker`) it is a consumer process for the crash test: see `worker`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventBus } from '@portal/service-kit';
import { freePort } from '../../scripts/lib/postgres';

export const NATS_SERVER = process.env.NATS_SERVER_BIN || ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync) || 'nats-server';

export interface NatsServer {
  url: string;
  port: number;
  storeDir: string;
  running: () => boolean;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  restart: () => Promise<void>;
  /** Stops it and removes the store. */
  dispose: () => Promise<void>;
}

export async function startNats(): Promise<NatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'portal-nats-'));
  let proc: ChildProcess | null = null;
  let output = '';

  const launch = async () => {
    output = '';
    const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '-n', `portal-test-${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc = child;
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (b: Buffer) => {
        output += b.toString();
        if (output.includes('Server is ready')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT'
        ? new Error(`${NATS_SERVER} not found: install the Debian package (apt-get install -y nats-server) or set NATS_SERVER_BIN`)
        : err));
      child.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${output.slice(-2000)}`)));
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([ready, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`nats-server did not start in 15 s: ${output.slice(-2000)}`)), 15_000); })]);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    } finally {
      clearTimeout(timer);
    }
  };

  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const child = proc;
    proc = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    // The port is free once nothing accepts on it any more.
    await waitFor(async () => !(await accepts(port)), 5000, 'nats port to close');
  };

  await launch().catch((err) => { rmSync(storeDir, { recursive: true, force: true }); throw err; });
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    running: () => proc !== null,
    stop,
    restart: async () => { await stop(); await launch(); },
    dispose: async () => { await stop(); rmSync(storeDir, { recursive: true, force: true }); },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

/** Polls `check` until it is truthy (or throws after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs: number, what: string, everyMs = 25): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

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
    publish: (e) => bus.publish(e), subscribeAll: (p, h) => bus.subscribeAll(p, h), close: () => bus.close(),
    subscribe: (pattern, durable, handler) => bus.subscribe(pattern, durable, async (e) => {
      await handler(e);
      if ((e.data as { seq: number }).seq === hangAt) {
        process.stdout.write(`HUNG ${e.id}\n`);
        await new Promise(() => undefined);
      }
    }),
  };
  await consume(hanging, pool, env.DURABLE!, env.PATTERN!, async (event, tx) => {
    const { seq } = event.data as { seq: number };
    await tx.query(`INSERT INTO handled (event_id, seq, by) VALUES ($1, $2, 'crashing')
      ON CONFLICT (event_id) DO UPDATE SET times = handled.times + 1`, [event.id, seq]);
  });
  process.stdout.write('READY\n');
}

if (require.main === module && process.argv[2] === 'worker') {
  worker().catch((err) => { console.error(err); process.exit(1); });
}
