/**
 * One running portal, what its users and its operators do to it — the per-commit run under
 * Docker keeps this one compose stack (`npm run test:docker`), the demo company in it:
 *
 * 1. **The smoke**: a user signs in through the balancer, every domain's remote opens through the runtime manifest (its
 *    first screen and every screen of its menu, without a console error), and a notification reaches the bell live.
 * 2. **The rolling restart**: under a steady load of reads and writes through the portal's front door (the balancer,
 *    infra/lb/haproxy.cfg), application services are restarted one instance at a time — SIGTERM, wait until it is ready
 *    and back in the rotation, next — and not one request fails, and every write's event arrives exactly once. The deep
 *    run restarts every service, both gateways and the shell's web server; per commit, one gateway and two other services
 *    drawn by the run's seed (test/support/depth.ts), so that successive commits go round them all.
 * 3. **A gateway's drain** watched from the side: its own health check says it is draining, what comes to it meanwhile
 *    is answered, the balancer sends everything else to the other one, and it closes once nothing comes.
 *
 * Under Docker with PORTAL_STACK=docker; as processes with PORTAL_STACK=processes (the same compose roles, infra/lb's
 * haproxy in front). In-process `npm test` leaves this folder out (jest.config.js): of the two rolling restarts, the one
 * through real containers catches more (the compose file's stop grace, health checks and balancer as shipped).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { REMOTE_DOMAINS } from '@portal/contracts';
import { requestNotification } from '@portal/notifications';
import { withTx } from '@portal/service-kit';
import { ADMIN_PASSWORD, clientFor, eventually } from '../support/stack';
import { startOpsStack, type OpsStack } from '../support/ops-stack';
import { expectEveryEntryOpens, launchBrowser, openPage, signInUi } from '../support/browser';
import { isDeep, SEED } from '../support/depth';
import { expectEventsOnce, startLoad, uploadSample } from './load';

jest.setTimeout(900_000);
/** The load of a test that failed midway is stopped before the stack goes. */
let load: ReturnType<typeof startLoad> | null = null;
let s: OpsStack;
let browser: Browser | undefined;
beforeAll(async () => {
  s = await startOpsStack({ demo: true });
}, 600_000);
afterAll(async () => {
  await load?.stop().catch(() => undefined);
  await browser?.close();
  await s?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The gateway probes every instance every 2 s (UPSTREAM_PROBE_MS), the balancer each gateway every second (haproxy.cfg):
 * a restarted one is back in the rotation by then.
 */
const ROTATION_MS = 2500;

test('smoke: sign in, every remote opens through the manifest without a console error, and a notification reaches the bell live', async () => {
  browser = await launchBrowser();
  // The administrator: every screen of every remote is theirs to open.
  const signed = await s.signIn(s.adminEmail, ADMIN_PASSWORD);
  const userId = signed.body.data.userData.id as string;
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  // Every remote the shell's runtime manifest names, with the menu served beside its remoteEntry.js, as the shell reads it.
  const { remotes: manifest } = (await (await fetch(`${s.url}/remotes.json`)).json()) as { remotes: { name: string; basePath: string; entry: string }[] };
  expect(manifest.map((r) => r.basePath).sort()).toEqual(REMOTE_DOMAINS.map((d) => `/${d.name}`).sort());
  for (const r of manifest) {
    const entries = (await (await fetch(new URL(r.entry.replace(/remoteEntry\.js$/, 'menu.json'), s.url))).json()) as { path: string; page?: string }[];
    expect([r.name, entries.length > 0]).toEqual([r.name, true]);
    await expectEveryEntryOpens(
      page,
      s.url,
      r.basePath.replace(/^\//, ''),
      entries.filter((e) => !e.page),
    );
  }
  // A notification requested by a service, as an approval would: the bell counts it without a reload.
  await page.goto(`${s.url}/`);
  const before = Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
  await withTx(s.services.hr!.pool, (tx) =>
    requestNotification(tx, 'hr', {
      user_ids: [userId],
      type: 'APPROVE_REQUEST',
      title: { vi: 'Kiểm tra nhanh', en: 'Smoke check' },
      body: { vi: 'Thông báo thử', en: 'A test notice' },
      link: '/',
      context: null,
    }),
  );
  await page.locator(`[data-testid=notification-bell][data-unread="${before + 1}"]`).waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
  await context.close();
  await browser.close();
  browser = undefined;
});

/**
 * The instances a rolling restart goes through: every one at the deep depth; per commit one gateway and two other
 * services, drawn by the run's seed (the same seed, the same draw: a failure replays with ABUSE_SEED).
 */
function restartOrder(all: string[]): string[] {
  if (isDeep) return all;
  const gateways = all.filter((n) => n.startsWith('gateway'));
  const others = all.filter((n) => !n.startsWith('gateway'));
  const first = others[SEED % others.length]!;
  const rest = others.filter((n) => n !== first);
  const second = rest[Math.floor(SEED / others.length) % rest.length]!;
  return [gateways[SEED % gateways.length]!, first, second];
}

test('services restarted one instance at a time under reads and writes: 0 failed requests, every event once', async () => {
  const admin = s.api(await s.adminToken());
  const file = await uploadSample(admin);
  const tag = `roll${Date.now().toString(36)}`;
  const running = startLoad({ api: admin, url: s.url, tag, file });
  load = running;
  await eventually(async () => expect(running.count()).toBeGreaterThan(50), 30_000);

  // The services, the gateways and the shell's container. The remotes are fetched by browsers straight from their own
  // containers, so they are moved through the manifest rather than restarted in place (test/docker/upgrade).
  const all = s.applications.filter((n) => !(n.startsWith('web-') && n !== 'web-shell'));
  expect(all).toEqual(expect.arrayContaining(['gateway', 'gateway-2', 'hr', 'hr-2', 'system', 'web-shell']));
  const order = restartOrder(all);
  const timings: string[] = [];
  const spans: { name: string; t0: number; stopped: number; started: number }[] = [];
  for (const name of order) {
    const t0 = Date.now();
    await s.stop(name);
    const stopped = Date.now();
    await s.start(name);
    spans.push({ name, t0, stopped, started: Date.now() });
    timings.push(`${name} ${((stopped - t0) / 1000).toFixed(1)}+${((Date.now() - stopped) / 1000).toFixed(1)} s`);
    await sleep(ROTATION_MS);
  }
  const result = await running.stop();
  load = null;
  // A failed call beside what was stopping or starting when it was sent (or the last instance back before it).
  for (const f of result.failures) {
    const during = spans.find((x) => f.at >= x.t0 && f.at <= x.started);
    const after = [...spans].reverse().find((x) => x.started <= f.at);
    const where = during
      ? `${during.name} ${f.at < during.stopped ? 'stopping' : 'starting'} (+${((f.at - during.t0) / 1000).toFixed(1)} s)`
      : `${((f.at - (after?.started ?? f.at)) / 1000).toFixed(1)} s after ${after?.name ?? 'the start'} was back`;
    console.log(`failed: ${f.what} ${f.status} ${f.detail ?? ''} after ${f.ms} ms, while ${where}`);
  }
  console.log(
    `rolling restart (${s.mode}) of ${order.length} of ${all.length} services (${isDeep ? 'every one' : `seed ${SEED}`}): ${result.calls.length} calls (${result.rate}/s), ${result.failures.length} failed, ` +
      `slowest ${result.slowestMs} ms; writes ${result.written.holiday.length} holidays, ${result.written.documentation.length} documents; stop+start: ${timings.join(', ')}`,
  );
  expect(result.failures).toEqual([]);
  expect(result.written.holiday.length).toBeGreaterThan(20);
  expect(result.written.documentation.length).toBeGreaterThan(20);

  const o = await expectEventsOnce(s.services, tag);
  for (const id of result.written.holiday) expect(o.holidays.has(id)).toBe(true);
  for (const id of result.written.documentation) expect(o.documentation.has(id)).toBe(true);
  // No record the load did not get an answer for (none failed), and each record's event delivered once.
  expect(o.holidays.size).toBe(result.written.holiday.length);
  expect(o.documentation.size).toBe(result.written.documentation.length);
});

test('a gateway stopped: its own health check says draining, what comes to it is answered, the balancer sends the rest to the other, it closes', async () => {
  const token = await s.adminToken();
  const admin = s.api(token);
  // The gateway's own address (not the balancer's), read once: its health check and calls sent straight to it.
  const gateway = await s.instanceUrl('gateway');
  const direct = clientFor(gateway).api(token);
  const running = startLoad({ api: admin, url: s.url, tag: `gw${Date.now().toString(36)}`, file: await uploadSample(admin, 'gateway-stop.txt') });
  load = running;
  await eventually(async () => expect(running.count()).toBeGreaterThan(20), 30_000);
  const stopping = s.stop('gateway');
  // The stop signal's way differs (a process, docker-compose stop): the gateway's own health check shows when it has arrived.
  const health = await eventually(async () => {
    const r = await fetch(`${gateway}/healthz`);
    expect(r.status).toBe(503);
    return { status: r.status, draining: r.headers.get('x-portal-draining') };
  }, 20_000);
  expect(health).toEqual({ status: 503, draining: '1' });
  // Requests that come to it while it drains are answered (a balancer that has not seen the health check yet).
  const during = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      direct.get(`/staff?page=1&limit=${5 + i}`).then(
        (r) => r.status,
        () => -1,
      ),
    ),
  );
  expect(during).toEqual(Array(20).fill(200));
  await stopping;
  // Gone: the portal answers through the other gateway.
  await expect(fetch(`${gateway}/healthz`)).rejects.toThrow();
  expect((await admin.get('/staff?page=1&limit=5')).status).toBe(200);
  await s.start('gateway');
  await sleep(ROTATION_MS);
  const result = await running.stop();
  load = null;
  console.log(
    `a gateway stopped and started (${s.mode}): ${result.calls.length} calls through the balancer, ${result.failures.length} failed, slowest ${result.slowestMs} ms`,
  );
  expect(result.failures).toEqual([]);
});

test("no gateway up: the balancer answers the portal's own 503 in the caller's language, and a page that tries again", async () => {
  await Promise.all([s.stop('gateway'), s.stop('gateway-2')]);
  try {
    const en = await eventually(async () => {
      const r = await fetch(`${s.url}/api/v1/staff`, { headers: { 'accept-language': 'en' } });
      expect(r.status).toBe(503);
      return { body: await r.json(), retryAfter: r.headers.get('retry-after') };
    }, 10_000);
    expect(en).toEqual({ body: { success: false, message: 'The service is temporarily unavailable, please try again later', errors: [] }, retryAfter: '5' });
    expect((await (await fetch(`${s.url}/api/v1/staff`)).json()).message).toBe('Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau');
    // The first language named decides, as the portal's own langOf reads it (not any English further down the list).
    expect((await (await fetch(`${s.url}/api/v1/staff`, { headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' } })).json()).message).toBe(
      'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau',
    );
    expect((await (await fetch(`${s.url}/api/v1/staff`, { headers: { 'accept-language': 'EN-GB,vi;q=0.5' } })).json()).message).toBe(
      'The service is temporarily unavailable, please try again later',
    );
    const page = await fetch(`${s.url}/hr/staff`);
    expect([page.status, page.headers.get('content-type')]).toEqual([503, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('http-equiv="refresh"');
  } finally {
    await Promise.all([s.start('gateway'), s.start('gateway-2')]);
    await sleep(ROTATION_MS);
  }
  expect((await s.api(await s.adminToken()).get('/staff?page=1&limit=1')).status).toBe(200);
});

test('behind the balancer a caller is known by the address the balancer saw, never by one the client wrote', async () => {
  const res = await fetch(`${s.url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
    body: JSON.stringify({ email: s.adminEmail, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { rows } = await s.services.system!.pool.query<{ ip: string }>(`SELECT ip FROM auth_session ORDER BY created_at DESC LIMIT 1`);
  expect(rows[0]!.ip).not.toContain('203.0.113.9');
  // Not the balancer's own address either: the gateways read the entry it appended (TRUST_PROXY=1).
  const lb = s.mode === 'docker' ? new URL(await s.instanceUrl('lb')).hostname : null;
  if (lb) expect(rows[0]!.ip).not.toBe(lb);
});

test('the balancer promises its callers a shorter keep-alive than it keeps an idle connection, so they close one first', async () => {
  // A client that honours the hint (undici, Node's agent) and was told the gateway's 72 s reused a connection the
  // balancer was closing after its own 15 s: a write lost without an answer (UND_ERR_SOCKET, infra/lb/haproxy.cfg).
  const cfg = readFileSync(join(__dirname, '../../infra/lb/haproxy.cfg'), 'utf8');
  const keptS = Number(/timeout http-keep-alive (\d+)s/.exec(cfg)?.[1]);
  const res = await fetch(`${s.url}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  await res.body?.cancel();
  const hintS = Number(/timeout=(\d+)/.exec(res.headers.get('keep-alive') ?? '')?.[1]);
  expect([keptS > 0, hintS > 0, hintS < keptS]).toEqual([true, true, true]);
});
