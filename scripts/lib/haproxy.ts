/**
 * The compose stack's balancer (`lb`, infra/lb/haproxy.cfg) as a process: Debian's HAProxy (the package `haproxy`)
 * with the same configuration, its gateways' addresses rewritten to their loopback ports by the process stack. Ready
 * once a call through it reaches a gateway.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, type WriteStream } from 'node:fs';
import { waitFor } from './nats-server';

export const HAPROXY = process.env.HAPROXY_BIN || ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find(existsSync) || 'haproxy';

export interface Balancer {
  url: string;
  stop: () => Promise<void>;
}

export async function startHaproxy(opts: { configFile: string; port: number; log: WriteStream }): Promise<Balancer> {
  const url = `http://127.0.0.1:${opts.port}`;
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', opts.configFile], {
    env: { PATH: process.env.PATH ?? '', LB_BIND: `127.0.0.1:${opts.port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.pipe(opts.log, { end: false });
    stream.on('data', (b: Buffer) => {
      output = (output + b.toString()).slice(-2000);
    });
  }
  let failed: Error | null = null;
  child.once('error', (err: NodeJS.ErrnoException) => {
    failed = err.code === 'ENOENT' ? new Error(`${HAPROXY} not found: install the Debian package (apt-get install -y haproxy) or set HAPROXY_BIN`) : err;
  });
  child.once('exit', (code) => {
    failed ??= new Error(`haproxy exited (${code}): ${output}`);
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    // An exit (a missing binary, a bad configuration) ends the wait at once: failed is then the answer.
    await waitFor(
      async () => failed !== null || (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok,
      30_000,
      'the balancer (haproxy) to reach a gateway',
      100,
    );
    if (failed) throw failed;
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
