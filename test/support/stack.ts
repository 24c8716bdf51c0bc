import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type Stack } from '../../scripts/lib/stack';
import { dropDatabase } from '../../scripts/lib/postgres';

export const ADMIN_PASSWORD = 'Admin@Portal1';
export const DEMO_PASSWORD = 'Demo@2026';

export interface TestStack extends Stack {
  api: (token?: string) => Api;
  signIn: (login: string, password: string) => Promise<{ accessToken: string; refreshToken: string; body: any }>;
  adminToken: () => Promise<string>;
  close: () => Promise<void>;
}

export interface ApiResponse { status: number; body: any; headers: Headers; buffer?: Buffer }
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
export async function startTestStack(opts: { demo?: boolean; env?: Record<string, string>; /** Gateway port (default: any free one). */ port?: number } = {}): Promise<TestStack> {
  const prefix = `t_${randomBytes(5).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const stack = await startStack({
    env: { ...process.env, NODE_ENV: 'test', PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD, PORTAL_DEMO_PASSWORD: DEMO_PASSWORD, HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', ...opts.env },
    dataDir: mkdtempSync(join(tmpdir(), 'portal-test-')),
    databaseUrl: adminUrl, dbPrefix: prefix, port: opts.port ?? 0, demo: opts.demo ?? false, log: () => undefined,
  });
  const { api, signIn } = clientFor(stack.url);
  let adminTok: string | null = null;
  return {
    ...stack, api, signIn,
    adminToken: async () => (adminTok ??= (await signIn(stack.adminEmail, ADMIN_PASSWORD)).accessToken),
    close: async () => {
      await stack.stop();
      for (const d of ['system', 'hr', 'files', 'notifications']) await dropDatabase(adminUrl, `${prefix}_${d}`).catch(() => undefined);
    },
  };
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
    const json = (method: string) => (path: string, body?: unknown, headers: Record<string, string> = {}) =>
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
