/**
 * Rate limits at the gateway: the routes that check a password or a token (sign-in, refresh, password reset and change)
 * are limited per address with a clear 429 — counted on the route the path matches, whatever the encoding of the path
 * (`sign%2Din`, found by the hostile-insider test to bypass the limit) or the way in (a payload-encoded call).
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { startTestStack, type TestStack } from './support/stack';

let s: TestStack;
beforeEach(async () => {
  s = await startTestStack({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', PAYLOAD_ENCODING: '1' } });
});
afterEach(async () => {
  await s?.close();
});

const EN = { 'accept-language': 'en' };
/** A sign-in under a login nobody has (a fresh one each time, so that no lock answers instead of the limit). */
const signInAt = (path: string) => s.api().post(path, { email: `nobody.${randomBytes(4).toString('hex')}@example.com`, password: 'x' }, EN);

test("the fourth sign-in attempt in a minute from one address is 429 with a message in the caller's language", async () => {
  for (let i = 0; i < 3; i++) expect((await signInAt('/auth/sign-in')).status).toBe(401);
  const limited = await signInAt('/auth/sign-in');
  expect(limited.status).toBe(429);
  expect(limited.body.success).toBe(false);
  expect(limited.body.message).toBe('Too many requests, please try again later');
  expect(limited.headers.get('retry-after')).toBeTruthy();
  // Other routes keep their own, larger budget.
  expect((await s.api().get('/openapi.json')).status).toBe(200);
});

test('an encoded path is the same route and the same count: sign%2Din, forget%2Dpassword', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await signInAt(i % 2 ? '/auth/sign%2Din' : '/auth/sign-in')).status);
  expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  const forget = [];
  for (let i = 0; i < 2; i++) forget.push((await s.api().post('/auth/forget%2Dpassword', { email: 'nobody@example.com' })).status);
  // The auth budget of this address is spent: whichever of its routes, however spelled.
  expect(forget).toEqual([429, 429]);
});

test('a payload-encoded call counts against the same budget as the plain one', async () => {
  const hs = await fetch(`${s.url}/api/v1/handshake`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { kid, key } = ((await hs.json()) as { data: { kid: string; key: string } }).data;
  const seal = (endpoint: string, value: unknown) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv);
    cipher.setAAD(Buffer.from(`portal-payload/v1 ${endpoint} req ${kid}`));
    const ct = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url');
  };
  const encoded = async () => {
    const res = await fetch(`${s.url}/api/authst_data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kid, data: seal('authst_data', { email: `nobody.${randomBytes(4).toString('hex')}@example.com`, password: 'x' }) }),
    });
    return res.status;
  };
  const statuses = [await encoded(), (await signInAt('/auth/sign-in')).status, await encoded(), await encoded(), (await signInAt('/auth/sign-in')).status];
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
});

test('a limited route reached through the general payload-encoded calls (post_values) counts as itself', async () => {
  // One sign-in (1 of the 3), then the password-reset route sent inside post_values with the session's key.
  const token = await s.adminToken();
  const hs = await fetch(`${s.url}/api/v1/handshake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  const { kid, key } = ((await hs.json()) as { data: { kid: string; key: string } }).data;
  const forget = async () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv);
    cipher.setAAD(Buffer.from(`portal-payload/v1 post_values req ${kid}`));
    const ct = Buffer.concat([cipher.update(JSON.stringify({ path: '/auth/forget-password', body: { email: s.adminEmail } }), 'utf8'), cipher.final()]);
    const res = await fetch(`${s.url}/api/post_values`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ kid, data: Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url') }),
    });
    return res.status;
  };
  expect([await forget(), await forget(), await forget(), await forget()]).toEqual([200, 200, 429, 429]);
});
