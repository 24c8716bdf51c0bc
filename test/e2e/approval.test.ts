/**
 * An approval end to end in two browsers against the built portal: an employee sees their balance on the leave's
 * first day and submits the leave from its approval panel; the department head's bell rings live, the notification opens the leave, the head approves
 * with a comment; the employee's panel shows the result and the timeline, and the balance has dropped. Then the approval settings screen
 * (the demo's leave flow, an approval cost limit saved with the spec's message) and a delegation on the
 * settings page — in both languages, with no console errors.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { allResources, pagePath } from '@portal/contracts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { fitsScreen, openPage, signInUi } from '../support/browser';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

function monday(weeks: number, plus = 0) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * weeks + ((8 - d.getUTCDay()) % 7) + plus);
  return d.toISOString().slice(0, 10);
}

/** A one-day leave of the demo engineer, `week` weeks ahead, submitted for approval (the department head approves it). */
async function submittedLeave(week: number, type: 'SICK' | 'UNPAID', reason: string, description?: string): Promise<{ id: string; title: string }> {
  const eng = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const {
    rows: [me],
  } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`);
  const {
    rows: [kind],
  } = await s.services.hr!.pool.query(`SELECT id FROM leave_type WHERE code = $1`, [type]);
  const leave = (await eng.post('/staff-leave', { staff_id: me.staff_id, leave_type_id: kind.id, from_date: monday(week), to_date: monday(week), reason })).body
    .data;
  expect((await eng.post(`/staff-leave/${leave.id}/submit`, description ? { description } : {})).status).toBe(200);
  return leave;
}

test('employee submits leave, the head is notified live, approves from the notification; the employee sees it approved', async () => {
  const eng = await s.signIn('engineer@portal.local', DEMO_PASSWORD);
  const {
    rows: [me],
  } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`);
  const {
    rows: [annual],
  } = await s.services.hr!.pool.query(`SELECT id FROM leave_type WHERE code = 'ANNUAL'`);
  // One day: enough balance whatever the month (annual leave is earned monthly).
  const leave = (
    await s
      .api(eng.accessToken)
      .post('/staff-leave', { staff_id: me.staff_id, leave_type_id: annual.id, from_date: monday(2), to_date: monday(2), reason: 'Về quê' })
  ).body.data;

  const head = await openPage(browser);
  await signInUi(head.page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
  await head.page.locator('[data-testid=notification-bell][data-unread="0"]').waitFor({ timeout: 15_000 });

  // The engineer's bell may already hold the demo's own (a handover waiting for their answer): the approval adds one.
  const unreadBefore = (await s.api(eng.accessToken).get('/notifications')).body.data.unread_count as number;
  const emp = await openPage(browser);
  await signInUi(emp.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await emp.page.locator(`[data-testid=notification-bell][data-unread="${unreadBefore}"]`).waitFor({ timeout: 15_000 });
  await emp.page.goto(`${s.url}/hr/staff-leave/${leave.id}`);
  const panel = emp.page.getByTestId('approval-panel');
  await panel.getByText('Chưa gửi phê duyệt').waitFor();
  // The balance on the leave's first day, and what this request would leave.
  // Vietnamese numbers: "." between thousands, "," before the decimals ("11,92").
  const viNumber = (text: string) => Number(text.replace(/[\s.]/g, '').replace(',', '.'));
  const available = async () => viNumber(await emp.page.getByTestId('balance-available').locator('.ant-statistic-content-value').innerText());
  const before = await available();
  await emp.page.getByText(`Sau đơn này còn ${String(Math.round((before - 1) * 100) / 100).replace('.', ',')} ngày`).waitFor();
  const takenBefore = viNumber(await emp.page.getByTestId('balance-taken').innerText());
  await panel.getByRole('button', { name: 'Gửi phê duyệt' }).click();
  await emp.page.getByLabel('Ý kiến').fill('Nhờ anh duyệt giúp');
  await emp.page.getByRole('button', { name: 'Xác nhận' }).click();
  await panel.getByTestId('approval-status').getByText('Chờ phê duyệt').waitFor();
  await panel.getByText('Đang chờ').waitFor();

  // The head's bell rings without a reload; the notification opens the leave.
  await head.page.locator('[data-testid=notification-bell][data-unread="1"]').waitFor({ timeout: 15_000 });
  await head.page.getByTestId('notification-bell').click();
  await head.page.getByTestId('notification-panel').getByTestId('notification-item').first().click();
  await head.page.waitForURL(`**/hr/staff-leave/${leave.id}`);
  const hp = head.page.getByTestId('approval-panel');
  await hp.getByText('Bạn có thể phê duyệt yêu cầu này').waitFor();
  await hp.getByRole('button', { name: 'Phê duyệt' }).click();
  await head.page.getByLabel('Ý kiến').fill('Đồng ý');
  await head.page.getByRole('button', { name: 'Xác nhận' }).click();
  await hp.getByTestId('approval-status').getByText('Đã phê duyệt').waitFor();
  await hp.getByText('Đồng ý').waitFor();

  // The employee is told live, and their panel shows the result and the timeline.
  await emp.page.locator(`[data-testid=notification-bell][data-unread="${unreadBefore + 1}"]`).waitFor({ timeout: 15_000 });
  await emp.page.reload();
  await panel.getByTestId('approval-status').getByText('Đã phê duyệt').waitFor();
  await panel.getByText('Lịch sử phê duyệt').waitFor();
  // The balance dropped by the day taken.
  expect(await available()).toBeCloseTo(before - 1, 2);
  expect(viNumber(await emp.page.getByTestId('balance-taken').innerText())).toBe(takenBefore + 1);
  expect(await panel.locator('.ant-timeline-item').count()).toBe(2);
  // An approved leave not yet begun can be cancelled by its submitter.
  await panel.getByRole('button', { name: 'Hủy phê duyệt' }).waitFor();
  // The signed form prints from the record's page (an A4 PDF with the approval's signature blocks).
  const [pdf] = await Promise.all([emp.page.waitForEvent('download'), emp.page.getByTestId('export-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^Đơn nghỉ phép - .+\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The record's change history names the steps in the user's language.
  await emp.page.getByRole('tab', { name: 'Lịch sử thay đổi' }).click();
  await emp.page.getByText('Gửi phê duyệt: Nhờ anh duyệt giúp').waitFor();
  await emp.page.getByText('Phê duyệt: Đồng ý').waitFor();

  expect(head.errors).toEqual([]);
  expect(emp.errors).toEqual([]);
  await head.context.close();
  await emp.context.close();
});

test('approval settings: the leave flow, a cost limit saved with the spec message; a delegation on the settings page (vi and en)', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await page.getByTestId('side-menu').getByText('Hệ thống', { exact: true }).click();
  await page.getByTestId('side-menu').getByText('Cài đặt phê duyệt').click();
  await page.waitForURL('**/system/approval');
  await page.getByRole('cell', { name: 'Trưởng đơn vị duyệt' }).first().waitFor();
  await page.getByText('1. Theo cây sơ đồ tổ chức').first().waitFor();
  await page.getByRole('tab', { name: 'Hạn mức phê duyệt' }).click();
  const input = page.getByLabel('Hạn mức tối đa (VND) SUPPLIER');
  await input.fill('500000000');
  await page
    .getByRole('row', { name: /Nhà cung cấp/ })
    .getByRole('button', { name: 'Lưu' })
    .click();
  await page.getByText('Cập nhật hạn mức phê duyệt thành công').waitFor();
  const { rows } = await s.services.hr!.pool.query(`SELECT max_cost::float8 AS v FROM approval_cost_limit WHERE kind = 'SUPPLIER'`);
  expect(rows[0].v).toBe(500_000_000);
  // The change is in the activity log under the setting's name, not its table name.
  await page.goto(`${s.url}/system/activity-log`);
  await page.getByRole('cell', { name: 'Hạn mức phê duyệt', exact: true }).first().waitFor();
  await page.goto(`${s.url}/system/approval`);

  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('tab', { name: 'Approval flows' }).click();
  await page.getByText('1. Organization chart tree').first().waitFor();

  await page.goto(`${s.url}/system/settings`);
  const card = page.getByTestId('delegations');
  await card.getByText('No delegations').waitFor();
  await card.getByRole('button', { name: 'Add delegation' }).click();
  await card.getByLabel('Deputy').click();
  // The picker offers names only (never usernames), of those who may approve.
  const { rows: hrm } = await s.services.system!.pool.query<{ full_name: string }>(`SELECT full_name FROM app_user WHERE username = 'hr.manager'`);
  await page.locator('.ant-select-item-option').filter({ hasText: hrm[0]!.full_name }).click();
  const today = new Date();
  const dmy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  const later = new Date(today.getTime() + 5 * 86_400_000);
  await card.locator('.ant-picker-range input').first().fill(dmy(today));
  await card.locator('.ant-picker-range input').nth(1).fill(dmy(later));
  // Close the calendar by moving to the note (Enter would submit the form).
  await card.getByLabel('Note').fill('Nghỉ phép / on leave');
  await card.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Delegation saved').waitFor();
  await card.getByRole('cell', { name: `${dmy(today)} – ${dmy(later)}` }).waitFor();
  const { rows: dels } = await s.services.system!.pool.query(`SELECT count(*)::int AS n FROM delegation WHERE state = 'ACTIVE'`);
  expect(dels[0].n).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('every approvable resource: the link its notifications carry opens the record with its approval panel; the sidebar entry opens its list', async () => {
  const admin = s.api(await s.adminToken());
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  const approvable = allResources.filter((r) => r.approval);
  expect(approvable.length).toBeGreaterThan(0);
  for (const def of approvable) {
    // A record of the demo company (it has some of every approvable kind).
    const items = (await admin.get(`${def.path}?limit=1`)).body.data.items as { id: string }[];
    expect([def.name, items.length]).toEqual([def.name, 1]);
    // The link the approval engine writes into the notification (engine.ts: pagePath + id).
    await page.goto(`${s.url}${pagePath(def)}/${items[0]!.id}`);
    await page.getByTestId('approval-panel').waitFor();
    // The list is at the same path, and it is the sidebar entry of the resource (the entry its path selects).
    await page.goto(`${s.url}${pagePath(def)}`);
    await page.locator('.ant-table').first().waitFor();
    await page.getByTestId('side-menu').locator('.ant-menu-item-selected').filter({ hasText: def.label.vi }).waitFor();
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('on a phone (390 px): the head signs in, opens the approvals inbox from the menu, opens the request and approves it; every generic screen fits the screen', async () => {
  const leave = await submittedLeave(4, 'SICK', 'Khám bệnh', 'Nhờ anh duyệt');

  const { page, context, errors } = await openPage(browser, { phone: true });
  const fits = async (what: string) => {
    const { screen, page: width } = await fitsScreen(page);
    expect([what, width]).toEqual([what, screen]);
  };
  await signInUi(page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
  await fits('dashboard');
  // The sidebar is a drawer behind the menu button; choosing an entry closes it.
  await expect(page.getByTestId('side-menu').isVisible()).resolves.toBe(false);
  await page.getByTestId('menu-button').click();
  await page.getByTestId('side-menu').getByText('Hộp phê duyệt').click();
  await page.waitForURL(`${s.url}/approvals`);
  await page.getByTestId('side-menu').waitFor({ state: 'hidden' });
  const inbox = page.getByTestId('approvals-inbox');
  await inbox.getByTestId('notification-item').first().waitFor();
  await fits('approvals inbox');
  await inbox.getByTestId('notification-item').first().click();
  await page.waitForURL(`**/hr/staff-leave/${leave.id}`);
  const panel = page.getByTestId('approval-panel');
  await panel.getByText('Bạn có thể phê duyệt yêu cầu này').waitFor();
  await fits('leave request with its approval panel');
  await panel.getByRole('button', { name: 'Phê duyệt' }).click();
  await page.getByLabel('Ý kiến').fill('Đồng ý, chúc em mau khỏe');
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await panel.getByTestId('approval-status').getByText('Đã phê duyệt').waitFor();
  await fits('approved request');
  const {
    rows: [row],
  } = await s.services.hr!.pool.query(`SELECT approval_status FROM staff_leave WHERE id = $1`, [leave.id]);
  expect(row.approval_status).toBe('APPROVED');

  // The other generic screens: a list (a card per record on a phone), a form, the notifications page.
  await page.goto(`${s.url}/hr/staff`);
  await page.locator('[data-testid="list-card"]').first().waitFor();
  await fits('staff list');
  // Its dozen filters fold under one button, which counts those set.
  await expect(page.getByRole('combobox', { name: 'Trạng thái' }).isVisible()).resolves.toBe(false);
  await page.getByTestId('filters-toggle').click();
  await page.getByRole('combobox', { name: 'Trạng thái' }).waitFor();
  await fits('staff list with its filters');
  await page.goto(`${s.url}/hr/staff-leave/new`);
  await page.getByLabel('Lý do').waitFor();
  await fits('leave form');
  await page.goto(`${s.url}/notifications`);
  await page.getByTestId('notification-item').first().waitFor();
  await fits('notifications');
  expect(errors).toEqual([]);
  await context.close();
});

test('the approvals inbox: the head chooses two waiting requests and approves both at once, with one comment', async () => {
  const ids = [(await submittedLeave(6, 'UNPAID', 'Việc riêng')).id, (await submittedLeave(7, 'UNPAID', 'Việc riêng')).id];
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/approvals`);
  const inbox = page.getByTestId('approvals-inbox');
  for (const id of ids) await inbox.locator(`[data-context="staffLeave:${id}"]`).getByTestId('bulk-choose').check();
  await inbox.getByRole('button', { name: 'Phê duyệt 2 mục đã chọn' }).click();
  await page.getByLabel('Ý kiến').fill('Đồng ý cả hai');
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await page.getByText('Đã phê duyệt 2 yêu cầu').waitFor();
  const { rows } = await s.services.hr!.pool.query(`SELECT approval_status FROM staff_leave WHERE id = ANY($1::uuid[])`, [ids]);
  expect(rows.map((r) => r.approval_status)).toEqual(['APPROVED', 'APPROVED']);
  // Answered, they leave "Waiting for me".
  for (const id of ids) await inbox.locator(`[data-context="staffLeave:${id}"]`).waitFor({ state: 'detached' });
  // A request answered elsewhere after it was chosen (its submitter cancelled it) is refused by name; nothing changes.
  const third = await submittedLeave(8, 'UNPAID', 'Việc riêng');
  await page.reload();
  const item = inbox.locator(`[data-context="staffLeave:${third.id}"]`);
  await item.getByTestId('bulk-choose').check();
  const eng = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  expect((await eng.post(`/staff-leave/${third.id}/cancel`, {})).status).toBe(200);
  await inbox.getByRole('button', { name: 'Từ chối 1 mục đã chọn' }).click();
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await page.getByText('Chưa có yêu cầu nào được xử lý').waitFor();
  await page.getByRole('dialog').getByText(third.title, { exact: false }).waitFor();
  // Closed, the dialog reloads the inbox: the cancelled request has left it.
  await page.getByRole('button', { name: 'Hủy' }).click();
  await item.waitFor({ state: 'detached' });
  const { rows: after } = await s.services.hr!.pool.query(`SELECT approval_status FROM staff_leave WHERE id = $1`, [third.id]);
  expect(after[0].approval_status).toBe('CANCELLED');
  // The refused call is the only error the browser saw (its status line, and Chromium's line about it).
  expect([...errors].sort()).toEqual([
    '400 POST /api/v1/staff-leave/bulk-refuse',
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  await context.close();
});
