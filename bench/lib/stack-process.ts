import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { dropDatabase } from '../../scripts/lib/postgres';

export const ADMIN_PASSWORD = 'Admin@Portal1';
export const DEMO_PASSWORD = 'Demo@2026';

export interface CapturedQuery {
  text: string;
  values: unknown[];
}
export type ChildCommand = { id: number; cmd: 'captureStart' | 'captureStop' | 'memory' | 'gc' | 'stop'; domain?: string };
export type ChildReply =
  | { id: number; result?: unknown; error?: string }
  | {
      type: 'ready';
      url: string;
      adminEmail: string;
      hrDbUrl: string;
      hrUrl: string;
      dbUrls: Record<string, string>;
      serviceUrls: Record<string, string>;
      pid: number /** The domains the stack started (the registry's): their databases are dropped at the end. */;
      domains: string[];
    };

export interface StackProcess {
  url: string;
  adminEmail: string;
  /** The HR service's database (where the benchmark seeds its staff). */
  hrDbUrl: string;
  /** The HR service itself (behind the gateway), and the key that signs the caller context the gateway sends it. */
  hrUrl: string;
  /** Every service's database and its own address (behind the gateway), by domain. */
  dbUrls: Record<string, string>;
  serviceUrls: Record<string, string>;
  internalKey: string;
  pid: number;
  child: ChildProcess;
  /** The SQL the service of `domain` (HR by default) runs while `during` runs. */
  captureSql: (during: () => Promise<unknown>, domain?: string) => Promise<CapturedQuery[]>;
  memory: () => Promise<NodeJS.MemoryUsage>;
  /** A full garbage collection in the stack's process (started with --expose-gc), then its memory. */
  gc: () => Promise<NodeJS.MemoryUsage>;
  /** Stops the stack, ends the process (a --cpu-prof profile is written then) and drops its databases. */
  stop: () => Promise<void>;
}

export interface StackProcessOptions {
  adminUrl: string;
  /** Extra variables (NATS_URL, DB_POOL_SIZE, ...). */
  env?: Record<string, string>;
  /** Node flags of the stack's process, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
}

/** The all-in-one stack in its own process (stack-child.ts), with the demo company, rate limits out of the way. */
export async function startStackProcess(opts: StackProcessOptions): Promise<StackProcess> {
  const prefix = `bench_${randomBytes(4).toString('hex')}`;
  const internalKey = randomBytes(32).toString('base64url');
  const child = fork(join(__dirname, 'stack-child.ts'), [], {
    execArgv: ['--import', 'tsx', ...(opts.nodeArgs ?? [])],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BENCH_ADMIN_URL: opts.adminUrl,
      BENCH_DB_PREFIX: prefix,
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PORTAL_DEMO_PASSWORD: DEMO_PASSWORD,
      INTERNAL_KEY: internalKey,
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  const ready = new Promise<Extract<ChildReply, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (m: ChildReply) => {
      if ('type' in m) return resolve(m);
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.result);
    });
    child.once('exit', (code) => {
      reject(new Error(`stack process exited (${code})`));
      for (const w of waiting.values()) w.reject(new Error('stack process exited'));
    });
  });
  const rpc = <T>(cmd: ChildCommand['cmd'], domain?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, cmd, domain } satisfies ChildCommand);
    });
  const info = await ready;
  return {
    url: info.url,
    adminEmail: info.adminEmail,
    hrDbUrl: info.hrDbUrl,
    hrUrl: info.hrUrl,
    dbUrls: info.dbUrls,
    serviceUrls: info.serviceUrls,
    internalKey,
    pid: info.pid,
    child,
    captureSql: async (during, domain) => {
      await rpc('captureStart', domain);
      try {
        await during();
      } finally {
        /* always stop capturing */
      }
      return rpc<CapturedQuery[]>('captureStop');
    },
    memory: () => rpc<NodeJS.MemoryUsage>('memory'),
    gc: () => rpc<NodeJS.MemoryUsage>('gc'),
    stop: async () => {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      await rpc('stop').catch(() => undefined);
      await exited;
      for (const d of info.domains) await dropDatabase(opts.adminUrl, `${prefix}_${d}`).catch(() => undefined);
    },
  };
}
