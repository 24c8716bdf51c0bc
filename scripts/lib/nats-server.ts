/**
 * A real nats-server with JetStream, spawned on a loopback port with its store in a folder; `stop` kills it
 * (SIGKILL by default: a crash), `restart` brings it back on the same port and store. The tests and the
 * process stack (`npm run stack`) use it; the Debian package `nats-server` provides the binary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres';

export const NATS_SERVER =
  process.env.NATS_SERVER_BIN || ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync) || 'nats-server';

export interface NatsServer {
  url: string;
  port: number;
  storeDir: string;
  running: () => boolean;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  restart: () => Promise<void>;
  /** Stops it and removes the store (one it made itself). */
  dispose: () => Promise<void>;
}

export async function startNats(opts: { storeDir?: string; port?: number } = {}): Promise<NatsServer> {
  const port = opts.port ?? (await freePort());
  const storeDir = opts.storeDir ?? mkdtempSync(join(tmpdir(), 'portal-nats-'));
  const ownStore = !opts.storeDir;
  let proc: ChildProcess | null = null;
  let output = '';

  const launch = async () => {
    output = '';
    const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '-n', `portal-test-${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = child;
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (b: Buffer) => {
        output += b.toString();
        if (output.includes('Server is ready')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'ENOENT'
            ? new Error(`${NATS_SERVER} not found: install the Debian package (apt-get install -y nats-server) or set NATS_SERVER_BIN`)
            : err,
        ),
      );
      child.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${output.slice(-2000)}`)));
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ready,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`nats-server did not start in 15 s: ${output.slice(-2000)}`)), 15_000);
        }),
      ]);
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

  await launch().catch((err) => {
    if (ownStore) rmSync(storeDir, { recursive: true, force: true });
    throw err;
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    running: () => proc !== null,
    stop,
    restart: async () => {
      await stop();
      await launch();
    },
    dispose: async () => {
      await stop();
      if (ownStore) rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
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
