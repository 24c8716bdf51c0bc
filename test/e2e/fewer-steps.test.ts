/**
 * Fewer steps (issue 32, point 4) and the approval screen on a phone (point 1), in the built portal: the engineer saves and
 * sends a leave request in one action, seeing first whom it goes to, and lands on it pending; his head, on a phone, sees
 * what he approves above the fold and approves it. On a phone in English, a car booking saved and sent the same way, the
 * administration manager approving it on her phone. A plain create lands on the record (a ticket); its checklist takes a
 * new item at the end and is ticked with one tap, which holds after a reload and is in the ticket's history; the ticket
 * shows one status. A draft leave edited and sent from its edit form, its approver shown first, lands on its page pending;
 * refused, the approval panel's resubmit names the approver before sending, and the edit form resubmits it in one step
 * (vi, then en). Screenshots under /tmp/fewer-steps-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { openPage, openTab, signInUi } from '../support/browser';
import { companyDay, companyTime } from '../support/demo-company';

jest.setTimeout(240_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

const RECORD = '[0-9a-f-]{36}';
/** A Monday some weeks ahead in the company's days: a working day. */
function monday(weeks: number): string {
  const day = companyDay(0);
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * weeks + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}
async function nameOf(email: string): Promise<string> {
  const {
    rows: [u],
  } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE email = $1`, [email]);
  const {
    rows: [st],
  } = await s.services.hr!.pool.query(`SELECT full_name FROM staff WHERE id = $1`, [u.staff_id]);
  return st.full_name as string;
}
/** What an approver on a phone sees first: the key fields and the approve button, both within the first screen. */
async function aboveTheFold(page: Page, approve: string) {
  const keys = page.getByTestId('approval-key-fields');
  await keys.waitFor();
  const button = page.getByTestId('approval-actions').getByRole('button', { name: new RegExp(`${approve}$`) });
  const [k, b] = [(await keys.boundingBox())!, (await button.boundingBox())!];
  const height = page.viewportSize()!.height;
  expect({ keysTop: k.y >= 0, keysEnd: k.y + k.height <= height, button: b.y + b.height <= height }).toEqual({ keysTop: true, keysEnd: true, button: true });
  // Nothing above them but the page's heading, its one status and the panel's title.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test('a leave saved and sent in one action, its approver shown first; it opens pending; the head approves it on his phone, the request first (vi, 1440 and 390)', async () => {
  const head = await nameOf('head.kttc@portal.local');
  const {
    rows: [unpaid],
  } = await s.services.hr!.pool.query(`SELECT name FROM leave_type WHERE code = 'UNPAID'`);
  const day = monday(6);
  const emp = await openPage(browser);
  await emp.page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(emp.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  const e = emp.page;
  await e.goto(`${s.url}/hr/staff-leave/new?from_date=${day}&to_date=${day}`);
  // The first page of HR on a cold stack loads its remote: given longer than a click.
  await e.getByLabel('Loại nghỉ phép', { exact: true }).waitFor({ timeout: 90_000 });
  await e.getByLabel('Loại nghỉ phép', { exact: true }).click();
  await e.locator('.ant-select-item-option').filter({ hasText: unpaid.name }).first().click();
  await e.getByLabel('Lý do').fill('Đưa con đi khám bệnh');
  await e.getByTestId('save-and-send').click();
  // Before anything is saved: whom it goes to (the department head, by the leave flow).
  const dialog = e.getByRole('dialog');
  await dialog.getByText('Yêu cầu sẽ được gửi tới:').waitFor();
  await dialog.getByTestId('send-approvers').getByText(head).waitFor();
  expect(Number((await s.services.hr!.pool.query(`SELECT count(*) AS n FROM staff_leave WHERE reason = 'Đưa con đi khám bệnh'`)).rows[0].n)).toBe(0);
  await e.screenshot({ path: '/tmp/fewer-steps-send-vi-1440.png' });
  await dialog.getByLabel('Ý kiến').fill('Nhờ anh duyệt giúp');
  await dialog.getByTestId('send-confirm').click();
  // Saved and sent: its own page, pending, one status.
  await e.waitForURL(new RegExp(`/hr/staff-leave/${RECORD}$`));
  await e.getByTestId('record-status-head').getByText('Chờ phê duyệt', { exact: true }).waitFor();
  expect(await e.getByTestId('record-status').count()).toBe(1);
  await e.getByTestId('approval-panel').getByText('Đang chờ').waitFor();
  await e.screenshot({ path: '/tmp/fewer-steps-sent-vi-1440.png' });
  const id = e.url().split('/').pop()!;
  const {
    rows: [saved],
  } = await s.services.hr!.pool.query(`SELECT approval_status, from_date::text AS d FROM staff_leave WHERE id = $1`, [id]);
  expect(saved).toEqual({ approval_status: 'PENDING', d: day });

  // The head, on his phone: what he approves first — the dates, the reason — and the approve button, without scrolling.
  const phone = await openPage(browser, { phone: true });
  await signInUi(phone.page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
  const h = phone.page;
  await h.goto(`${s.url}/hr/staff-leave/${id}`);
  await h.getByTestId('approval-panel').getByText('Nội dung cần phê duyệt').waitFor();
  const keys = h.getByTestId('approval-key-fields');
  await keys.getByText('Đưa con đi khám bệnh').waitFor();
  await keys.getByText(day.split('-').reverse().join('/')).first().waitFor();
  await aboveTheFold(h, 'Phê duyệt');
  await h.screenshot({ path: '/tmp/fewer-steps-approve-vi-390.png' });
  // (Its name is its icon's and its text: "check Phê duyệt".)
  await h
    .getByTestId('approval-actions')
    .getByRole('button', { name: /Phê duyệt$/ })
    .click();
  await h.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
  await h.getByTestId('record-status-head').getByText('Đã phê duyệt', { exact: true }).waitFor();
  expect((await s.services.hr!.pool.query(`SELECT approval_status FROM staff_leave WHERE id = $1`, [id])).rows[0].approval_status).toBe('APPROVED');
  expect(emp.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await emp.context.close();
  await phone.context.close();
});

test('on a phone in English: a car booking saved and sent in one action lands on its page pending; the administration manager approves it on her phone (390)', async () => {
  const manager = await nameOf('hr@portal.local');
  const emp = await openPage(browser, { phone: true, lang: 'en' });
  await signInUi(emp.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  const e = emp.page;
  const [from, to] = [companyTime(23, '08:00'), companyTime(23, '12:00')];
  await e.goto(`${s.url}/admin/book-car/new?start_time=${encodeURIComponent(from)}&end_time=${encodeURIComponent(to)}`);
  await e.getByTestId('language-switch').getByText('EN').click();
  await e.getByLabel('Purpose').fill('Site survey at Long Bien');
  await e.getByLabel('Car', { exact: true }).click();
  await e.getByLabel('Car', { exact: true }).fill('30G');
  await e.locator('.ant-select-item-option').filter({ hasText: '30G-246.80' }).first().click();
  await e.getByLabel('Pick-up place').fill('Hanoi office');
  await e.getByLabel('Destination').fill('Long Bien site');
  await e.getByLabel('Passengers', { exact: true }).fill('2');
  await e.getByTestId('save-and-send').click();
  const dialog = e.getByRole('dialog');
  await dialog.getByText('It will go to:').waitFor();
  await dialog.getByTestId('send-approvers').getByText(manager).waitFor();
  await e.screenshot({ path: '/tmp/fewer-steps-send-en-390.png' });
  await dialog.getByTestId('send-confirm').click();
  await e.waitForURL(new RegExp(`/admin/book-car/${RECORD}$`));
  await e.getByTestId('record-status-head').getByText('Pending', { exact: true }).waitFor();
  // One status: the trip's own ("Waiting") is its detail, not a second status field.
  await e.getByTestId('record-status-detail').getByText('Waiting', { exact: true }).waitFor();
  await e.screenshot({ path: '/tmp/fewer-steps-sent-en-390.png' });
  const id = e.url().split('/').pop()!;
  expect((await s.services.admin!.pool.query(`SELECT approval_status, status FROM book_car WHERE id = $1`, [id])).rows[0]).toEqual({
    approval_status: 'PENDING',
    status: 'WAITING',
  });

  const phone = await openPage(browser, { phone: true, lang: 'en' });
  await signInUi(phone.page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  const h = phone.page;
  await h.goto(`${s.url}/admin/book-car/${id}`);
  await h.getByTestId('language-switch').getByText('EN').click();
  await h.getByTestId('approval-panel').getByText('What you are approving').waitFor();
  await h.getByTestId('approval-key-fields').getByText('Long Bien site').waitFor();
  await aboveTheFold(h, 'Approve');
  await h.screenshot({ path: '/tmp/fewer-steps-approve-en-390.png' });
  await h
    .getByTestId('approval-actions')
    .getByRole('button', { name: /Approve$/ })
    .click();
  await h.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // Approved: the trip now waits to leave; the approval is its detail.
  await h.getByTestId('record-status-head').getByText('Waiting', { exact: true }).waitFor();
  await h.getByTestId('record-status-detail').getByText('Approved', { exact: true }).waitFor();
  expect(emp.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await emp.context.close();
  await phone.context.close();
});

test('a plain create lands on the record; its checklist takes a new item at the end, ticked with one tap — still ticked after a reload, in its history; one status (1440 vi, then en)', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/admin/ticket/new`);
  await page.getByLabel('Tiêu đề').fill('Sửa máy in tầng 3');
  await page.getByLabel('Hạng mục yêu cầu', { exact: true }).click();
  await page.getByLabel('Hạng mục yêu cầu', { exact: true }).fill('Sửa chữa');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Sửa chữa thiết bị văn phòng' }).first().click();
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  // Created: the ticket's own page, not the list.
  await page.waitForURL(new RegExp(`/admin/ticket/${RECORD}$`));
  const id = page.url().split('/').pop()!;
  // One status: the company's named status, its stage and approval as detail — no status fields side by side.
  await page.getByTestId('record-status-head').waitFor();
  expect(await page.getByTestId('record-status').count()).toBe(1);
  // (The approval panel keeps its own "Status" of the approval: the general tab has none of the status fields.)
  const labels = await page.getByRole('tabpanel').locator('.ant-descriptions-item-label').allTextContents();
  expect(labels.filter((l) => ['Trạng thái', 'Giai đoạn', 'Trạng thái phê duyệt'].includes(l.trim()))).toEqual([]);

  await openTab(page, 'Danh mục kiểm tra');
  const list = page.locator('.ant-card').filter({ has: page.getByTestId('add-ticketChecklist') });
  await list.locator('.ant-table-row').first().waitFor();
  const before = await list.locator('.ant-table-row').count();
  await page.getByTestId('add-ticketChecklist').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nội dung').fill('Chụp ảnh sau khi sửa');
  await dialog.getByRole('button', { name: 'Lưu', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await list.locator('.ant-table-row').nth(before).waitFor();
  // The new item is the last.
  expect(await list.locator('.ant-table-row').last().innerText()).toContain('Chụp ảnh sau khi sửa');
  // One tap on its checkbox ticks it.
  const row = () => list.locator('.ant-table-row').filter({ hasText: 'Chụp ảnh sau khi sửa' });
  await row().getByRole('checkbox').click();
  await page.getByText('Đã đánh dấu xong').first().waitFor();
  await page.screenshot({ path: '/tmp/fewer-steps-checklist-vi-1440.png' });
  expect(
    (await s.services.admin!.pool.query(`SELECT done FROM ticket_checklist WHERE ticket_id = $1 AND name = 'Chụp ảnh sau khi sửa'`, [id])).rows[0].done,
  ).toBe(true);
  await page.reload();
  await openTab(page, 'Danh mục kiểm tra');
  await row().waitFor();
  expect(await row().getByRole('checkbox').isChecked()).toBe(true);
  // In the ticket's history.
  await openTab(page, 'Lịch sử thay đổi');
  await page.getByRole('tabpanel').getByText('Đã xong mục kiểm tra: Chụp ảnh sau khi sửa').waitFor();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('tabpanel').getByText('Checklist item done: Chụp ảnh sau khi sửa').waitFor();
  await page.screenshot({ path: '/tmp/fewer-steps-history-en-1440.png' });
  expect(errors).toEqual([]);
  await context.close();
});

test('a draft edited and sent from its edit form lands on its page pending; refused, the resubmit names its approver first, from the panel and from the edit form (1440 vi, then en)', async () => {
  const head = await nameOf('head.kttc@portal.local');
  const day = monday(10);
  const eng = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const {
    rows: [me],
  } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`);
  const {
    rows: [unpaid],
  } = await s.services.hr!.pool.query(`SELECT id FROM leave_type WHERE code = 'UNPAID'`);
  // A draft: saved, not sent.
  const draft = await eng.post('/staff-leave', { staff_id: me.staff_id, leave_type_id: unpaid.id, from_date: day, to_date: day, reason: 'Việc gia đình' });
  expect(draft.status).toBe(200);
  const id = draft.body.data.id as string;
  const stored = async () =>
    (await s.services.hr!.pool.query(`SELECT reason, approval_status FROM staff_leave WHERE id = $1`, [id])).rows[0] as {
      reason: string;
      approval_status: string;
    };
  expect(await stored()).toEqual({ reason: 'Việc gia đình', approval_status: 'DRAFT' });

  const { page: e, context, errors } = await openPage(browser);
  await e.setViewportSize({ width: 1440, height: 900 });
  await signInUi(e, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await e.goto(`${s.url}/hr/staff-leave/${id}/edit`);
  await e.getByLabel('Lý do').waitFor({ timeout: 90_000 });
  await e.getByLabel('Lý do').fill('Việc gia đình đột xuất');
  await e.getByTestId('save-and-send').click();
  // Before anything is saved: whom it goes to.
  const dialog = e.getByRole('dialog');
  await dialog.getByText('Gửi duyệt: Đơn nghỉ phép').waitFor();
  await dialog.getByTestId('send-approvers').getByText(head).waitFor();
  expect(await stored()).toEqual({ reason: 'Việc gia đình', approval_status: 'DRAFT' });
  await e.screenshot({ path: '/tmp/fewer-steps-edit-send-vi-1440.png' });
  await dialog.getByLabel('Ý kiến').fill('Em sửa lý do');
  await dialog.getByTestId('send-confirm').click();
  // Saved and sent: its page, pending.
  await e.waitForURL(new RegExp(`/hr/staff-leave/${id}$`));
  await e.getByTestId('record-status-head').getByText('Chờ phê duyệt', { exact: true }).waitFor();
  expect(await stored()).toEqual({ reason: 'Việc gia đình đột xuất', approval_status: 'PENDING' });
  // Under way: its edit form no longer offers to send it (once it knows the approval's status).
  const approvalRead = e.waitForResponse((r) => r.url().includes(`/staff-leave/${id}/approval`) && r.ok());
  await e.goto(`${s.url}/hr/staff-leave/${id}/edit`);
  await approvalRead;
  await e.getByLabel('Lý do').waitFor();
  await e.getByRole('button', { name: 'Lưu', exact: true }).waitFor();
  await e.waitForTimeout(300);
  expect(await e.getByTestId('save-and-send').count()).toBe(0);

  // Refused by the head: the panel's resubmit shows whom it goes to before anything is sent.
  const headApi = s.api((await s.signIn('head.kttc@portal.local', DEMO_PASSWORD)).accessToken);
  expect((await headApi.post(`/staff-leave/${id}/refuse`, { description: 'Ghi rõ lý do' })).status).toBe(200);
  await e.goto(`${s.url}/hr/staff-leave/${id}`);
  const panel = e.getByTestId('approval-panel');
  await panel.getByRole('button', { name: /Gửi lại phê duyệt$/ }).click();
  const again = e.getByRole('dialog');
  await again.getByText('Yêu cầu sẽ được gửi tới:').waitFor();
  await again.getByTestId('send-approvers').getByText(head).waitFor();
  expect((await stored()).approval_status).toBe('REFUSE');
  await e.screenshot({ path: '/tmp/fewer-steps-resubmit-vi-1440.png' });
  await again.getByRole('button', { name: 'Hủy' }).click();
  await again.waitFor({ state: 'hidden' });

  // Or corrected and sent again from its edit form, in English: the resubmit's dialog names the approver too.
  await e.goto(`${s.url}/hr/staff-leave/${id}/edit`);
  await e.getByLabel('Lý do').waitFor();
  await e.getByTestId('language-switch').getByText('EN').click();
  await e.getByLabel('Reason').fill('Family matter: a wedding');
  await e.getByTestId('save-and-send').click();
  const resend = e.getByRole('dialog');
  await resend.getByText('Resubmit for approval: Leave request').waitFor();
  await resend.getByText('It will go to:').waitFor();
  await resend.getByTestId('send-approvers').getByText(head).waitFor();
  expect(await stored()).toEqual({ reason: 'Việc gia đình đột xuất', approval_status: 'REFUSE' });
  await e.screenshot({ path: '/tmp/fewer-steps-edit-resubmit-en-1440.png' });
  await resend.getByTestId('send-confirm').click();
  await e.waitForURL(new RegExp(`/hr/staff-leave/${id}$`));
  await e.getByTestId('record-status-head').getByText('Resubmitted', { exact: true }).waitFor();
  expect(await stored()).toEqual({ reason: 'Family matter: a wedding', approval_status: 'RESUBMIT' });
  expect(errors).toEqual([]);
  await context.close();
});
