import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { STACK_DATABASES, startStack, type Stack } from '../../scripts/lib/stack';
import { dropDatabase } from '../../scripts/lib/postgres';
import { setSampleOpener } from './samples';

export const ADMIN_PASSWORD = 'Admin@Portal1';
export const DEMO_PASSWORD = 'Demo@2026';

export interface TestStack extends Stack {
  /** The stack's data folder (stored files, secrets; a seeded template's notes): the test's own copy. */
  dataDir: string;
  api: (token?: string) => Api;
  signIn: (login: string, password: string) => Promise<{ accessToken: string; refreshToken: string; body: any }>;
  adminToken: () => Promise<string>;
  close: () => Promise<void>;
}

export interface ApiResponse {
  status: number;
  body: any;
  headers: Headers;
  buffer?: Buffer;
}

/** The data of a call that must succeed: a 200 without message or errors (else the expectation shows what came back). */
export function okData(r: ApiResponse): Record<string, any> {
  expect([r.status, r.body?.message, r.body?.errors]).toEqual([200, undefined, undefined]);
  return r.body.data as Record<string, any>;
}

/** The header asking for English messages. */
export const EN = { 'accept-language': 'en' } as const;
export type Api = {
  /** The access token the calls carry (none: not signed in). */
  token?: string;
  get: (path: string, headers?: Record<string, string>) => Promise<ApiResponse>;
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse>;
  put: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse>;
  del: (path: string, body?: unknown) => Promise<ApiResponse>;
  raw: (method: string, path: string, init?: RequestInit) => Promise<ApiResponse>;
};

/**
 * The real all-in-one stack for one test file: fresh databases in the run's PostgreSQL, every service and
 * the gateway on loopback ports, requests over real HTTP.
 */
export async function startTestStack(
  opts: {
    demo?: boolean;
    env?: Record<string, string> /** Gateway port (default: any free one). */;
    port?: number;
    /** The clock the services' time rules read (read per call: a test moves it); the real one without. */
    now?: () => Date;
    /**
     * Data written once per run over the (demo) template and copied for every file that asks for it — databases and
     * stored files alike (the abuse properties' world of users, roles and records, built once, not five times).
     */
    seed?: Seed;
  } = {},
): Promise<TestStack> {
  const prefix = `t_${randomBytes(5).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PORTAL_DEMO_PASSWORD: DEMO_PASSWORD,
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...opts.env,
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  await copyOfTemplate(adminUrl, prefix, opts.demo ?? false, env, dataDir, opts.seed);
  const stack = await startStack({
    env,
    dataDir,
    // The databases are a copy of the template: migrated, with the administrator and (demo) the demo company already.
    databaseUrl: adminUrl,
    dbPrefix: prefix,
    port: opts.port ?? 0,
    demo: false,
    log: () => undefined,
    now: opts.now,
  });
  const { api, signIn } = clientFor(stack.url);
  // A sample parent put in a status its children are written in (samples.ts): its status written here.
  setSampleOpener(async (def, id, field, statuses) => {
    await stack.services[def.domain]?.pool.query(`UPDATE ${def.table} SET ${field} = $2 WHERE id = $1 AND NOT (${field}::text = ANY($3))`, [
      id,
      statuses[0],
      statuses,
    ]);
  });
  let adminTok: string | null = null;
  return {
    ...stack,
    dataDir,
    api,
    signIn,
    adminToken: async () => (adminTok ??= (await signIn(stack.adminEmail, ADMIN_PASSWORD)).accessToken),
    close: async () => {
      await stack.stop();
      for (const d of STACK_DATABASES) await dropDatabase(adminUrl, `${prefix}_${d}`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Data a template holds beyond the demo company: written once per run by `build`, on a stack of its own. */
export interface Seed {
  name: string;
  build: (s: TestStack) => Promise<void>;
}

/**
 * A test file's databases, copied from a template (CREATE DATABASE … TEMPLATE: a copy of the files) instead of each file
 * applying every migration and writing the demo company again. The template — databases as a stack leaves them once
 * started on empty ones: migrated, the administrator, and with `demo` the demo company, its events delivered — is built
 * by the first file of the run that needs it, under a lock the other workers wait on; one per kind (demo or not, and the
 * passwords and administrator's email the seed uses). Named by the run (TEST_RUN_ID, global-setup.ts), so that a kept
 * server (TEST_DATABASE_URL) never serves one built by older code; global-teardown.ts drops them.
 *
 * A `seed` template is a copy of its kind's template with the seed's data written through the API, and its data folder
 * (the stored files, the seed's own notes) kept beside it (`<tmp>/portal-<template>`): each copy gets both.
 */
async function copyOfTemplate(adminUrl: string, prefix: string, demo: boolean, env: NodeJS.ProcessEnv, dataDir: string, seed?: Seed): Promise<void> {
  const kind = createHash('sha1')
    .update(JSON.stringify([demo, env.PORTAL_ADMIN_EMAIL ?? '', env.PORTAL_ADMIN_PASSWORD, env.PORTAL_DEMO_PASSWORD]))
    .digest('hex')
    .slice(0, 8);
  const base = `tpl_${process.env.TEST_RUN_ID ?? 'run'}_${kind}`;
  const template = seed ? `${base}_${seed.name.replace(/[^a-z0-9]/gi, '').toLowerCase()}` : base;
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query('SELECT pg_advisory_lock(727275)');
    try {
      const exists = async (name: string) =>
        Boolean((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [`${name}_${STACK_DATABASES[0]}`])).rowCount);
      if (!(await exists(base))) await buildTemplate(adminUrl, base, env, { demo });
      if (seed && !(await exists(template))) {
        for (const d of STACK_DATABASES) await c.query(`CREATE DATABASE ${template}_${d} TEMPLATE ${base}_${d}`);
        await buildTemplate(adminUrl, template, env, { demo: false, seed });
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock(727275)');
    }
    for (const d of STACK_DATABASES) await c.query(`CREATE DATABASE ${prefix}_${d} TEMPLATE ${template}_${d}`);
    if (seed) cpSync(templateDir(template), dataDir, { recursive: true });
  } finally {
    await c.end();
  }
}

/** Where a template keeps its data folder (removed by global-teardown.ts with the run's templates). */
export const templateDir = (template: string) => join(tmpdir(), `portal-${template}`);

/**
 * Every event of a stack delivered: the in-process bus marks an event published once its handlers are done, and a
 * handler's own events are in its outbox by then — so every outbox empty twice, a moment apart.
 */
async function drained(stack: Stack): Promise<void> {
  const waiting = async () => {
    let n = 0;
    for (const svc of Object.values(stack.services))
      n += Number((await svc!.pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE published_at IS NULL')).rows[0]!.n);
    return n;
  };
  await eventually(async () => {
    expect(await waiting()).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(await waiting()).toBe(0);
  }, 30_000);
}

/**
 * Builds a template's databases: a stack started on them (empty: migrated, the administrator and with `demo` the demo
 * company; a seed's: already a copy of its kind's, the seed's data written through the API), every event delivered
 * (the notifications of the demo's approvals among them), then stopped so that they can be copied. Its data folder is
 * kept at `templateDir` (a seed's stored files go with each copy).
 */
async function buildTemplate(adminUrl: string, template: string, env: NodeJS.ProcessEnv, opts: { demo: boolean; seed?: Seed }): Promise<void> {
  const dataDir = templateDir(template);
  mkdirSync(dataDir, { recursive: true });
  try {
    const stack = await startStack({
      env: { ...env, NATS_URL: '', SMTP_URL: '', DEV_MAILBOX: '' },
      dataDir,
      databaseUrl: adminUrl,
      dbPrefix: template,
      port: 0,
      demo: opts.demo,
      log: () => undefined,
    });
    try {
      if (opts.seed) {
        const { api, signIn } = clientFor(stack.url);
        let adminTok: string | null = null;
        await opts.seed.build({
          ...stack,
          dataDir,
          api,
          signIn,
          close: async () => undefined,
          adminToken: async () => (adminTok ??= (await signIn(stack.adminEmail, ADMIN_PASSWORD)).accessToken),
        });
      }
      await drained(stack);
    } finally {
      await stack.stop();
    }
  } catch (err) {
    for (const d of STACK_DATABASES) await dropDatabase(adminUrl, `${template}_${d}`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Calls the portal's API over HTTP at `url` (the gateway), signed in or not. */
export function clientFor(url: string) {
  const api = (token?: string): Api => {
    const call = async (method: string, path: string, init: RequestInit = {}): Promise<ApiResponse> => {
      const headers = new Headers(init.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      const res = await fetch(`${url}/api/v1${path}`, { ...init, method, headers });
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('json')) return { status: res.status, body: await res.json(), headers: res.headers };
      const buffer = Buffer.from(await res.arrayBuffer());
      return { status: res.status, body: null, headers: res.headers, buffer };
    };
    const json =
      (method: string) =>
      (path: string, body?: unknown, headers: Record<string, string> = {}) =>
        call(method, path, body === undefined ? { headers } : { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { token, get: (p, h) => call('GET', p, { headers: h }), post: json('POST'), put: json('PUT'), del: json('DELETE'), raw: call };
  };
  const signIn = async (login: string, password: string) => {
    const res = await api().post('/auth/sign-in', { email: login, password });
    if (res.status !== 200) throw new Error(`sign-in ${login}: ${res.status} ${JSON.stringify(res.body)}`);
    return { accessToken: res.body.data.userData.accessToken, refreshToken: res.body.data.userData.refreshToken, body: res.body };
  };
  return { api, signIn };
}

/** Waits until `check` passes (events are asynchronous). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
