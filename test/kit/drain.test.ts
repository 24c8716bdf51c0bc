/**
 * The graceful stop every process makes on SIGTERM (service-kit drain.ts), over real HTTP: while draining it refuses
 * nothing — a request already running finishes, one that comes is answered, flagged and with its connection closed —
 * its health checks say "draining", it closes only once nothing has come for the quiet time, and a long-lived stream
 * does not hold it open.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { DRAINING_HEADER, installDrain } from '@portal/service-kit';

let app: FastifyInstance;
let base: string;
let drain: ReturnType<typeof installDrain>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(async () => {
  app = Fastify();
  drain = installDrain(app, { announceMs: 400, quietMs: 200, timeoutMs: 5000 }, ['/stream']);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/slow', async () => {
    await sleep(600);
    return { done: true };
  });
  app.get('/fast', async () => ({ done: true }));
  // As the gateway's proxied answers do: the upstream's connection headers copied onto the reply.
  app.get('/proxied', async (_req, reply) => reply.header('connection', 'keep-alive').header('keep-alive', 'timeout=72').send({ done: true }));
  // A live stream, ended by the app's close as the gateway's are (live.ts, preClose).
  const open = new Set<import('node:http').ServerResponse>();
  app.get('/stream', (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
    open.add(reply.raw);
  });
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  app.server.closeAllConnections();
  await app.close().catch(() => undefined);
});

test('before the stop: answers as usual, unflagged', async () => {
  const res = await fetch(`${base}/fast`);
  expect([res.status, res.headers.get(DRAINING_HEADER)]).toEqual([200, null]);
  expect(drain.draining()).toBe(false);
});

test('draining: the running request finishes, new ones are answered flagged with their connection closed, health says draining, then it closes', async () => {
  const running = fetch(`${base}/slow`).then(async (r) => [r.status, await r.json()]);
  await sleep(50);
  const t0 = Date.now();
  const stopped = drain.drain().then(() => Date.now() - t0);
  const health = await fetch(`${base}/healthz`);
  expect([health.status, health.headers.get(DRAINING_HEADER), (await health.json()).data]).toEqual([503, '1', { status: 'draining' }]);
  const late = await fetch(`${base}/fast`);
  expect([late.status, late.headers.get(DRAINING_HEADER), late.headers.get('connection')]).toEqual([200, '1', 'close']);
  const proxied = await fetch(`${base}/proxied`);
  expect([proxied.status, proxied.headers.get(DRAINING_HEADER), proxied.headers.get('connection'), proxied.headers.get('keep-alive')]).toEqual([
    200,
    '1',
    'close',
    null,
  ]);
  expect(await running).toEqual([200, { done: true }]);
  // Still open while requests come within the quiet time.
  for (let i = 0; i < 5; i++) {
    await sleep(100);
    expect((await fetch(`${base}/fast`)).status).toBe(200);
  }
  const took = await stopped;
  expect(took).toBeGreaterThanOrEqual(700);
  await expect(fetch(`${base}/fast`)).rejects.toThrow();
});

test('a long-lived stream does not hold the stop: it closes after the announce time, not at the timeout', async () => {
  const controller = new AbortController();
  const stream = await fetch(`${base}/stream`, { signal: controller.signal });
  expect(stream.status).toBe(200);
  const t0 = Date.now();
  await drain.drain();
  // The announce time and the quiet time (0.6 s), not the timeout (5 s) the open stream would otherwise hold it to.
  expect(Date.now() - t0).toBeLessThan(2500);
  controller.abort();
});
