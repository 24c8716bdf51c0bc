import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { createPool } from './db';
import { migrate } from './schema/migrate';
import { NatsBus, natsBusOptionsFromEnv } from './events/nats';
import type { EventBus } from './events/bus';
import { drainOptionsFromEnv, installDrain } from './drain';

/** What every service process is given, read from its environment (the table in README "Configuration"). */
export interface ServeDeps {
  pool: Pool;
  bus: EventBus;
  internalKey: string;
  env: NodeJS.ProcessEnv;
}

/** A process's own lines (start, stop, retries) in the JSON format of its request log. */
export const processLog = (name: string) => (msg: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), name, msg })}\n`);

/** Reads a variable that must be set; the process stops with the variable's name otherwise. */
export function requiredEnv(env: NodeJS.ProcessEnv, name: string): string {
  const v = env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
}

/**
 * Runs `stop` once on SIGTERM or SIGINT (the orchestrator stopping the container, Ctrl-C), or when the process that
 * started this one over an IPC channel goes away (the process stack and the tests: no service outlives them).
 */
export function onShutdown(stop: (reason: string) => Promise<void> | void) {
  let stopping = false;
  const once = (reason: string) => {
    if (stopping) return;
    stopping = true;
    void Promise.resolve(stop(reason)).finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => once('SIGTERM'));
  process.on('SIGINT', () => once('SIGINT'));
  if (process.send) {
    process.on('disconnect', () => once('parent gone'));
    process.channel?.unref(); // the lifeline alone keeps nothing running
  }
}

/** Retries `fn` while a dependency (PostgreSQL, NATS) is still starting: a container may start before them. */
export async function untilReady<T>(what: string, fn: () => Promise<T>, log: (l: string) => void, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() + wait > end) throw new Error(`${what}: ${(err as Error).message}`);
      log(`${what} not ready (${(err as Error).message}); retrying in ${wait} ms`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * One domain service as its own process (the distributed mode, ARCHITECTURE §6): DATABASE_URL (its own
 * database; migrations run at start under an advisory lock, so instances may start together), NATS_URL
 * (JetStream: the only bus that crosses processes), INTERNAL_KEY, PORT, HOST, DB_POOL_SIZE, DRAIN_*. SIGTERM and
 * SIGINT stop it gracefully (drain.ts): it answers until the gateway has stopped sending it requests, the last ones
 * finish, then the outbox relay, the bus and the pool close.
 */
export async function serveFromEnv(
  name: string,
  migrations: string,
  create: (deps: ServeDeps) => Promise<{ app: FastifyInstance }>,
  after?: (deps: ServeDeps) => Promise<void>,
) {
  const env = process.env;
  const log = processLog(name);
  try {
    const pool = createPool(requiredEnv(env, 'DATABASE_URL'), Number(env.DB_POOL_SIZE ?? 10));
    const internalKey = requiredEnv(env, 'INTERNAL_KEY');
    const natsUrl = requiredEnv(env, 'NATS_URL');
    await untilReady('database', () => migrate(pool, migrations), log);
    const bus = await untilReady(
      'nats',
      () => NatsBus.connect({ ...natsBusOptionsFromEnv({ ...env, NATS_URL: natsUrl }, name), log: { warn: (o, m) => log(`${m} ${JSON.stringify(o)}`) } }),
      log,
    );
    const deps: ServeDeps = { pool, bus, internalKey, env };
    const { app } = await create(deps);
    const drain = installDrain(app, drainOptionsFromEnv(env));
    if (after) await after(deps);
    const address = await app.listen({ port: Number(env.PORT ?? 3000), host: env.HOST ?? '0.0.0.0' });
    log(`${name} listening on ${address}`);
    onShutdown(async (reason) => {
      log(`${reason}: draining`);
      await drain.drain().catch(() => undefined);
      log('drained: closing');
      await bus.close().catch(() => undefined);
      await pool.end().catch(() => undefined);
    });
  } catch (err) {
    process.stderr.write(`${name}: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
