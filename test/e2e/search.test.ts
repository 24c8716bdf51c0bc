/**
 * Search that finds (issue 32, point 2) in the built portal: the navbar search finds records, not only screens — a
 * ticket by its code, a document by its number, a meeting-room booking by its name, a colleague typed without accents
 * ("nguyen" finds Nguyễn) — each in the caller's scope, grouped by what it is, and opens the record's page; an employee
 * who cannot read staff records finds a colleague through the company directory, and not one outside their scope. At
 * 1440 px in Vietnamese and at 390 px (a phone) in English.
 */
import type { Browser, Page } from 'playwright-core';
import { bookRoom, contact, foldText, officialDocument, pagePath, staff, ticket, type ResourceDef } from '@portal/contracts';
import { DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { openPage, signInUi } from '../support/browser';

jest.setTimeout(240_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

const PLACEHOLDER = { vi: 'Tìm màn hình, đồng nghiệp, phiếu, văn bản…', en: 'Find screens, colleagues, tickets, documents…' };

/** Types `text` into the navbar search and waits for the dropdown's group of `def` to list an option holding `hit`. */
async function find(page: Page, lang: 'vi' | 'en', text: string, def: ResourceDef, hit: string) {
  const field = page.getByRole('textbox', { name: PLACEHOLDER[lang] }).or(page.getByRole('combobox', { name: PLACEHOLDER[lang] }));
  await field.first().click();
  const box = page.getByRole('combobox', { name: PLACEHOLDER[lang] });
  await box.fill(text);
  const popup = page.locator('.ant-select-dropdown:visible');
  await popup.locator('.ant-select-item-group', { hasText: new RegExp(`^${def.label[lang]}$`) }).waitFor();
  const option = popup.locator('.ant-select-item-option', { hasText: hit }).first();
  await option.waitFor();
  return { popup, option };
}

test('the director finds a ticket by its code, a document by its number, a booking by its name and a colleague typed without accents (1440 px, vi)', async () => {
  const { page, context, errors } = await openPage(browser, { lang: 'vi' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, s.url, 'director@portal.local', DEMO_PASSWORD);
  const admin = s.services.admin!.pool;

  // A ticket by its code, typed in lower case.
  const t = (await admin.query(`SELECT id, code, title FROM ticket WHERE state = 'ACTIVE' ORDER BY code DESC LIMIT 1`)).rows[0];
  const { option: tOption } = await find(page, 'vi', t.code.toLowerCase(), ticket, t.code);
  await expect(tOption.textContent()).resolves.toContain(t.title);
  await page.screenshot({ path: '/tmp/search-ticket-1440-vi.png' });
  await tOption.click();
  await page.waitForURL(`${s.url}${pagePath(ticket)}/${t.id}`);
  await page.getByText(t.title).first().waitFor();

  // A document by its register number (one the director may read: an open one).
  const d = (await admin.query(`SELECT id, register_no, summary FROM document WHERE state = 'ACTIVE' AND visibility = 1 ORDER BY created_date DESC LIMIT 1`))
    .rows[0];
  const { option: dOption } = await find(page, 'vi', d.register_no, officialDocument, d.summary);
  await expect(dOption.textContent()).resolves.toContain(d.register_no);
  await dOption.click();
  await page.waitForURL(`${s.url}${pagePath(officialDocument)}/${d.id}`);
  await page.getByText(d.summary).first().waitFor();

  // A meeting-room booking by (part of) its name, without accents.
  const b = (await admin.query(`SELECT id, name FROM book_room WHERE state = 'ACTIVE' AND name = 'Họp tiến độ dự án Thủ Đức'`)).rows[0];
  const { option: bOption } = await find(page, 'vi', 'tien do du an thu duc', bookRoom, b.name);
  await bOption.click();
  await page.waitForURL(`${s.url}${pagePath(bookRoom)}/${b.id}`);

  // "nguyen" finds the Nguyễns among the staff.
  const { popup, option: sOption } = await find(page, 'vi', 'nguyen', staff, 'Nguyễn');
  // Every record shown holds "nguyen" once its accents are gone (its name, or the other field shown beside it).
  const hits = await popup.locator('[data-testid="search-hit"]').allTextContents();
  expect(hits.length).toBeGreaterThan(0);
  for (const x of hits) expect(foldText(x)).toContain('nguyen');
  const name = (await sOption.locator('[data-testid="search-hit"] > span').first().textContent())!;
  await page.screenshot({ path: '/tmp/search-staff-1440-vi.png' });
  await sOption.click();
  await page.waitForURL(new RegExp(`${pagePath(staff)}/[0-9a-f-]{36}$`));
  await page.getByText(name).first().waitFor();
  // A group with more than it shows ("van": every Văn) opens the staff list searched for the same text.
  const director = s.api((await s.signIn('director@portal.local', DEMO_PASSWORD)).accessToken);
  const total = (await director.get('/staff?q=van&limit=10')).body.data.totalRows as number;
  expect(total).toBeGreaterThan(5);
  const { popup: again } = await find(page, 'vi', 'van', staff, 'Văn');
  await again.locator('.ant-select-item-option', { hasText: `Xem cả ${total} kết quả` }).click();
  await page.waitForURL(`${s.url}${pagePath(staff)}?q=van`);
  // The same in English: the groups are named in the user's language.
  await page.getByTestId('language-switch').getByText('EN').click();
  const { popup: en } = await find(page, 'en', 'van', staff, 'Văn');
  await en.locator('.ant-select-item-option', { hasText: `See all ${total} results` }).waitFor();
  await page.screenshot({ path: '/tmp/search-staff-1440-en.png' });
  expect(errors).toEqual([]);
  await context.close();
});

test('on a phone, the engineer finds a colleague through the contacts directory, only within their scope, and a ticket of theirs by its code (390 px, en)', async () => {
  const { page, context, errors } = await openPage(browser, { phone: true, lang: 'en' });
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  const hr = s.services.hr!.pool;
  const finance = (await hr.query(`SELECT id FROM organization WHERE code = 'TCKT'`)).rows[0].id as string;
  const me = (await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`)).rows[0].staff_id as string;
  const api = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  // A colleague the directory shows the engineer, named with accents; typed without them.
  const mine = (await api.get('/contacts?limit=100')).body.data.items as { id: string; full_name: string; department_id: string }[];
  const colleague = mine.find((c) => foldText(c.full_name) !== c.full_name.toLowerCase() && c.id !== me)!;
  expect(colleague).toBeDefined();
  const vi = await find(page, 'vi', foldText(colleague.full_name), contact, colleague.full_name);
  // No staff group: the engineer cannot read staff records.
  await expect(vi.popup.locator('.ant-select-item-group', { hasText: /^Nhân viên$/ }).count()).resolves.toBe(0);
  await page.screenshot({ path: '/tmp/search-contact-390-vi.png' });
  await page.keyboard.press('Escape');
  await page.getByTestId('language-switch').getByText('EN').click();
  const { option } = await find(page, 'en', foldText(colleague.full_name), contact, colleague.full_name);
  await page.screenshot({ path: '/tmp/search-contact-390-en.png' });
  await option.click();
  await page.waitForURL(`${s.url}${pagePath(contact)}/${colleague.id}`);
  await page.getByText(colleague.full_name).first().waitFor();

  // Someone outside the engineer's scope (the finance department) is not found, though the directory holds them.
  const inScope = mine.map((c) => foldText(c.full_name));
  const outside = (
    await hr.query<{ full_name: string }>(`SELECT full_name FROM staff WHERE state = 'ACTIVE' AND status <> 'QUIT' AND department_id = $1`, [finance])
  ).rows.find((x) => !inScope.some((n) => n.includes(foldText(x.full_name))))!;
  expect(outside).toBeDefined();
  const field = page.getByRole('combobox', { name: PLACEHOLDER.en });
  await field.click();
  const asked = page.waitForResponse((r) => r.url().includes('/api/v1/hr/search?') && new URL(r.url()).searchParams.get('q') === foldText(outside.full_name));
  await field.fill(foldText(outside.full_name));
  expect((await (await asked).json()).data.groups).toEqual([]);
  await expect(page.locator('.ant-select-item-option', { hasText: outside.full_name }).count()).resolves.toBe(0);

  // A ticket the engineer may read, by its code.
  const theirs = (await api.get('/ticket?limit=1')).body.data.items[0] as { id: string; code: string; title: string };
  const { option: tOption } = await find(page, 'en', theirs.code, ticket, theirs.code);
  await page.screenshot({ path: '/tmp/search-ticket-390-en.png' });
  await tOption.click();
  await page.waitForURL(`${s.url}${pagePath(ticket)}/${theirs.id}`);
  await page.getByText(theirs.title).first().waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
