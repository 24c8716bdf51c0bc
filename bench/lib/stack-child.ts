/**
 * The all-in-one stack (scripts/lib/stack.ts: every service and the gateway in one process, as `npm start` runs
 * them) in a process of its own, so that the load generator of a benchmark never shares its event loop.
 * Started by stack-process.ts over IPC; answers a few commands: SQL capture on a service's pool, memory, stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../scripts/lib/stack';
import { withDatabase } from '../../scripts/lib/postgres';
import type { ChildCommand, ChildReply, CapturedQuery } from './stack-process';

async function main() {
  const env = process.env;
  // The services' loggers read LOG_LEVEL from the process (BENCH_LOG_LEVEL; silent by default, see bench/README.md).
  env.LOG_LEVEL = env.BENCH_LOG_LEVEL ?? 'silent';
  const dataDir = env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const stack = await startStack({
    env: { ...env, HOST: '127.0.0.1', PORTAL_SKIP_WEB_BUILD: '1' },
    dataDir,
    databaseUrl: env.BENCH_ADMIN_URL,
    dbPrefix: env.BENCH_DB_PREFIX,
    port: 0,
    demo: true,
    log: () => undefined,
  });
  // Capture of the SQL a service really runs (a list's own statements, for the bare baseline): the pool of the domain
  // asked for (HR by default).
  let captured: CapturedQuery[] | null = null;
  let capturing = 'hr';
  for (const [domain, service] of Object.entries(stack.services)) {
    const pool = service!.pool;
    const original = pool.query.bind(pool) as (...a: unknown[]) => unknown;
    (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (captured && capturing === domain) {
        const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        captured.push(typeof a === 'string' ? { text: a, values: b ?? [] } : { text: a.text, values: a.values ?? [] });
      }
      return original(...args);
    };
  }
  const send = (m: ChildReply) => process.send!(m);
  process.on('message', async (m: ChildCommand) => {
    try {
      let result: unknown = null;
      if (m.cmd === 'captureStart') {
        captured = [];
        capturing = m.domain ?? 'hr';
      } else if (m.cmd === 'captureStop') {
        result = captured ?? [];
        captured = null;
      } else if (m.cmd === 'memory') result = process.memoryUsage();
      else if (m.cmd === 'gc') {
        (globalThis as { gc?: () => void }).gc?.();
        result = process.memoryUsage();
      } else if (m.cmd === 'stop') {
        await stack.stop();
        if (!env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
        send({ id: m.id, result: null });
        setTimeout(() => process.exit(0), 50);
        return;
      }
      send({ id: m.id, result });
    } catch (err) {
      send({ id: m.id, error: (err as Error).message });
    }
  });
  send({
    type: 'ready',
    url: stack.url,
    adminEmail: stack.adminEmail,
    hrDbUrl: withDatabase(env.BENCH_ADMIN_URL!, `${env.BENCH_DB_PREFIX}_hr`),
    hrUrl: stack.services.hr!.url,
    dbUrls: Object.fromEntries(Object.keys(stack.services).map((d) => [d, withDatabase(env.BENCH_ADMIN_URL!, `${env.BENCH_DB_PREFIX}_${d}`)])),
    serviceUrls: Object.fromEntries(Object.entries(stack.services).map(([d, s]) => [d, s!.url])),
    pid: process.pid,
    domains: Object.keys(stack.services),
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
