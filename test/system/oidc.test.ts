import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../scripts/lib/postgres';
import { eventually, startTestStack, type TestStack } from '../support/stack';

/**
 * Google sign-in (OpenID Connect) against a real provider (the `oidc-provider` package in a child process),
 * through the real gateway and system service, driven like a browser: fetch with `redirect: 'manual'` and
 * a cookie jar.
 */

const CLIENT_ID = 'portal-test';
const CLIENT_SECRET = randomBytes(24).toString('hex');
const EN = { 'accept-language': 'en' };

let s: TestStack;
let off: TestStack;
/** Configured for a provider nobody answers at. */
let away: TestStack;
let provider: ChildProcess;
let issuer: string;

/** Starts test/support/oidc-provider.mjs; resolves with its issuer URL once it listens. */
async function startProvider(redirectUri: string): Promise<{ child: ChildProcess; issuer: string }> {
  const child = spawn(process.execPath, [join(__dirname, '..', 'support', 'oidc-provider.mjs')], {
    env: { ...process.env, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI: redirectUri },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the OIDC provider did not start: ${stderr}`)), 20_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the OIDC provider exited with ${code}: ${stderr}`));
    });
  });
  return { child, issuer: url };
}

beforeAll(async () => {
  // The redirect URI is registered at the provider before the portal starts, so the portal's port is chosen first.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  ({ child: provider, issuer } = await startProvider(`${publicUrl}/api/v1/auth/google/callback`));
  const nobody = `http://127.0.0.1:${await freePort()}`;
  [s, off, away] = await Promise.all([
    startTestStack({ port, env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, PUBLIC_URL: publicUrl } }),
    startTestStack(),
    startTestStack({ env: { OIDC_ISSUER: nobody, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET } }),
  ]);
  expect(s.url).toBe(publicUrl);
});
afterAll(async () => {
  await Promise.all([s?.close(), off?.close(), away?.close()]);
  if (provider && provider.exitCode === null) {
    const exited = new Promise((r) => provider.once('exit', r));
    provider.kill('SIGTERM');
    await exited;
  }
});

/** Cookies per origin (paths are ignored: enough for two servers that use distinct cookie names). */
class CookieJar {
  private origins = new Map<string, Map<string, string>>();
  header(url: string): string {
    return [...(this.origins.get(new URL(url).origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get(url: string, name: string): string | undefined {
    return this.origins.get(new URL(url).origin)?.get(name);
  }
  store(url: string, res: Response) {
    const origin = new URL(url).origin;
    const jar = this.origins.get(origin) ?? new Map<string, string>();
    this.origins.set(origin, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const expired = attrs.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(i + 1).trim());
    }
  }
}

/** One browser request: cookies in and out, redirects not followed. */
async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, res);
  return res;
}

/**
 * Clicks "Sign in with Google", signs in at the provider as `email`, and stops at the URL the provider sends
 * the browser back to (the portal's callback), without opening it.
 */
async function throughProvider(jar: CookieJar, email: string, emailVerified = true): Promise<string> {
  const start = await browse(jar, `${s.url}/api/v1/auth/google`);
  expect(start.status).toBe(302);
  let url = start.headers.get('location')!;
  expect(url.startsWith(`${issuer}/`)).toBe(true);
  const authorize = new URL(url).searchParams;
  expect(authorize.get('code_challenge_method')).toBe('S256');
  expect(authorize.get('redirect_uri')).toBe(`${s.url}/api/v1/auth/google/callback`);
  expect(authorize.get('nonce')).toBeTruthy();
  expect(jar.get(s.url, 'portal_oidc')).toBe(authorize.get('state'));
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(`${s.url}/`)) return url;
    let res = await browse(jar, url);
    if (res.status === 200 && /^\/interaction\/[\w-]+$/.test(new URL(url).pathname)) {
      expect(await res.text()).toContain('name="email"');
      res = await browse(jar, `${url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, email_verified: String(emailVerified) }).toString(),
      });
    }
    expect([302, 303]).toContain(res.status);
    url = new URL(res.headers.get('location')!, url).toString();
  }
  throw new Error('too many redirects');
}

/** Opens the callback like the browser would; the gateway must pass the service's 302 through, not follow it. */
async function callback(jar: CookieJar, url: string) {
  const res = await browse(jar, url, { headers: EN });
  const type = res.headers.get('content-type') ?? '';
  const body: any = type.includes('json') ? await res.json() : null;
  return { status: res.status, location: res.headers.get('location'), body };
}

const codeOf = (location: string | null) => {
  expect(location).toMatch(new RegExp(`^${s.url.replace(/[.:/]/g, '\\$&')}/login/callback\\?code=[\\w-]{40,}$`));
  return new URL(location!).searchParams.get('code')!;
};

test('Google sign-in: the whole redirect chain ends in a one-time code whose tokens work like a password sign-in', async () => {
  const jar = new CookieJar();
  const back = await throughProvider(jar, s.adminEmail);
  expect(new URL(back).pathname).toBe('/api/v1/auth/google/callback');
  const done = await callback(jar, back);
  expect(done.status).toBe(302);
  const code = codeOf(done.location);
  expect(jar.get(s.url, 'portal_oidc')).toBeUndefined();

  const exchanged = await s.api().post('/auth/google/exchange', { code });
  expect(exchanged.status).toBe(200);
  const { userData, userStaff, ability } = exchanged.body.data;
  expect(userData.email).toBe(s.adminEmail);
  expect(userData.is_admin).toBe(true);
  expect(typeof userData.accessToken).toBe('string');
  expect(typeof userData.refreshToken).toBe('string');
  expect(userStaff).toBeNull();
  expect(ability).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'manage', subject: 'all' })]));
  // Same shape as a password sign-in.
  const password = await s.signIn(s.adminEmail, 'Admin@Portal1');
  expect(Object.keys(exchanged.body.data).sort()).toEqual(Object.keys(password.body.data).sort());
  expect(Object.keys(userData).sort()).toEqual(Object.keys(password.body.data.userData).sort());

  const me = await s.api(userData.accessToken).get('/auth/me');
  expect(me.status).toBe(200);
  expect(me.body.data.userData.email).toBe(s.adminEmail);
  const sessions = await s.api(userData.accessToken).get('/auth/sessions');
  expect(sessions.body.data.find((x: { current: boolean }) => x.current)).toMatchObject({ method: 'google' });
  const refreshed = await s.api().post('/auth/refresh', { refreshToken: userData.refreshToken });
  expect(refreshed.status).toBe(200);
  expect((await s.api(refreshed.body.data.accessToken).get('/auth/me')).status).toBe(200);
});

test('a one-time code works once: its reuse is refused with 400 and ends the session it started', async () => {
  const jar = new CookieJar();
  const code = codeOf((await callback(jar, await throughProvider(jar, s.adminEmail))).location);
  const first = await s.api().post('/auth/google/exchange', { code });
  expect(first.status).toBe(200);
  const again = await s.api().post('/auth/google/exchange', { code }, EN);
  expect(again.status).toBe(400);
  expect(again.body).toMatchObject({ success: false, message: 'The Google sign-in code is invalid, already used or expired' });
  expect(again.body.errors).toEqual([{ path: 'code', message: 'The Google sign-in code is invalid, already used or expired' }]);
  await eventually(async () => expect((await s.api(first.body.data.userData.accessToken).get('/auth/me')).status).toBe(401));
  const refresh = await s.api().post('/auth/refresh', { refreshToken: first.body.data.userData.refreshToken });
  expect(refresh.status).toBe(401);
});

test('an unknown or malformed code is a 400 with a message', async () => {
  const unknown = await s.api().post('/auth/google/exchange', { code: randomBytes(32).toString('base64url') }, EN);
  expect(unknown.status).toBe(400);
  expect(unknown.body.message).toBe('The Google sign-in code is invalid, already used or expired');
  const missing = await s.api().post('/auth/google/exchange', {}, EN);
  expect(missing.status).toBe(400);
  expect(missing.body.errors).toEqual([{ path: 'code', message: 'Value is required' }]);
  const vi = await s.api().post('/auth/google/exchange', { code: 'short' });
  expect(vi.status).toBe(400);
  expect(vi.body.errors[0].message).toBe('Mã đăng nhập Google không hợp lệ, đã được dùng hoặc đã hết hạn');
});

test('an email without an account is sent back to the login page with error=oidc_no_account (no account is created)', async () => {
  const jar = new CookieJar();
  const done = await callback(jar, await throughProvider(jar, 'stranger@example.com'));
  expect(done.status).toBe(302);
  expect(done.location).toBe(`${s.url}/login?error=oidc_no_account`);
  const users = await s.api(await s.adminToken()).get('/user?q=stranger');
  expect(users.body.data.totalRows).toBe(0);
});

test('an email the provider has not verified is refused (error=oidc_email_unverified)', async () => {
  const jar = new CookieJar();
  const done = await callback(jar, await throughProvider(jar, s.adminEmail, false));
  expect(done.status).toBe(302);
  expect(done.location).toBe(`${s.url}/login?error=oidc_email_unverified`);
});

test("a tampered state is refused with 400 and a message; so is a callback without the browser's state cookie", async () => {
  const jar = new CookieJar();
  const back = new URL(await throughProvider(jar, s.adminEmail));
  const tampered = new URL(back);
  tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
  const res = await callback(jar, tampered.toString());
  expect(res.status).toBe(400);
  expect(res.location).toBeNull();
  expect(res.body).toMatchObject({ success: false, message: 'The Google sign-in attempt is invalid or has expired, please start again' });

  // Login CSRF: the provider's answer opened in another browser (no portal_oidc cookie) is refused.
  const jar2 = new CookieJar();
  const back2 = await throughProvider(jar2, s.adminEmail);
  const elsewhere = await callback(new CookieJar(), back2);
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.body.message).toBe('The Google sign-in attempt is invalid or has expired, please start again');
  // The real browser still completes it.
  expect((await callback(jar2, back2)).status).toBe(302);
});

test('a code the provider refuses at its token endpoint (invalid_grant) is a 400 with a message, and signs nobody in', async () => {
  const jar = new CookieJar();
  const back = new URL(await throughProvider(jar, s.adminEmail));
  const forged = new URL(back);
  forged.searchParams.set('code', `${back.searchParams.get('code')}x`);
  const res = await callback(jar, forged.toString());
  expect(res.status).toBe(400);
  expect(res.location).toBeNull();
  expect(res.body).toMatchObject({ success: false, message: 'Google sign-in failed' });
  // The attempt is used up (its state cookie and row are gone): the genuine answer is refused too.
  expect((await callback(jar, back.toString())).status).toBe(400);
});

test('a provider that cannot be reached is a 503 with a message, in both languages', async () => {
  const res = await away.api().get('/auth/google', EN);
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ success: false, message: 'The Google sign-in server cannot be reached, please try again later', errors: [] });
  const vi = await away.api().get('/auth/google');
  expect(vi.body.message).toBe('Không kết nối được máy chủ đăng nhập Google, vui lòng thử lại sau');
});

test('without OIDC settings, Google sign-in answers 404 oidc_disabled', async () => {
  const start = await off.api().get('/auth/google', EN);
  expect(start.status).toBe(404);
  expect(start.body).toEqual({ success: false, message: 'Google sign-in is not configured', errors: [] });
  const vi = await off.api().get('/auth/google');
  expect(vi.body.message).toBe('Đăng nhập bằng Google chưa được cấu hình');
  const exchange = await off.api().post('/auth/google/exchange', { code: randomBytes(32).toString('base64url') }, EN);
  expect(exchange.status).toBe(404);
  expect(exchange.body.message).toBe('Google sign-in is not configured');
});
