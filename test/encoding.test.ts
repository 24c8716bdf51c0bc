import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startTestStack, type TestStack } from './support/stack';

/**
 * The optional payload encoding of spec §7/§9 (gateway/src/encoding.ts), through the real gateway and
 * services. The client side below is written from the documented format only (it does not reuse the
 * gateway's code): AES-256-GCM, iv ‖ ciphertext ‖ tag, base64 with + → -, / → _ and no =.
 */

const EN = { 'accept-language': 'en' };
const ENDPOINTS = ['post_values', 'put_values', 'delete_values', 'authst_data', 're_authst_data', 'authnd_data', 're_authnd_data'];

let on: TestStack;
let off: TestStack;
beforeAll(async () => {
  [on, off] = await Promise.all([startTestStack({ demo: true, env: { PAYLOAD_ENCODING: '1' } }), startTestStack()]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

interface Key {
  kid: string;
  key: Buffer;
}
const aad = (endpoint: string, direction: 'req' | 'res', kid: string) => `portal-payload/v1 ${endpoint} ${direction} ${kid}`;

function seal(key: Key, endpoint: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(aad(endpoint, 'req', key.kid)));
  const ct = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url');
}

function open(key: Key, endpoint: string, text: string): any {
  expect(text).toMatch(/^[A-Za-z0-9_-]+$/); // no +, / or = (spec §9)
  const raw = Buffer.from(text, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad(endpoint, 'res', key.kid)));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8'));
}

async function post(stack: TestStack, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

async function handshake(token?: string): Promise<Key & { expiresAt: string | null }> {
  const res = await post(on, '/api/v1/handshake', {}, token ? { authorization: `Bearer ${token}` } : {});
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.body.data).toMatchObject({ alg: 'A256GCM', encoding: 'base64url' });
  const key = Buffer.from(res.body.data.key, 'base64url');
  expect(key).toHaveLength(32);
  return { kid: res.body.data.kid, key, expiresAt: res.body.data.expiresAt };
}

/** One encoded call; `plain` is the decrypted inner response when it succeeded. */
async function call(endpoint: string, key: Key, value: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await post(
    on,
    `/api/${endpoint}`,
    { kid: key.kid, data: seal(key, endpoint, value) },
    { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  );
  if (res.status >= 200 && res.status < 300) {
    expect(res.body).toMatchObject({ success: true, kid: key.kid });
    expect(res.body.contentType).toContain('application/json');
    return { ...res, plain: open(key, endpoint, res.body.data) };
  }
  return { ...res, plain: null };
}

describe('switched off (the default)', () => {
  test('the handshake and every encoded endpoint answer 404 encoding_disabled', async () => {
    for (const path of ['/api/v1/handshake', ...ENDPOINTS.map((e) => `/api/${e}`)]) {
      const res = await post(off, path, { kid: 'x', data: 'y' }, EN);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body).toEqual({ success: false, message: 'Payload encoding is switched off', errors: [] });
    }
    const vi = await post(off, '/api/post_values', {});
    expect(vi.body.message).toBe('Mã hóa dữ liệu đang tắt');
  });
});

describe('switched on (PAYLOAD_ENCODING=1)', () => {
  test('sign-in and refresh travel encrypted (authst_data, re_authst_data, re_authnd_data) under a short-lived key', async () => {
    const anon = await handshake();
    expect(anon.kid).toMatch(/^a\./);
    expect(Date.parse(anon.expiresAt!)).toBeGreaterThan(Date.now());
    const signIn = await call('authst_data', anon, { email: on.adminEmail, password: ADMIN_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(JSON.stringify(signIn.body)).not.toContain(ADMIN_PASSWORD);
    expect(JSON.stringify(signIn.body)).not.toContain(signIn.plain.data.userData.accessToken);
    expect(signIn.plain.success).toBe(true);
    expect(signIn.plain.data.userData).toMatchObject({ email: on.adminEmail });
    const me = await on.api(signIn.plain.data.userData.accessToken).get('/auth/me');
    expect(me.status).toBe(200);

    const renewed = await call('re_authst_data', anon, { refreshToken: signIn.plain.data.userData.refreshToken });
    expect(renewed.status).toBe(200);
    expect(renewed.plain.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const again = await call('re_authnd_data', anon, { refreshToken: renewed.plain.data.refreshToken });
    expect(again.status).toBe(200);
    expect((await on.api(again.plain.data.accessToken).get('/auth/me')).status).toBe(200);

    // A wrong password is the same 401 as unencrypted.
    const wrong = await call('authst_data', anon, { email: 'nobody@portal.local', password: 'Wrong@123' }, undefined, EN);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('The email/username or password is incorrect');
    // authnd_data carries the Google one-time code exchange (not configured in this stack).
    const google = await call('authnd_data', anon, { code: randomBytes(32).toString('base64url') }, undefined, EN);
    expect(google.status).toBe(404);
    expect(google.body.message).toBe('Google sign-in is not configured');
  });

  test('round trip: create, update and deactivate a position through post/put/delete_values, and read it back', async () => {
    const token = await on.adminToken();
    const key = await handshake(token);
    expect(key.kid).toMatch(/^s\.[0-9a-f-]{36}$/);
    expect(key.expiresAt).toBeNull();
    const code = `ENC${randomBytes(3).toString('hex').toUpperCase()}`;

    const created = await call('post_values', key, { path: '/position', body: { code, name: 'Kỹ sư mã hóa', level: 3 } }, token);
    expect(created.status).toBe(200);
    expect(created.plain).toMatchObject({ success: true, data: { code, name: 'Kỹ sư mã hóa', level: 3, state: 'ACTIVE' } });
    const id = created.plain.data.id as string;

    const updated = await call('put_values', key, { path: `/api/v1/position/${id}`, body: { code, name: 'Kỹ sư trưởng', level: 4 } }, token);
    expect(updated.status).toBe(200);
    expect(updated.plain.data).toMatchObject({ id, name: 'Kỹ sư trưởng', level: 4 });

    const read = await on.api(token).get(`/position/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, code, name: 'Kỹ sư trưởng', level: 4, state: 'ACTIVE' });

    const removed = await call('delete_values', key, { path: `/position/${id}` }, token);
    expect(removed.status).toBe(200);
    expect((await on.api(token).get(`/position/${id}`)).body.data.state).toBe('INACTIVE');

    // The path may carry a query string; an invalid inner body is the same 400 as unencrypted, in the clear.
    const invalid = await call('post_values', key, { path: '/position?x=1', body: { name: '' } }, token, EN);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['code', 'name']);
  });

  test('a tampered ciphertext is refused with 400 and a message, and nothing is written', async () => {
    const token = await on.adminToken();
    const key = await handshake(token);
    const before = (await on.api(token).get('/position?limit=10')).body.data.totalRows;
    const data = seal(key, 'post_values', { path: '/position', body: { code: 'TAMPER1', name: 'Tampered' } });
    const flipped = `${data.slice(0, 20)}${data[20] === 'A' ? 'B' : 'A'}${data.slice(21)}`;
    const res = await post(on, '/api/post_values', { kid: key.kid, data: flipped }, { authorization: `Bearer ${token}`, ...EN });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'The encoded data is invalid or has been altered', errors: [] });
    const vi = await post(on, '/api/post_values', { kid: key.kid, data: 'not+base64url=' }, { authorization: `Bearer ${token}` });
    expect(vi.status).toBe(400);
    expect(vi.body.message).toBe('Dữ liệu mã hóa không hợp lệ hoặc đã bị thay đổi');
    // A genuine envelope made for another endpoint does not open here either.
    const moved = await post(on, '/api/put_values', { kid: key.kid, data }, { authorization: `Bearer ${token}`, ...EN });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('The encoded data is invalid or has been altered');
    const notJson = await fetch(`${on.url}/api/post_values`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...EN },
      body: '{"kid":',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { message: string }).message).toBe('The request body must be a JSON object');
    expect((await on.api(token).get('/position?limit=10')).body.data.totalRows).toBe(before);
  });

  test('a forbidden inner route gives the same 403 as the unencrypted call', async () => {
    const { accessToken } = await on.signIn('engineer@portal.local', DEMO_PASSWORD);
    const key = await handshake(accessToken);
    const body = { code: 'NOPE01', name: 'Not allowed' };
    const encoded = await call('post_values', key, { path: '/position', body }, accessToken, EN);
    const plain = await on.api(accessToken).post('/position', body, EN);
    expect(plain.status).toBe(403);
    expect(encoded.status).toBe(403);
    expect(encoded.body).toEqual(plain.body);
    expect(encoded.body.message).toBe('You are not authorized. Please contact the admin for detail!');
  });

  test('session keys belong to their session; the session calls need a signed-in caller', async () => {
    const admin = await on.adminToken();
    const other = (await on.signIn('hr@portal.local', DEMO_PASSWORD)).accessToken;
    const adminKey = await handshake(admin);
    const anon = await handshake();
    const value = { path: '/position', body: { code: 'KEYS01', name: 'Keys' } };
    const foreign = await call('post_values', adminKey, value, other, EN);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('The encoding key does not belong to this session, please repeat the handshake');
    const anonymous = await call('post_values', anon, value, undefined, EN);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Please sign in');
    const anonKeyWithToken = await call('post_values', anon, value, admin, EN);
    expect(anonKeyWithToken.status).toBe(400);
    const badToken = await post(on, '/api/v1/handshake', {}, { authorization: 'Bearer not-a-token', ...EN });
    expect(badToken.status).toBe(401);
    expect(badToken.body.message).toBe('Please sign in');
    const expired = await post(on, '/api/authst_data', { kid: `a.${randomBytes(16).toString('base64url')}.1000000000`, data: 'AAAA' }, EN);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('The encoding key has expired, please repeat the handshake');
  });

  test('an inner path cannot leave /api/v1 or reach the handshake', async () => {
    const token = await on.adminToken();
    const key = await handshake(token);
    for (const path of ['/../internal/authz/x', '/position/%2e%2e/x', 'position', '//evil.example/position', '/handshake', 42]) {
      const res = await call('post_values', key, { path, body: {} }, token, EN);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.message).toBe('The path inside the encoded data is invalid');
    }
    const undeclared = await call('post_values', key, { path: '/no-such-thing', body: {} }, token, EN);
    expect(undeclared.status).toBe(404);
    expect(undeclared.body.message).toBe('Route not found');
  });
});
