/**
 * Project implementation in the built portal (its first part): every entry of its sidebar opens its page; a running
 * project of the demo opens on its page, its work packages tab (`?tab=`) lists its packages with their progress, a
 * package's page its checklist — in both languages and on a phone, where nothing sticks out sideways.
 */
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { expectEveryEntryOpens, fitsScreen, openPage, openTab, signInUi } from '../support/browser';
import { menu } from '../../mfe-implementation/src/menu';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

test('every entry of the Implementation sidebar opens its page', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await expectEveryEntryOpens(page, s.url, 'implementation', menu);
  expect(errors).toEqual([]);
  await context.close();
});

test("a running project's page: its work packages with their progress, a package's checklist; in both languages, on a phone too", async () => {
  const pool = s.services.implementation!.pool;
  const {
    rows: [p],
  } = await pool.query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`);
  const {
    rows: [c],
  } = await pool.query<{ id: string; name: string; progress: number }>(
    `SELECT id, name, progress FROM implementation_category WHERE implementation_id = $1 AND code = 'HM-01'`,
    [p!.id],
  );
  expect(c!.progress).toBeGreaterThan(0);
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await page.goto(`${s.url}/implementation/implementation/${p!.id}`);
  await page.getByText('Chung cư Green River Long Biên').first().waitFor();
  await openTab(page, 'Hạng mục');
  const row = page.getByRole('row').filter({ hasText: c!.name });
  await row.waitFor();
  await row.getByText(`${c!.progress}`, { exact: false }).first().waitFor();
  expect(page.url()).toMatch(/[?&]tab=/);
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('tab', { name: 'Work package' }).waitFor();
  // The package's own page: its checklist, the items as the demo left them.
  await page.goto(`${s.url}/implementation/implementation-category/${c!.id}`);
  await openTab(page, 'Work package checklist item');
  await page.getByRole('row').filter({ hasText: 'Nghiệm thu vật liệu đầu vào' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();

  const phone = await openPage(browser, { phone: true });
  await signInUi(phone.page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await phone.page.goto(`${s.url}/implementation/implementation/${p!.id}`);
  await phone.page.getByText('Chung cư Green River Long Biên').first().waitFor();
  await openTab(phone.page, 'Hạng mục');
  await phone.page.getByText(c!.name).first().waitFor();
  const fit = await fitsScreen(phone.page);
  expect(fit.page).toBeLessThanOrEqual(fit.screen);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});
