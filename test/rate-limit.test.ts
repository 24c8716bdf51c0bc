/** Rate limits at the gateway: sign-in attempts per IP are limited with a clear 429. */
import { startTestStack, type TestStack } from './support/stack';

let s: TestStack;
beforeAll(async () => { s = await startTestStack({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } }); });
afterAll(async () => { await s?.close(); });

test('the fourth sign-in attempt in a minute from one address is 429 with a message in the caller\'s language', async () => {
  const attempt = () => s.api().post('/auth/sign-in', { email: 'nobody@example.com', password: 'x' }, { 'accept-language': 'en' });
  for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
  const limited = await attempt();
  expect(limited.status).toBe(429);
  expect(limited.body.success).toBe(false);
  expect(limited.body.message).toBe('Too many requests, please try again later');
  expect(limited.headers.get('retry-after')).toBeTruthy();
  // Other routes keep their own, larger budget.
  expect((await s.api().get('/openapi.json')).status).toBe(200);
});
