/**
 * The gateway's rotation (gateway/src/upstreams.ts) against real instances over HTTP: an instance that says it is
 * leaving gets nothing new; when it was the only one, calls wait until it is back (a restart costs a delay) — but not
 * for a crashed one (503 at once, as before) nor longer than the restart wait.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { DRAINING_HEADER } from '@portal/service-kit';
import { Upstreams } from '../gateway/src/upstreams';

const apps: FastifyInstance[] = [];
/** An instance whose /healthz answers per `state()`: up, draining (503 flagged), or not listening at all once closed. */
async function instance(state: () => 'up' | 'draining') {
  const app = Fastify();
  app.get('/healthz', async (_req, reply) => (state() === 'up' ? { ok: true } : reply.status(503).header(DRAINING_HEADER, '1').send({ ok: false })));
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}
afterAll(async () => {
  for (const a of apps) await a.close();
});

test('a leaving instance gets nothing new while another is there', async () => {
  const [a, b] = [await instance(() => 'up'), await instance(() => 'up')];
  const u = new Upstreams({ hr: [a, b] }, 60_000, 5000);
  u.markLeaving(a);
  const picked = await Promise.all(Array.from({ length: 6 }, () => u.acquire('hr')));
  expect(new Set(picked)).toEqual(new Set([b]));
  expect(u.ordered('hr')).toBe(`${b},${a}`);
});

test('the only instance restarting: a call waits until it is back, then goes to it', async () => {
  let state: 'up' | 'draining' = 'draining';
  const a = await instance(() => state);
  const u = new Upstreams({ system: [a] }, 60_000, 5000);
  await u.probe(); // the probe sees it draining
  expect(u.pick('system')).toBeNull();
  const t0 = Date.now();
  setTimeout(() => {
    state = 'up';
  }, 400);
  expect(await u.acquire('system')).toBe(a);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(350);
});

test('a crashed instance is not waited for, and a restart that never ends is given up after the wait', async () => {
  const gone = 'http://127.0.0.1:9'; // nothing listens there
  const crashed = new Upstreams({ files: [gone] }, 60_000, 5000);
  crashed.markDown(gone);
  const t0 = Date.now();
  expect(await crashed.acquire('files', [gone])).toBeNull();
  expect(Date.now() - t0).toBeLessThan(200);

  const a = await instance(() => 'draining');
  const stuck = new Upstreams({ notifications: [a] }, 60_000, 600);
  stuck.markLeaving(a);
  const t1 = Date.now();
  expect(await stuck.acquire('notifications')).toBeNull();
  expect(Date.now() - t1).toBeGreaterThanOrEqual(550);
});
