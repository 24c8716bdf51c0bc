/**
 * The distributed mode, as processes (docker-compose.yml run by scripts/lib/process-stack.ts, ARCHITECTURE §6):
 * - HR runs as two instances: the gateway spreads the calls over both and survives one killed mid-traffic;
 * - the whole HR domain down (both instances and its remote): its calls answer 503 with a message naming it, its
 *   area shows the fallback, the other domains keep working; what HR had written to its outbox meanwhile is
 *   delivered once it is back;
 * - a remote rebuilt and served at a new URL is picked up through the runtime manifest, without rebuilding or
 *   restarting the shell.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { allResources, gatewayUrlsVar, REMOTE_DOMAINS, SERVICE_DOMAINS, serviceUrlVar, type NotificationRequest } from '@portal/contracts';
import { requestNotification } from '@portal/notifications';
import { withTx } from '@portal/service-kit';
import { buildApp } from '../../scripts/build-web';
import { freePort } from '../../scripts/lib/postgres';
import { ADMIN_PASSWORD, DEMO_PASSWORD, eventually } from '../support/stack';
import { startProcessTestStack, type ProcessTestStack } from '../support/process-stack';
import { launchBrowser, openPage, signInUi } from '../support/browser';
import { sampleBody } from '../support/samples';

jest.setTimeout(300_000);
const ROOT = join(__dirname, '..', '..');
let s: ProcessTestStack;
let browser: Browser;
let newRemote: ChildProcess | null = null;

beforeAll(async () => {
  s = await startProcessTestStack({ demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  newRemote?.kill('SIGTERM');
  await browser?.close();
  await s?.close();
});

/** How many calls to `path` a process has logged (each service logs its requests, without the query). */
const served = (name: string, path: string) => readFileSync(s.ps.processes.get(name)!.logFile, 'utf8').split(`"url":"/api/v1${path}"`).length - 1;

test('every service of the compose file runs as its own process, with the environment the file gives it', async () => {
  const names = [...s.ps.processes.keys()].sort();
  // Every service and remote of the domain registry, and what the compose file adds: a second HR and gateway, the shell, the demo job.
  const registry = [...SERVICE_DOMAINS.map((d) => d.name), ...REMOTE_DOMAINS.map((d) => `web-${d.name}`)];
  expect(names).toEqual([...registry, 'gateway', 'gateway-2', 'hr-2', 'seed-demo', 'web-shell'].sort());
  const hr = s.ps.processes.get('hr')!.env;
  expect(hr[serviceUrlVar('system')]).toBe(s.ps.processes.get('system')!.url);
  expect(hr.NATS_URL).toBe(`nats://127.0.0.1:${s.ps.nats.port}`);
  expect(s.ps.processes.get('gateway')!.env[gatewayUrlsVar('hr')]).toBe(`${s.ps.processes.get('hr')!.url},${s.ps.processes.get('hr-2')!.url}`);
  // Two gateways, the same but for their port, behind the balancer (HAProxy): the portal's address is the balancer's.
  const { PORT: _a, ...gateway } = s.ps.processes.get('gateway')!.env;
  const { PORT: _b, ...gateway2 } = s.ps.processes.get('gateway-2')!.env;
  expect(gateway2).toEqual(gateway);
  expect([s.ps.processes.get('gateway')!.url, s.ps.processes.get('gateway-2')!.url]).not.toContain(s.url.replace('localhost', '127.0.0.1'));
  expect(s.ps.processes.get('files')!.env.FILES_DRIVER).toBe('s3');
  // The demo job ran to its end: the company is there.
  const admin = s.api(await s.adminToken());
  const staff = await admin.get('/staff?page=1&limit=1');
  expect(staff.status).toBe(200);
  expect(staff.body.data.totalRows).toBeGreaterThanOrEqual(50);
});

test('HR as two instances: the gateway spreads the calls; one killed mid-traffic, reads and writes keep succeeding; restarted, it takes its share again', async () => {
  const admin = s.api(await s.adminToken());
  const before = { a: served('hr', '/staff'), b: served('hr-2', '/staff') };
  for (let i = 0; i < 20; i++) expect((await admin.get('/staff?page=1&limit=5')).status).toBe(200);
  expect(served('hr', '/staff') - before.a).toBeGreaterThanOrEqual(5);
  expect(served('hr-2', '/staff') - before.b).toBeGreaterThanOrEqual(5);

  // kill -9 one instance while reads and writes are running.
  const holiday = allResources.find((r) => r.name === 'holiday')!;
  const reads: number[] = [];
  const writes: { status: number; id?: string }[] = [];
  const traffic = (async () => {
    for (let i = 0; i < 40; i++) {
      reads.push((await admin.get('/staff?page=1&limit=5')).status);
      const res = await admin.post('/holiday', await sampleBody(admin, holiday, 900 + i, { tag: `ha${i}` }));
      writes.push({ status: res.status, id: res.body?.data?.id });
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  await s.ps.stop('hr', 'SIGKILL');
  await traffic;
  // Reads are sent again to the other instance. So is a write that never reached the killed one; the one write it
  // may have been running when killed (the calls are sequential) answers 503: it may or may not have committed,
  // so the gateway doesn't send it twice.
  expect(reads.filter((x) => x !== 200)).toEqual([]);
  const failed = writes.filter((w) => w.status !== 200);
  expect(failed.length).toBeLessThanOrEqual(1);
  for (const w of failed) expect(w.status).toBe(503);
  // Every write that was answered with success is in the database.
  const ids = writes.filter((w) => w.status === 200).map((w) => w.id!);
  const { rows } = await s.services.hr!.pool.query('SELECT count(*)::int AS n FROM holiday WHERE id = ANY($1::uuid[])', [ids]);
  expect(rows[0].n).toBe(ids.length);
  expect(ids.length).toBeGreaterThanOrEqual(39);

  // Back up: the gateway's probe puts it into the rotation again.
  await s.ps.start('hr');
  const back = served('hr', '/staff');
  await eventually(async () => {
    expect((await admin.get('/staff?page=1&limit=5')).status).toBe(200);
    expect(served('hr', '/staff')).toBeGreaterThan(back);
  }, 15_000);
});

test('the HR domain down: its calls answer 503 naming it, its area shows the fallback, the rest works; back up, what HR wrote meanwhile is delivered', async () => {
  const admin = s.api(await s.adminToken());
  const user = await s.signIn('hr@portal.local', DEMO_PASSWORD);
  const mine = s.api(user.accessToken);
  const unreadBefore = (await mine.get('/notifications')).body.data.unread_count as number;

  // Down: crashed (a graceful stop of every instance is a restart the gateway waits for — test/ops/rolling-restart).
  await Promise.all(['hr', 'hr-2', 'web-hr'].map((n) => s.ps.stop(n, 'SIGKILL')));
  const vi = await admin.get('/staff?page=1&limit=5');
  expect(vi.status).toBe(503);
  expect(vi.body.message).toBe('Dịch vụ Nhân sự tạm thời không khả dụng; các phần khác của cổng vẫn hoạt động. Vui lòng thử lại sau');
  const en = await admin.get('/staff?page=1&limit=5', { 'accept-language': 'en' });
  expect(en.body.message).toBe('The Human resources service is temporarily unavailable; the rest of the portal keeps working. Please try again later');
  // Other domains keep working: accounts (system), notifications, files.
  expect((await admin.get('/user?page=1&limit=5')).status).toBe(200);
  expect((await mine.get('/notifications')).status).toBe(200);
  expect((await admin.get('/files?page=1&limit=5')).status).toBeLessThan(500);

  // What HR had committed to its outbox when it went down waits there (its relay is down too).
  const req: NotificationRequest = {
    user_ids: [user.body.data.userData.id],
    type: 'INFO',
    title: { vi: 'Hồ sơ chờ khi HR tạm dừng', en: 'Record written while HR was down' },
    body: { vi: 'Nội dung', en: 'Body' },
    link: '/hr/staff',
    context: 'distributed:outbox',
  };
  await withTx(s.services.hr!.pool, (tx) => requestNotification(tx, 'hr', req));

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await page.goto(`${s.url}/hr/staff`);
  await page.getByText('Không tải được phân hệ "Nhân sự". Các phần khác của cổng vẫn hoạt động.').waitFor();
  await page.goto(`${s.url}/system/user`);
  await page.getByText('admin@portal.local').first().waitFor();
  await page.goto(`${s.url}/admin`);
  await page.getByRole('heading', { name: 'Lịch phòng họp' }).waitFor();
  await new Promise((r) => setTimeout(r, 1000));
  expect((await mine.get('/notifications')).body.data.unread_count).toBe(unreadBefore);

  // Back up: the outbox is delivered, the HR area works again.
  await Promise.all(['hr', 'hr-2', 'web-hr'].map((n) => s.ps.start(n)));
  await eventually(async () => expect((await mine.get('/notifications')).body.data.unread_count).toBe(unreadBefore + 1), 15_000);
  const list = (await mine.get('/notifications')).body.data.items as { title: { vi: string } }[];
  expect(list.map((n) => n.title.vi)).toContain('Hồ sơ chờ khi HR tạm dừng');
  await page.goto(`${s.url}/hr/staff`);
  await page.getByText('NV050').first().waitFor();

  const unexpected = errors.filter((e) => !/remoteEntry|menu\.json|Federation|RUNTIME-00|ERR_CONNECTION_REFUSED|Failed to load resource|503 /i.test(e));
  expect(unexpected).toEqual([]);
  await context.close();
});

test('a remote rebuilt and served at a new URL is picked up through the runtime manifest, without rebuilding or restarting the shell', async () => {
  const shell = s.ps.processes.get('web-shell')!;
  const shellPid = shell.pid();
  const shellHtml = readFileSync(join(ROOT, 'shell', 'dist', 'index.html'), 'utf8');
  const oldUrl = s.ps.processes.get('web-admin')!.url!;

  // The team rebuilds its remote and serves the new release from a new container (here: a process on a new port).
  const out = mkdtempSync(join(tmpdir(), 'portal-admin-v2-'));
  await buildApp('mfe-admin', out);
  const port = await freePort();
  newRemote = spawn(process.execPath, ['--import', 'tsx', 'packages/web-server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', WEB_MODE: 'remote', WEB_ROOT: out, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  await eventually(async () => expect((await fetch(`http://127.0.0.1:${port}/remoteEntry.js`)).status).toBe(200), 30_000);
  // The old release is gone; the manifest now names the new URL.
  await s.ps.stop('web-admin');
  const manifest = s.ps.mountedFile('./infra/remotes.json');
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as { module: string; url: string }[];
  for (const e of entries) if (e.module === 'admin') e.url = `http://127.0.0.1:${port}/remoteEntry.js`;
  writeFileSync(manifest, JSON.stringify(entries, null, 2));

  const { page, context } = await openPage(browser);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await page.goto(`${s.url}/admin`);
  await page.getByRole('heading', { name: 'Lịch phòng họp' }).waitFor();
  expect(fetched).toContain(`http://127.0.0.1:${port}/remoteEntry.js`);
  expect(fetched.filter((u) => u.startsWith(oldUrl))).toEqual([]);
  // The shell was neither rebuilt nor restarted.
  expect(shell.pid()).toBe(shellPid);
  expect(readFileSync(join(ROOT, 'shell', 'dist', 'index.html'), 'utf8')).toBe(shellHtml);
  await context.close();
});
