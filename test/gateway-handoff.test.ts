/**
 * The all-in-one mode's hand-over (gateway/src/in-process.ts): an admitted call goes to its service's handler in the
 * same process instead of over loopback HTTP. Two stacks of the demo company, one each way, asked the same calls: the
 * same statuses, bodies and headers; the service receives nothing over HTTP when handed the call; what the gateway
 * strips or replaces (the token, an internal call's header, a forged context) stays stripped; a closed service is a 503.
 */
import type { IncomingMessage } from 'node:http';
import { EN, startTestStack, type TestStack } from './support/stack';

jest.setTimeout(120_000);
const ORIGIN = 'http://portal-handoff.example';
let handed: TestStack;
let http: TestStack;
beforeAll(async () => {
  [handed, http] = await Promise.all([
    startTestStack({ demo: true, env: { CORS_ORIGINS: ORIGIN } }),
    startTestStack({ demo: true, env: { CORS_ORIGINS: ORIGIN, GATEWAY_HANDOFF: '0' } }),
  ]);
});
afterAll(async () => {
  await handed?.close();
  await http?.close();
});

/** The requests the assets service's HTTP server received while `run` ran (those to /api only). */
async function receivedOverHttp(s: TestStack, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (req: IncomingMessage) => {
    if (req.url?.startsWith('/api/')) seen.push(req.url);
  };
  s.services.assets!.app.server.on('request', listener);
  try {
    await run();
  } finally {
    s.services.assets!.app.server.off('request', listener);
  }
  return seen;
}

const SHOWN_HEADERS = ['content-type', 'x-ratelimit-limit', 'x-content-type-options', 'access-control-allow-origin', 'access-control-expose-headers'];
const shown = (h: Headers) => Object.fromEntries(SHOWN_HEADERS.map((k) => [k, h.get(k)]));

test('the same calls answer the same either way; handed over, the service receives nothing over HTTP', async () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/asset?page=1&limit=5'],
    ['GET', '/asset?q=may&limit=3'],
    ['GET', '/staff?limit=3&fields=full_name'],
    ['POST', '/asset', {}],
    ['GET', '/asset/00000000-0000-4000-8000-000000000000'],
  ];
  const answers = async (s: TestStack) => {
    const api = s.api(await s.adminToken());
    const out: unknown[] = [];
    for (const [method, path, body] of calls) {
      const headers = { ...EN, origin: ORIGIN };
      const r = method === 'GET' ? await api.get(path, headers) : await api.post(path, body, headers);
      out.push({ call: `${method} ${path}`, status: r.status, body: r.body, headers: shown(r.headers) });
    }
    return out;
  };
  let viaHandoff: unknown[] = [];
  let viaHttp: unknown[] = [];
  expect(await receivedOverHttp(handed, async () => void (viaHandoff = await answers(handed)))).toEqual([]);
  expect((await receivedOverHttp(http, async () => void (viaHttp = await answers(http)))).length).toBe(4);
  expect(viaHandoff).toEqual(viaHttp);
  const [list, , , invalid, missing] = viaHandoff as { status: number; body: any; headers: Record<string, string | null> }[];
  expect([list!.status, list!.body.data.items.length, list!.headers['access-control-allow-origin'], list!.headers['x-ratelimit-limit']]).toEqual([
    200,
    5,
    ORIGIN,
    '100000',
  ]);
  expect(list!.headers['x-content-type-options']).toBe('nosniff');
  expect([invalid!.status, missing!.status]).toEqual([400, 404]);
});

test('what the gateway strips stays stripped: no token means 401 whatever context or internal header a client sends', async () => {
  const forged = { 'x-portal-context': 'forged', 'x-portal-internal': 'forged' };
  for (const s of [handed, http]) {
    expect((await s.api().get('/asset?limit=1', forged)).status).toBe(401);
    // With a token, the context is the gateway's own: the call answers as the caller, the forged headers gone.
    const r = await s.api(await s.adminToken()).get('/asset?limit=1', forged);
    expect([r.status, r.body.data.items.length]).toEqual([200, 1]);
  }
  // A path with dot segments is never handed over: the proxy's own check refuses it, as before.
  const dots = await handed.api(await handed.adminToken()).get('/asset/%2e%2e/%2e%2e/internal/titles');
  expect(dots.status).toBeGreaterThanOrEqual(400);
  expect(dots.status).toBeLessThan(500);
});

test('a closed service is not handed anything: 503, as across processes', async () => {
  const token = await handed.adminToken();
  await handed.services.assets!.app.close();
  const r = await handed.api(token).get('/asset?limit=1', EN);
  expect([r.status, r.body.success]).toEqual([503, false]);
  expect(r.body.message).toMatch(/unavailable|Assets/i);
});
