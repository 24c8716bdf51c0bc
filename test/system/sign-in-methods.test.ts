/**
 * GET /auth/methods, public: the sign-in page asks it before offering Google. Without OIDC settings Google is not
 * offered (its start answers 404 oidc_disabled); with them it is. Through the real gateway, without a token.
 */
import { startTestStack, type TestStack } from '../support/stack';

let off: TestStack;
let on: TestStack;

beforeAll(async () => {
  [off, on] = await Promise.all([
    startTestStack(),
    // Settings only: whether Google is offered does not depend on reaching the provider.
    startTestStack({ env: { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'portal-test', OIDC_CLIENT_SECRET: 'not-used' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

test('without OIDC settings the sign-in methods leave Google out, and Google sign-in is indeed off', async () => {
  const res = await off.api().get('/auth/methods');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, data: { password: true, google: false } });
  expect((await off.api().get('/auth/google')).status).toBe(404);
});

test('with OIDC settings the sign-in methods offer Google', async () => {
  const res = await on.api().get('/auth/methods');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, data: { password: true, google: true } });
});
