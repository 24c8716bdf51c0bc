/**
 * No broken doors, in the built portal on a 390 px phone and a 1440 px screen, in Vietnamese and English: the sign-in
 * page offers Google only where Google sign-in is configured; the car booking's date-time picker opens inside a phone's
 * screen and offers minutes in steps of five; a date field asks to "Chọn ngày"; a date typed wrong ("31/02/2026",
 * "abc") is an error on its field, left as typed, and the form sends nothing until it is corrected; a reference picker
 * shows names without codes ("Nghỉ phép năm", never "Nghỉ phép năm (ANNUAL)"); a leave balance in Vietnamese has its
 * decimal comma.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '../support/stack';
import { startE2eStack, type E2eStack } from '../support/process-stack';
import { launchBrowser, openPage, signInUi } from '../support/browser';
import { companyDay } from '../support/demo-company';

jest.setTimeout(240_000);
let s: E2eStack;
/**
 * A portal configured for Google (OpenID Connect) sign-in: the button's presence needs the settings, not the provider,
 * nor the distributed stack (all-in-one in every mode: a second Docker stack would buy nothing).
 */
let google: TestStack;
let browser: Browser;

beforeAll(async () => {
  [s, google] = await Promise.all([
    startE2eStack({ demo: true }),
    startTestStack({ env: { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'portal-doors', OIDC_CLIENT_SECRET: 'not-used' } }),
  ]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([s?.close(), google?.close()]);
});

const SCREENS = [
  { phone: true, lang: 'vi' },
  { phone: true, lang: 'en' },
  { phone: false, lang: 'vi' },
  { phone: false, lang: 'en' },
] as const;
type Screen = (typeof SCREENS)[number];
const shot = (page: Page, name: string, at: Screen) => page.screenshot({ path: `/tmp/doors-${name}-${at.phone ? 390 : 1440}-${at.lang}.png` });

/** A page on a 390 × 844 phone or a 1440 px wide screen. */
async function open(at: Screen) {
  // The portal's language is the user's choice kept in the browser (vi unless they chose English).
  const p = await openPage(browser, { phone: at.phone, lang: at.lang, chosen: true });
  if (!at.phone) await p.page.setViewportSize({ width: 1440, height: 900 });
  return p;
}

/** The sign-in page once it knows the ways in (GET /auth/methods answered). */
async function signInPage(page: Page, url: string) {
  const methods = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/methods');
  await page.goto(`${url}/login`);
  expect((await methods).status()).toBe(200);
  await page.getByRole('button', { name: /^(Đăng nhập|Sign in)$/ }).waitFor();
}

test('the sign-in page offers Google only where Google sign-in is configured', async () => {
  for (const at of SCREENS) {
    const { page, context, errors } = await open(at);
    await signInPage(page, s.url);
    await page.waitForTimeout(300);
    expect(await page.getByRole('link', { name: /Google/ }).count()).toBe(0);
    expect(await page.getByText(/Google/).count()).toBe(0);
    await shot(page, 'login', at);
    expect(errors).toEqual([]);
    await context.close();
  }
  for (const at of [SCREENS[0], SCREENS[3]]) {
    const { page, context, errors } = await open(at);
    await signInPage(page, google.url);
    const button = page.getByRole('link', { name: at.lang === 'vi' ? 'Đăng nhập bằng Google' : 'Sign in with Google' });
    await button.waitFor();
    expect(new URL((await button.getAttribute('href'))!, google.url).pathname).toBe('/api/v1/auth/google');
    await shot(page, 'login-google', at);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("the car booking's date-time picker opens inside the screen, minutes in steps of five", async () => {
  const steps = Array.from({ length: 12 }, (_, i) => String(i * 5).padStart(2, '0'));
  for (const at of SCREENS) {
    const { page, context, errors } = await open(at);
    await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
    await page.goto(`${s.url}/admin/book-car/new`);
    const from = page.getByRole('textbox', { name: at.lang === 'vi' ? 'Thời gian đi' : 'From', exact: true });
    await from.waitFor();
    expect(await from.getAttribute('placeholder')).toBe(at.lang === 'vi' ? 'Chọn ngày giờ' : 'Select date and time');
    await from.click();
    const dropdown = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-panel-container');
    await dropdown.waitFor();
    await page.waitForTimeout(300);
    const box = (await dropdown.boundingBox())!;
    const width = at.phone ? 390 : 1440;
    const height = at.phone ? 844 : 900;
    expect({ left: box.x >= 0, right: box.x + box.width <= width, top: box.y >= 0, bottom: box.y + box.height <= height }).toEqual({
      left: true,
      right: true,
      top: true,
      bottom: true,
    });
    const minutes = dropdown.locator('.ant-picker-time-panel-column').nth(1).locator('.ant-picker-time-panel-cell-inner');
    expect(await minutes.allInnerTexts()).toEqual(steps);
    await shot(page, 'car-picker', at);
    // A time picked from the columns is what the field then holds.
    await dropdown.locator('.ant-picker-cell-in-view').filter({ hasText: /^15$/ }).first().click();
    await dropdown.locator('.ant-picker-time-panel-column').first().locator('.ant-picker-time-panel-cell-inner').filter({ hasText: /^09$/ }).click();
    await minutes.filter({ hasText: /^45$/ }).click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
    expect(await from.inputValue()).toMatch(/^15\/\d\d\/\d{4} 09:45$/);
    expect(errors).toEqual([]);
    await context.close();
  }
});

/** A working day of next week (Monday + `weekday`) as dd/mm/yyyy and yyyy-mm-dd. */
function nextWeek(weekday: number): { dmy: string; iso: string } {
  const today = new Date(`${companyDay(0)}T00:00:00Z`);
  const monday = 7 - ((today.getUTCDay() + 6) % 7);
  const iso = companyDay(monday + weekday);
  return { iso, dmy: iso.split('-').reverse().join('/') };
}

test('a date field asks to pick a date; a date typed wrong is an error on the field, kept as typed, and nothing is sent until it is right', async () => {
  const { rows: before } = await s.services.hr!.pool.query(`SELECT count(*)::int AS n FROM staff_leave WHERE reason = 'Việc gia đình (doors)'`);
  expect(before[0].n).toBe(0);
  for (const at of [SCREENS[2], SCREENS[1]]) {
    const vi = at.lang === 'vi';
    const { page, context, errors } = await open(at);
    await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/staff-leave') posts.push(r.url());
    });
    await page.goto(`${s.url}/hr/staff-leave/new`);
    const from = page.getByRole('textbox', { name: vi ? 'Từ ngày' : 'From date', exact: true });
    const to = page.getByRole('textbox', { name: vi ? 'Đến ngày' : 'To date', exact: true });
    await from.waitFor();
    expect([await from.getAttribute('placeholder'), await to.getAttribute('placeholder')]).toEqual(
      vi ? ['Chọn ngày', 'Chọn ngày'] : ['Select date', 'Select date'],
    );
    await page.getByRole('combobox', { name: vi ? 'Loại nghỉ phép' : 'Leave type' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Nghỉ không lương' }).click();
    await page.getByLabel(vi ? 'Lý do' : 'Reason').fill('Việc gia đình (doors)');
    await to.fill(nextWeek(1).dmy);
    const save = page.getByRole('button', { name: vi ? 'Lưu' : 'Save', exact: true });
    for (const typed of ['31/02/2026', 'abc']) {
      await from.fill(typed);
      await save.click();
      await page.getByText(vi ? `“${typed}” không phải là ngày: nhập theo dạng dd/mm/yyyy` : `“${typed}” is not a date: type it as dd/mm/yyyy`).waitFor();
      expect(await from.inputValue()).toBe(typed);
      await shot(page, `date-typed-${typed === 'abc' ? 'garbage' : 'impossible'}`, at);
    }
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    if (vi) {
      // Corrected, the error goes and the request is saved with the date typed.
      await from.fill(nextWeek(0).dmy);
      await page.getByText('không phải là ngày').waitFor({ state: 'detached' });
      const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/staff-leave');
      await save.click();
      expect((await saved).status()).toBeLessThan(300);
      const { rows } = await s.services.hr!.pool.query(`SELECT to_char(from_date, 'YYYY-MM-DD') AS d FROM staff_leave WHERE reason = 'Việc gia đình (doors)'`);
      expect(rows.map((r) => r.d)).toEqual([nextWeek(0).iso]);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('a reference picker shows names without codes; a Vietnamese leave balance has its decimal comma', async () => {
  // A quarter of a day added by HR: the balance has decimals whatever the demo's date.
  const { rows: me } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`);
  const staffId = me[0].staff_id as string;
  const year = Number(companyDay(0).slice(0, 4));
  const { rowCount } = await s.services.hr!.pool.query(
    `UPDATE staff_leave_day SET extra_days = coalesce(extra_days, 0) + 0.25 WHERE staff_id = $1 AND year = $2 AND state = 'ACTIVE'`,
    [staffId, year],
  );
  if (!rowCount)
    await s.services.hr!.pool.query('INSERT INTO staff_leave_day (staff_id, year, carried_days, extra_days) VALUES ($1, $2, 0, 0.25)', [staffId, year]);
  const token = (await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken;
  const balance = (await s.api(token).get(`/staff-leave/balance?staff_id=${staffId}`)).body.data as { available: number };
  expect(Number.isInteger(balance.available)).toBe(false);

  for (const at of SCREENS) {
    const { page, context, errors } = await open(at);
    await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
    await page.goto(`${s.url}/hr/staff-leave/new`);
    const available = page.getByTestId('balance-available').locator('.ant-statistic-content-value');
    await available.waitFor();
    const expected = new Intl.NumberFormat(at.lang === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 2 }).format(balance.available);
    expect(await available.innerText()).toBe(expected);
    expect(expected).toContain(at.lang === 'vi' ? ',' : '.');
    await page.getByRole('combobox', { name: at.lang === 'vi' ? 'Loại nghỉ phép' : 'Leave type' }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: 'Nghỉ phép năm' }).waitFor();
    const labels = await options.allInnerTexts();
    expect(labels).toContain('Nghỉ phép năm');
    expect(labels.filter((l) => /\([A-Z0-9_]+\)\s*$/.test(l))).toEqual([]);
    await shot(page, 'leave-form', at);
    expect(errors).toEqual([]);
    await context.close();
  }
});
