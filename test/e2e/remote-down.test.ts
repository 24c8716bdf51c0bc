/**
 * A remote that is down: its area shows an error with a retry button while the dashboard and the other
 * remotes keep working; when it is back, Retry loads it without a page reload.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { localWeb } from '../../scripts/lib/stack';
import { ADMIN_PASSWORD, startTestStack, type TestStack } from '../support/stack';
import { launchBrowser, openPage, signInUi } from '../support/browser';

jest.setTimeout(120_000);
let s: TestStack;
let browser: Browser;
let port: number;
let adminServer: FastifyInstance | null = null;

/** Whether the admin remote's server serves its files; down, it drops every connection unanswered. */
let up = false;

beforeAll(async () => {
  // The remote's own server holds its port from the start (a port found free and listened on later can be taken by
  // another test's service meanwhile); it is down — every connection dropped — until the test brings it back.
  adminServer = Fastify();
  adminServer.addHook('onRequest', async (req, reply) => {
    if (up) return;
    reply.hijack();
    req.raw.socket.destroy();
  });
  await adminServer.register(fastifyStatic, { root: join(__dirname, '..', '..', 'mfe-admin', 'dist') });
  await adminServer.listen({ port: 0, host: '127.0.0.1' });
  port = (adminServer.server.address() as AddressInfo).port;
  const web = localWeb();
  // The admin remote lives on its own server (as in the distributed mode), which is down for now.
  const remotes = web.remotes.map((r) => (r.module === 'admin' ? { ...r, dir: undefined, url: `http://127.0.0.1:${port}/remoteEntry.js` } : r));
  s = await startTestStack({ env: { SHELL_DIR: web.shellDir, REMOTES_JSON: JSON.stringify(remotes) } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await adminServer?.close();
  await s?.close();
});

test('the admin remote is down: its area offers a retry, the rest works; once it is back, Retry loads it', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await page.locator('[data-testid=stat-headcount]').getByText('0').waitFor();

  // The HR remote and the shell's own screens keep working.
  await page.getByTestId('side-menu').getByText('Nhân sự', { exact: true }).click();
  await page.getByTestId('side-menu').getByText('Nhân viên', { exact: true }).click();
  await page.getByText('Chưa có dữ liệu').waitFor();

  // The admin area says what is wrong and offers a retry.
  await page.goto(`${s.url}/admin`);
  await page.getByText('Không tải được phân hệ "Hành chính". Các phần khác của cổng vẫn hoạt động.').waitFor();
  await page.getByTestId('side-menu').getByText('Tổng quan').waitFor();

  // The team brings its remote back; Retry picks it up in place, without reloading the page.
  up = true;
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  await page.getByTestId('remote-retry').click();
  await page.getByRole('heading', { name: 'Lịch phòng họp' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  const unexpected = errors.filter(
    (e) => !e.includes(`127.0.0.1:${port}`) && !/remoteEntry|Federation|RUNTIME-00|ERR_CONNECTION_REFUSED|Failed to load resource: net::/i.test(e),
  );
  expect(unexpected).toEqual([]);
  await context.close();
});
