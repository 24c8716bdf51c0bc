/**
 * The portal as people use it on a phone and at the widths between (issue 32, points 1 and 8), in the built portal: at
 * 390 px a list is a card per record — its title whole inside the screen, its status and key date — and a contact's
 * phone is a tap-to-call link; the notification pop-up lies inside the screen; at 768 and 1024 px nothing of a list
 * sticks out past the right edge and no title is cut; at 1440 px a list is still a table. The sidebar: each area's
 * settings screens in its Settings group, "My information" opening the user's own staff profile, and no label cut
 * off, at 1440 px and in the phone's drawer, in Vietnamese and English. Screenshots go to /tmp/phone-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { contact, DEFAULT_LIMIT, pagePath, staff } from '@portal/contracts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { fitsScreen, openPage, openSidebarGroups, pastRightEdge, signInUi } from '../support/browser';
import { menu as adminMenu } from '../../mfe-admin/src/menu';
import { menu as hrMenu } from '../../mfe-hr/src/menu';

jest.setTimeout(240_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/phone-${name}.png`, fullPage: false });

/** Each card's record id, title (whole: not cut, inside the screen), status badges and the texts of its other parts. */
async function cards(page: Page) {
  await page.getByTestId('list-card').first().waitFor();
  return page.getByTestId('list-card').evaluateAll((els) =>
    els.map((el) => {
      const title = el.querySelector<HTMLElement>('[data-testid="card-title"]')!;
      const box = title.getBoundingClientRect();
      const inner = [title, ...Array.from(title.querySelectorAll<HTMLElement>('*'))];
      return {
        id: el.getAttribute('data-id'),
        title: title.innerText,
        inside: box.left >= 0 && box.right <= window.innerWidth && box.width > 0,
        cut: inner.some((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible'),
        status: el.querySelector<HTMLElement>('[data-testid="card-status"]')?.innerText ?? null,
        parts: Object.fromEntries(
          Array.from(el.querySelectorAll<HTMLElement>('[data-testid^="card-"]')).map((p) => [p.getAttribute('data-testid')!.slice(5), p.innerText]),
        ),
      };
    }),
  );
}

/** Opens every group and sub-group of the sidebar, then each label's text and whether it is cut off. */
async function sidebarLabels(page: Page) {
  const menu = await openSidebarGroups(page);
  return menu
    .locator('.ant-menu-title-content')
    .evaluateAll((els) =>
      els.map((e) => ({ label: (e as HTMLElement).innerText, cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 })),
    );
}

test('at 390 px the tickets and the staff are cards: each title whole inside the screen, its status and key date; a list at 1440 px is still a table', async () => {
  const api = s.api(await s.adminToken());
  const tickets = new Map(((await api.get(`/ticket?limit=${DEFAULT_LIMIT}`)).body.data.items as { id: string; title: string }[]).map((t) => [t.id, t]));
  const people = new Map(((await api.get(`/staff?limit=${DEFAULT_LIMIT}`)).body.data.items as { id: string; full_name: string }[]).map((p) => [p.id, p]));
  expect(tickets.size).toBeGreaterThan(2);

  for (const lang of ['vi', 'en'] as const) {
    const { page, context, errors } = await openPage(browser, { phone: true, lang });
    await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
    if (lang === 'en') await page.getByTestId('language-switch').getByText('EN').click();
    await page.goto(`${s.url}/admin/ticket`);
    const ticketCards = await cards(page);
    await shot(page, `tickets-390-${lang}`);
    expect(await page.locator('.ant-table').count()).toBe(0);
    expect(ticketCards.length).toBe(tickets.size);
    for (const c of ticketCards) {
      // The title whole (the record's own), inside the screen, not cut; its status (the company's ticket status).
      expect({ title: c.title, inside: c.inside, cut: c.cut, status: Boolean(c.status) }).toEqual({
        title: tickets.get(c.id!)!.title,
        inside: true,
        cut: false,
        status: true,
      });
    }
    // A deadline and a requester on the cards that have them, under their names.
    const dated = ticketCards.filter((c) => c.parts.deadline);
    expect(dated.length).toBeGreaterThan(0);
    expect(dated[0]!.parts.deadline).toMatch(lang === 'vi' ? /^\s*Hạn xử lý: \d\d\/\d\d\/\d{4}/ : /^\s*Deadline: \d\d\/\d\d\/\d{4}/);
    expect(ticketCards.some((c) => /^\s*(Người yêu cầu|Requester): \S/.test(c.parts.requester_id ?? ''))).toBe(true);
    expect(await fitsScreen(page)).toEqual({ screen: 390, page: 390 });
    // No column heads to tap on a phone: the order is picked above the cards (the code, oldest first), kept in the address.
    await page.getByTestId('cards-sort').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: lang === 'vi' ? 'Mã ↑' : 'Code ↑' })
      .click();
    await page.waitForURL((u) => u.searchParams.get('order') === 'code asc');
    await page.waitForFunction(() => /^PYC\d\d-0001$/.test(document.querySelector('[data-testid="card-code"]')?.textContent ?? ''));

    await page.goto(`${s.url}/hr/staff`);
    const staffCards = await cards(page);
    await shot(page, `staff-390-${lang}`);
    expect(staffCards.length).toBe(people.size);
    for (const c of staffCards)
      expect({ title: c.title, inside: c.inside, cut: c.cut }).toEqual({ title: people.get(c.id!)!.full_name, inside: true, cut: false });
    expect(staffCards.every((c) => c.status)).toBe(true);
    expect(staffCards.filter((c) => /\d\d\/\d\d\/\d{4}/.test(c.parts.entry_date ?? '')).length).toBeGreaterThan(0);
    // Its phone numbers call.
    expect(await page.getByTestId('list-card').locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(await fitsScreen(page)).toEqual({ screen: 390, page: 390 });
    expect(errors).toEqual([]);
    await context.close();
  }

  const { page, context, errors } = await openPage(browser);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await page.goto(`${s.url}/admin/ticket`);
  await page.locator('.ant-table-row').first().waitFor();
  await shot(page, 'tickets-1440-vi');
  expect([await page.locator('.ant-table-row').count(), await page.getByTestId('list-card').count()]).toEqual([tickets.size, 0]);
  // One status column (the record's one status, its stage and approval under it), not the status fields side by side.
  const heads = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
  expect(heads.filter((h) => ['Tình trạng', 'Trạng thái', 'Giai đoạn', 'Trạng thái phê duyệt'].includes(h))).toEqual(['Tình trạng']);
  expect(await page.locator('.ant-table-row').first().getByTestId('status-tag').count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('at 768 and 1024 px no part of a list is past the right edge and no title is cut', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  for (const width of [768, 1024]) {
    await page.setViewportSize({ width, height: 1000 });
    for (const path of ['/admin/ticket', '/hr/staff']) {
      await page.goto(`${s.url}${path}`);
      await page.locator('.ant-pagination-total-text').first().waitFor();
      await page.locator('[data-testid="list-card"], .ant-table-row').first().waitFor();
      await page.waitForTimeout(300);
      await shot(page, `${path.split('/')[2]}-${width}`);
      expect({ width, path, past: await pastRightEdge(page), page: (await fitsScreen(page)).page }).toEqual({ width, path, past: [], page: width });
      // Titles: a card's (below 992 px) or the table's title column, whole.
      const titles = page.locator('[data-testid="card-title"], .ant-table-row td:has(> a[href])');
      expect(await titles.count()).toBeGreaterThan(0);
      const cut = await titles.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => (e as HTMLElement).innerText));
      expect({ width, path, cut }).toEqual({ width, path, cut: [] });
    }
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('on a phone the notification pop-up lies inside the screen, in both languages', async () => {
  for (const lang of ['vi', 'en'] as const) {
    const { page, context, errors } = await openPage(browser, { phone: true, lang });
    await signInUi(page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
    if (lang === 'en') await page.getByTestId('language-switch').getByText('EN').click();
    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('notification-panel');
    await panel.waitFor();
    await page.waitForTimeout(300);
    await shot(page, `notifications-390-${lang}`);
    const box = (await page.locator('.ant-popover').filter({ has: panel }).boundingBox())!;
    expect({ left: box.x >= 0, right: box.x + box.width <= 390, width: box.width > 300 }).toEqual({ left: true, right: true, width: true });
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("a contact's phone is a tap-to-call link: on the phone's cards, in the table and on the contact's page", async () => {
  // The engineer's own directory (their data scope: their department).
  const api = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const listed = await api.get(`${contact.path}?limit=${DEFAULT_LIMIT}`);
  expect(listed.status).toBe(200);
  const withPhone = (listed.body.data.items as { id: string; phone: string | null; full_name: string }[]).find((c) => c.phone)!;
  expect(withPhone).toBeDefined();
  const tel = `tel:${withPhone.phone!.replace(/[^\d+]/g, '')}`;

  const phone = await openPage(browser, { phone: true });
  await signInUi(phone.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await phone.page.goto(`${s.url}${pagePath(contact)}?q=${encodeURIComponent(withPhone.full_name)}`);
  const card = phone.page.locator(`[data-testid="list-card"][data-id="${withPhone.id}"]`);
  await card.waitFor();
  await shot(phone.page, 'contacts-390-vi');
  expect(await card.locator('a[href^="tel:"]').getAttribute('href')).toBe(tel);
  expect(await card.locator('a[href^="tel:"]').innerText()).toBe(withPhone.phone);
  await phone.page.goto(`${s.url}${pagePath(contact)}/${withPhone.id}`);
  await phone.page.locator(`a[href="${tel}"]`).waitFor();
  expect(phone.errors).toEqual([]);
  await phone.context.close();

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}${pagePath(contact)}?q=${encodeURIComponent(withPhone.full_name)}`);
  await page.locator('.ant-table-row').first().waitFor();
  expect(await page.locator(`.ant-table-row a[href="${tel}"]`).count()).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("each area's Settings group holds its settings screens, and opening one opens the group", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  for (const [base, menu, area] of [
    ['admin', adminMenu, 'Hành chính'],
    ['hr', hrMenu, 'Nhân sự'],
  ] as const) {
    const settings = menu.filter((e) => e.group === 'settings');
    expect(settings.length).toBeGreaterThan(3);
    for (const entry of settings) {
      await page.goto(`${s.url}/${base}${entry.path}`);
      await page.locator('.ant-card').first().waitFor();
      // The groups open as the page opens, their lists drawn once open: the entry selected inside its open group first.
      await page.getByTestId('side-menu').locator('li.ant-menu-submenu-open li.ant-menu-submenu-open > ul > li.ant-menu-item-selected').waitFor();
      const where = await page.getByTestId('side-menu').evaluate((m) => {
        const selected = m.querySelector('.ant-menu-item-selected')!;
        const group = selected.closest('li.ant-menu-submenu')!;
        const outer = group.parentElement!.closest('li.ant-menu-submenu')!;
        const title = (li: Element) => (li.querySelector(':scope > .ant-menu-submenu-title') as HTMLElement).innerText;
        const items = (ul: Element) => Array.from(ul.querySelectorAll(':scope > li.ant-menu-item')).map((li) => (li as HTMLElement).innerText);
        return {
          selected: (selected as HTMLElement).innerText,
          group: title(group),
          area: title(outer),
          settings: items(group.querySelector(':scope > ul')!),
          areaOwn: items(outer.querySelector(':scope > ul')!),
        };
      });
      expect(where).toEqual({
        selected: entry.label.vi,
        group: 'Cài đặt',
        area,
        settings: settings.map((e) => e.label.vi),
        areaOwn: menu.filter((e) => e.group !== 'settings').map((e) => e.label.vi),
      });
    }
  }
  await shot(page, 'sidebar-settings-1440-vi');
  expect(errors).toEqual([]);
  await context.close();
});

test("My information, in the Administration sidebar and the user's menu, opens the signed-in user's own staff profile", async () => {
  const ids = Object.fromEntries(
    (await s.services.system!.pool.query(`SELECT email, staff_id FROM app_user WHERE staff_id IS NOT NULL`)).rows.map((r) => [r.email, r.staff_id]),
  );
  // HR's manager reads staff records: their staff page; an engineer does not: his own record, read-only, at /me.
  for (const email of ['hr@portal.local', 'engineer@portal.local']) {
    const to = email === 'hr@portal.local' ? `${pagePath(staff)}/${ids[email]}` : '/me';
    const { page, context, errors } = await openPage(browser);
    await signInUi(page, s.url, email, DEMO_PASSWORD);
    const { full_name: name, code } = (await s.services.hr!.pool.query(`SELECT full_name, code FROM staff WHERE id = $1`, [ids[email]])).rows[0];
    const shown = async () => {
      await page.waitForURL(`${s.url}${to}`);
      await page.getByRole('heading', { name }).first().waitFor();
      // The general information, the staff code among it (not a directory card of name and phone).
      await page.locator('.ant-descriptions-item-label', { hasText: 'Mã nhân viên' }).first().waitFor();
      await page.locator('.ant-descriptions-item-content', { hasText: code }).first().waitFor();
    };
    const menu = page.getByTestId('side-menu');
    await menu.getByText('Hành chính', { exact: true }).click();
    await menu.getByText('Thông tin của tôi', { exact: true }).click();
    await shown();
    // The same from the user's menu in the navbar.
    await page.goto(`${s.url}/`);
    await page.getByTestId('user-menu').hover();
    await page.locator('.ant-dropdown').getByText('Thông tin của tôi', { exact: true }).click();
    await shown();
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('no sidebar label is cut off, at 1440 px and in the phone drawer, in Vietnamese and English', async () => {
  for (const lang of ['vi', 'en'] as const) {
    const wide = await openPage(browser, { lang });
    await wide.page.setViewportSize({ width: 1440, height: 900 });
    await signInUi(wide.page, s.url, s.adminEmail, ADMIN_PASSWORD);
    if (lang === 'en') await wide.page.getByTestId('language-switch').getByText('EN').click();
    const labels = await sidebarLabels(wide.page);
    await wide.page.screenshot({ path: `/tmp/phone-sidebar-1440-${lang}.png`, fullPage: true });
    expect(labels.length).toBeGreaterThan(40);
    expect(labels.filter((l) => l.cut)).toEqual([]);
    expect(labels.map((l) => l.label)).toContain(lang === 'vi' ? 'Thông tin của tôi' : 'My information');
    expect(wide.errors).toEqual([]);
    await wide.context.close();

    const phone = await openPage(browser, { phone: true, lang });
    await signInUi(phone.page, s.url, s.adminEmail, ADMIN_PASSWORD);
    if (lang === 'en') await phone.page.getByTestId('language-switch').getByText('EN').click();
    await phone.page.getByTestId('menu-button').click();
    const inDrawer = await sidebarLabels(phone.page);
    await shot(phone.page, `drawer-390-${lang}`);
    expect(inDrawer.length).toBe(labels.length);
    expect(inDrawer.filter((l) => l.cut)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  }
});
