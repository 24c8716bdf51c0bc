/**
 * The smoke of a running portal (issue 30 §7): what the per-commit run checks of the stack under Docker, where the
 * browser suites run only at the deep depth — a user signs in through the balancer, every domain's remote opens through
 * the runtime manifest (its first screen and every screen of its menu, without a console error), and a notification
 * reaches the bell live. In-process `npm test` leaves it out (jest.config.js): e2e/portal and e2e/admin open the same
 * screens there; `PORTAL_STACK=processes npx jest test/e2e/smoke` runs it against the process stack.
 */
import type { Browser } from 'playwright-core';
import { requestNotification } from '@portal/notifications';
import { withTx } from '@portal/service-kit';
import { ADMIN_PASSWORD } from '../support/stack';
import { startE2eStack, type E2eStack } from '../support/process-stack';
import { expectEveryEntryOpens, launchBrowser, openPage, signInUi } from '../support/browser';

jest.setTimeout(240_000);
let s: E2eStack;
let browser: Browser;

beforeAll(async () => {
  s = await startE2eStack({ demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

test('sign in, every remote opens through the manifest without a console error, and a notification reaches the bell live', async () => {
  // The administrator: every screen of every remote is theirs to open.
  const signed = await s.signIn(s.adminEmail, ADMIN_PASSWORD);
  const userId = signed.body.data.userData.id as string;
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  // Every remote the shell's runtime manifest names, with the menu served beside its remoteEntry.js, as the shell reads it.
  const { remotes: manifest } = (await (await fetch(`${s.url}/remotes.json`)).json()) as { remotes: { name: string; basePath: string; entry: string }[] };
  expect(manifest.map((r) => r.basePath).sort()).toEqual(['/admin', '/assets', '/business', '/hr', '/implementation']);
  for (const r of manifest) {
    const entries = (await (await fetch(new URL(r.entry.replace(/remoteEntry\.js$/, 'menu.json'), s.url))).json()) as { path: string; page?: string }[];
    expect([r.name, entries.length > 0]).toEqual([r.name, true]);
    await expectEveryEntryOpens(page, s.url, r.basePath.replace(/^\//, ''), entries.filter((e) => !e.page));
  }
  // A notification requested by a service, as an approval would: the bell counts it without a reload.
  await page.goto(`${s.url}/`);
  const before = Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
  await withTx(s.services.hr!.pool, (tx) => requestNotification(tx, 'hr', {
    user_ids: [userId], type: 'APPROVE_REQUEST', title: { vi: 'Kiểm tra nhanh', en: 'Smoke check' }, body: { vi: 'Thông báo thử', en: 'A test notice' }, link: '/', context: null,
  }));
  await page.locator(`[data-testid=notification-bell][data-unread="${before + 1}"]`).waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
  await context.close();
});
