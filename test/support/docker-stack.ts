/**
 * The distributed mode under a real Docker engine: docker-compose.yml as ops run it, with
 * docker-compose.local.yml's stand-ins for the images this machine cannot pull and docker-compose.test.yml (the
 * database published on a free loopback port, for the test's own reads and fixes), one compose project per test file,
 * removed with its volumes when the file ends. The images come from `npm run docker:images`. Without a Docker engine
 * it fails saying so — it never skips. The compose file publishes its ports (the gateway's, the remotes',
 * Mailpit's) from variables: each stack takes free ones, with a manifest of its own for the shell.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import { REMOTE_DOMAINS, type Domain } from '@portal/contracts';
import { createPool } from '@portal/service-kit';
import { STACK_DATABASES } from '../../scripts/lib/stack';
import { waitFor } from '../../scripts/lib/nats-server';
import { ADMIN_PASSWORD, DEMO_PASSWORD, clientFor } from './stack';
import type { E2eStack } from './process-stack';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const DOCKER = process.env.DOCKER_BIN ?? '/usr/bin/docker';
/** The remotes in the order of their published ports (WEB_<MODULE>_PORT): the registry's. */
const REMOTES: string[] = REMOTE_DOMAINS.map((d) => d.name);
const IMAGES = [
  'portal-app:latest',
  'portal-web:latest',
  'portal-local/postgres:15',
  'portal-local/nats:2.9',
  'portal-local/haproxy:2.6',
  'portal-local/stand-ins:latest',
];

export interface DockerTestStack extends E2eStack {
  project: string;
  /** docker-compose with this stack's project, files and variables. */
  compose: (...args: string[]) => Promise<string>;
  /** The same as one command line (COMPOSE for the ops scripts, infra/ops/*.sh). */
  composeCommand: string;
  /** Sets a variable of the stack's .env (e.g. HR_IMAGE), for the next compose command. */
  setVar: (name: string, value: string) => void;
  /** The shell's runtime manifest (bind-mounted): rewrite it in place to point a remote elsewhere. */
  manifestFile: string;
  /**
   * The address of a service's own health check (the compose file's), reached from here over the compose network:
   * polling it through `docker exec` would start a process in the container every time, slowing its start.
   */
  healthUrl: (name: string) => Promise<string>;
  /** The database connections again, after the postgres container was made anew (its published port changes). */
  reconnect: () => Promise<Partial<Record<Domain, { pool: Pool }>>>;
}

/** `n` ports free on the loopback address now. */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Server>((resolve) => {
          const srv = createServer();
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = servers.map((srv) => (srv.address() as AddressInfo).port);
  await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
  return ports;
}

export async function startDockerTestStack(opts: { demo?: boolean; vars?: Record<string, string> } = {}): Promise<DockerTestStack> {
  try {
    await run(DOCKER, ['info'], { timeout: 20_000 });
  } catch {
    throw new Error('docker stack: no Docker engine answers (start dockerd as root: `dockerd &`)');
  }
  for (const image of IMAGES) {
    await run(DOCKER, ['image', 'inspect', image]).catch(() => {
      throw new Error(`docker stack: image ${image} is missing (npm run docker:images)`);
    });
  }
  const project = `pt${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'portal-docker-'));
  const postgresPassword = randomBytes(12).toString('hex');
  // Free host ports for what the file publishes, and the shell's manifest pointing at the remotes' (two stacks of one
  // test file side by side).
  const [gateway, mailpit, ...remotePorts] = await freePorts(7);
  const manifest = (JSON.parse(readFileSync(join(ROOT, 'infra', 'remotes.json'), 'utf8')) as { module: string; url: string }[]).map((r) => ({
    ...r,
    url: r.url.replace(/:\d+\//, `:${remotePorts[REMOTES.indexOf(r.module)]}/`),
  }));
  writeFileSync(join(dir, 'remotes.json'), JSON.stringify(manifest));
  const url = `http://127.0.0.1:${gateway}`;
  const vars: Record<string, string> = {
    PORTAL_PORT: String(gateway),
    MAILPIT_PORT: String(mailpit),
    REMOTES_MANIFEST: join(dir, 'remotes.json'),
    ...Object.fromEntries(REMOTES.map((m, i) => [`WEB_${m.toUpperCase()}_PORT`, String(remotePorts[i])])),
    INTERNAL_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    POSTGRES_PASSWORD: postgresPassword,
    MINIO_ROOT_USER: 'portal',
    MINIO_ROOT_PASSWORD: randomBytes(16).toString('hex'),
    PORTAL_ADMIN_EMAIL: 'admin@portal.local',
    PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PORTAL_DEMO_PASSWORD: DEMO_PASSWORD,
    PUBLIC_URL: url,
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...opts.vars,
  };
  const envFile = join(dir, '.env');
  const writeEnv = () =>
    writeFileSync(
      envFile,
      `${Object.entries(vars)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')}\n`,
      { mode: 0o600 },
    );
  writeEnv();
  const files = ['docker-compose.yml', 'docker-compose.local.yml', 'test/support/docker-compose.test.yml'].flatMap((f) => ['-f', join(ROOT, f)]);
  const composeArgs = ['-p', project, ...files, '--env-file', envFile, ...(opts.demo ? ['--profile', 'demo'] : [])];
  const compose = async (...args: string[]) =>
    (await run('docker-compose', [...composeArgs, ...args], { cwd: ROOT, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 })).stdout;
  const pools: Partial<Record<Domain, { pool: Pool }>> = {};
  const connect = async () => {
    for (const p of Object.values(pools)) await p!.pool.end().catch(() => undefined);
    const port = (await compose('port', 'postgres', '5432')).trim().split(':').pop();
    for (const d of STACK_DATABASES) pools[d] = { pool: createPool(`postgres://portal:${postgresPassword}@127.0.0.1:${port}/portal_${d}`, 4) };
    return pools;
  };
  const close = async () => {
    for (const p of Object.values(pools)) await p!.pool.end().catch(() => undefined);
    // Thrown away: killed, not stopped (a graceful stop is the drills' subject, and waits out each service's drain).
    if (process.env.PORTAL_KEEP_STACK !== '1') {
      await compose('kill').catch(() => undefined);
      await compose('down', '-v', '--remove-orphans', '-t', '1').catch(() => undefined);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await compose('up', '-d');
    // Signed in as the administrator: the gateway, the system service and its first start's account are up.
    await waitFor(
      async () =>
        (
          await fetch(`${url}/api/v1/auth/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: vars.PORTAL_ADMIN_EMAIL, password: ADMIN_PASSWORD }),
          })
        ).ok,
      180_000,
      "the administrator's sign-in",
      1000,
    );
    if (opts.demo) {
      await waitFor(
        async () => {
          const id = (await compose('ps', '-q', 'seed-demo')).trim();
          if (!id) return false;
          const [status, code] = (await run(DOCKER, ['inspect', '-f', '{{.State.Status}} {{.State.ExitCode}}', id])).stdout.trim().split(' ');
          if (status === 'exited' && code !== '0') throw new Error(`seed-demo exited with ${code}: ${await compose('logs', '--tail=20', 'seed-demo')}`);
          return status === 'exited';
        },
        240_000,
        'the demo company',
        1000,
      );
    }
    await connect();
    await waitFor(async () => !/\((health: starting|unhealthy)\)/.test(await compose('ps')), 180_000, 'every service healthy', 1000);
  } catch (err) {
    const logs = await compose('logs', '--tail=30').catch(() => '');
    await close();
    throw new Error(`${(err as Error).message}\n${logs.slice(-6000)}`);
  }
  const { api, signIn } = clientFor(url);
  let adminTok: string | null = null;
  return {
    setVar: (name, value) => {
      vars[name] = value;
      writeEnv();
    },
    reconnect: connect,
    healthUrl: async (name) => {
      const id = (await compose('ps', '-q', name)).trim();
      const info = JSON.parse((await run(DOCKER, ['inspect', '-f', '{{json .}}', id])).stdout) as {
        Config: { Healthcheck?: { Test: string[] }; Env: string[] };
        NetworkSettings: { Networks: Record<string, { IPAddress: string }> };
      };
      const check = (info.Config.Healthcheck?.Test ?? []).join(' ');
      const port = /127\.0\.0\.1:(\d+)/.exec(check)?.[1] ?? info.Config.Env.find((e) => e.startsWith('PORT='))?.slice(5) ?? '3000';
      const path = /\/(readyz|healthz)\b/.exec(check)?.[0] ?? '/healthz';
      const ip = Object.values(info.NetworkSettings.Networks)
        .map((n) => n.IPAddress)
        .find(Boolean);
      return `http://${ip}:${port}${path}`;
    },
    manifestFile: join(dir, 'remotes.json'),
    project,
    compose,
    composeCommand: ['docker-compose', ...composeArgs].join(' '),
    url,
    adminEmail: vars.PORTAL_ADMIN_EMAIL!,
    services: pools,
    api,
    signIn,
    adminToken: async () => (adminTok ??= (await signIn(vars.PORTAL_ADMIN_EMAIL!, ADMIN_PASSWORD)).accessToken),
    close,
  };
}
