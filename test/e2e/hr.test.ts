/**
 * HR screens in the built portal: a staff member's detail tabs (a family member added from its panel shows first
 * and the total rises by one; a status change from the header moves the record, lands in the transfer history and
 * the change history), both languages; and a department head who sees only their department's staff.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { expectEveryEntryOpens, fitsScreen, openPage, openTab, signInUi, waitForTotal } from '../support/browser';
import { menu } from '../../mfe-hr/src/menu';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

test("HR: the staff page's tabs — add a family member (first, total + 1), change the status to quit (transfer history, change history), in Vietnamese and English", async () => {
  const {
    rows: [staff],
  } = await s.services.hr!.pool.query(`SELECT id, full_name FROM staff WHERE code = 'NV020'`);
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/hr/staff/${staff.id}`);
  await page.getByRole('heading', { name: staff.full_name }).waitFor();

  await openTab(page, 'Quan hệ gia đình');
  const panel = page.locator('.ant-card').filter({ has: page.getByTestId('add-familyRelationship') });
  const total = async () => Number((await panel.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, '') || 0);
  const before = (await panel.locator('.ant-table-row').count()) ? await total() : 0;
  await page.getByTestId('add-familyRelationship').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Họ và tên').fill('Phạm Thị Hạnh');
  await dialog.getByLabel('Quan hệ').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Mẹ' }).click();
  await dialog.getByLabel('Ngày sinh').fill('12/05/1962');
  await dialog.getByLabel('Quốc tịch').fill('Việt Nam');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await panel.locator('.ant-table-row').first().getByText('Phạm Thị Hạnh').waitFor();
  expect(await total()).toBe(before + 1);

  await page.getByRole('button', { name: 'Đổi tình trạng' }).click();
  const change = page.getByRole('dialog');
  await change.getByLabel('Tình trạng mới').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Nghỉ việc' }).click();
  const soon = new Date(Date.now() + 20 * 86_400_000);
  await change
    .getByLabel('Ngày hiệu lực')
    .fill(`${String(soon.getDate()).padStart(2, '0')}/${String(soon.getMonth() + 1).padStart(2, '0')}/${soon.getFullYear()}`);
  await change.getByLabel('Số quyết định').fill('QĐ-NV-2026-01');
  await change.getByRole('button', { name: 'Lưu' }).click();
  await change.waitFor({ state: 'hidden' });
  await openTab(page, 'Lịch sử điều chuyển');
  await page.getByRole('cell', { name: 'QĐ-NV-2026-01' }).first().waitFor();
  await openTab(page, 'Thông tin chung');
  await page.locator('.ant-descriptions').getByText('Nghỉ việc', { exact: true }).waitFor();
  await openTab(page, 'Lịch sử thay đổi');
  await page.getByRole('tabpanel').getByText('Nghỉ việc').first().waitFor();

  await page.getByTestId('language-switch').getByText('EN').click();
  await openTab(page, 'Family relationship');
  await page.getByRole('columnheader', { name: 'Relationship' }).waitFor();
  await page.getByRole('button', { name: 'Change status' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test("a department head sees only their department: the staff list, and another department's staff member is not found", async () => {
  const hr = s.services.hr!.pool;
  // VIEW_RELATED_DEPARTMENT: the head's department and the departments under it (KTTC and its site team BCH).
  const { rows: depts } = await hr.query(`WITH RECURSIVE sub AS (SELECT id, name FROM organization WHERE code = 'KTTC'
      UNION SELECT o.id, o.name FROM organization o JOIN sub ON o.parent_id = sub.id) SELECT id, name FROM sub`);
  const ids = depts.map((d) => d.id);
  const {
    rows: [mine],
  } = await hr.query(`SELECT count(*)::int AS n FROM staff WHERE department_id = ANY($1) AND state = 'ACTIVE'`, [ids]);
  const {
    rows: [other],
  } = await hr.query(`SELECT id FROM staff WHERE NOT (department_id = ANY($1)) AND state = 'ACTIVE' LIMIT 1`, [ids]);
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/hr/staff?limit=100`);
  await waitForTotal(page, mine.n);
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const col = headers.findIndex((h) => h.trim() === 'Phòng ban') + 1;
  expect(col).toBeGreaterThan(0);
  const departments = await page.locator(`.ant-table-row td:nth-child(${col})`).allInnerTexts();
  expect(departments.length).toBe(mine.n);
  expect([...new Set(departments)].every((d) => depts.some((x) => x.name === d))).toBe(true);
  await page.goto(`${s.url}/hr/staff/${other.id}`);
  await page.locator('.ant-result-404').waitFor();
  // The 404 of the out-of-scope record is the expected answer, not a page error.
  expect(errors.filter((e) => !e.startsWith(`404 GET /api/v1/staff/${other.id}`) && !/status of 404/.test(e))).toEqual([]);
  await context.close();
});

test('HR manager: the reports page draws its four charts; recruitment requests, a candidate with its interviews, old candidates; the leave calendar and settings — no console errors', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/hr/reports`);
  for (const title of ['Quân số theo đơn vị', 'Loại hợp đồng', 'Ngày nghỉ phép đã duyệt', 'Phễu tuyển dụng'])
    await page.getByText(title, { exact: true }).first().waitFor();
  await page.locator('canvas').nth(2).waitFor({ timeout: 30_000 });
  // Every card exports its report (GET <path>/export): the funnel's stages on their sheet, as the report route answers them.
  const funnelCard = page.locator('.ant-card').filter({ has: page.getByText('Phễu tuyển dụng', { exact: true }) });
  const [download] = await Promise.all([page.waitForEvent('download'), funnelCard.getByTestId('report-export').click()]);
  expect(download.suggestedFilename()).toBe('Phễu tuyển dụng.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheetRows = (book.getWorksheet('Theo giai đoạn')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
  const year = new Date().getFullYear();
  const hrApi = s.api((await s.signIn('hr@portal.local', DEMO_PASSWORD)).accessToken);
  const funnel = (await hrApi.get(`/hr-report/recruitment-funnel?from=${year}-01-01&to=${year}-12-31`)).body.data;
  expect(sheetRows[0]).toEqual(['Giai đoạn', 'Ứng viên']);
  expect(sheetRows.slice(1).map((r) => r[1])).toEqual(funnel.stages.map((x: { count: number }) => x.count));
  expect(sheetRows.length).toBe(funnel.stages.length + 1);

  await page.goto(`${s.url}/hr/recruitment`);
  await page.locator('.ant-table-row').first().waitFor();
  // A recruiting request is paused through the status dialog (the kit's, over the declared workflow): only the moves
  // its table allows are offered, and the page reads the record again.
  const {
    rows: [rec],
  } = await s.services.hr!.pool.query(
    `SELECT id, name FROM recruitment WHERE status = 'IN_PROGRESS' AND approval_status = 'APPROVED' AND state = 'ACTIVE' LIMIT 1`,
  );
  await page.goto(`${s.url}/hr/recruitment/${rec.id}`);
  await page.getByRole('heading', { name: rec.name }).waitFor();
  await page.getByTestId('change-status').first().click();
  await page.getByTestId('status-select').click();
  expect(await page.locator('.ant-select-item-option').allTextContents()).toEqual(['Tạm dừng', 'Hoàn thành', 'Đã hủy']);
  await page.locator('.ant-select-item-option', { hasText: 'Tạm dừng' }).click();
  await page.getByLabel('Ghi chú').fill('Chờ ngân sách quý sau');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByText('Đã đổi tình trạng').waitFor();
  // The request's one status (issue 32), its approval as detail.
  await page.getByTestId('record-status').getByText('Tạm dừng').first().waitFor();
  expect((await s.services.hr!.pool.query(`SELECT status FROM recruitment WHERE id = $1`, [rec.id])).rows[0].status).toBe('PAUSED');
  const {
    rows: [cand],
  } = await s.services.hr!.pool.query(
    `SELECT c.id, c.full_name FROM candidate c WHERE EXISTS (SELECT 1 FROM candidate_interview i WHERE i.candidate_id = c.id) LIMIT 1`,
  );
  await page.goto(`${s.url}/hr/candidate/${cand.id}`);
  await page.getByRole('heading', { name: cand.full_name }).waitFor();
  await page
    .getByRole('tab', { name: /Lịch phỏng vấn|Phỏng vấn/ })
    .first()
    .click();
  await page.getByRole('tabpanel').locator('.ant-table-row').first().waitFor();
  await page.goto(`${s.url}/hr/candidate/old`);
  await page.locator('.ant-table-row').first().waitFor();

  await page.goto(`${s.url}/hr/leave-settings`);
  await page.getByLabel('Số ngày phép năm').waitFor();
  expect(await page.getByLabel('Số ngày phép năm').inputValue()).toBe('12');
  expect(errors).toEqual([]);
  await context.close();
});

/** The Monday of this week and the days after it (YYYY-MM-DD, the browser's and the API's calendar days: UTC here). */
function thisWeek(plus: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + plus);
  return d.toISOString().slice(0, 10);
}

test("leave calendar: this month's requests with the holidays behind; a draft dragged to another day moves; a day clicked starts a request there; a phone shows the week as a list, in English", async () => {
  const eng = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const hr = s.api((await s.signIn('hr@portal.local', DEMO_PASSWORD)).accessToken);
  const {
    rows: [me],
  } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`);
  const {
    rows: [person],
  } = await s.services.hr!.pool.query(`SELECT full_name FROM staff WHERE id = $1`, [me.staff_id]);
  const {
    rows: [kind],
  } = await s.services.hr!.pool.query(`SELECT id FROM leave_type WHERE code = 'UNPAID'`);
  // This week's Monday is always in the month grid shown first (it starts on the Monday of the week of the 1st).
  const leave = (
    await eng.post('/staff-leave', {
      staff_id: me.staff_id,
      leave_type_id: kind.id,
      from_date: thisWeek(0),
      to_date: thisWeek(1),
      reason: 'Khám sức khỏe định kỳ',
    })
  ).body.data;
  expect(leave.approval_status).toBe('DRAFT');
  expect((await hr.post('/holiday', { name: 'Ngày hội công ty', from_date: thisWeek(4), to_date: thisWeek(4) })).status).toBe(200);

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/hr/staff-leave`);
  await page.getByTestId('list-calendar').click();
  await page.getByRole('heading', { name: 'Lịch nghỉ' }).waitFor();
  const event = page.getByTestId(`event-${leave.id}`);
  await event.waitFor();
  expect(await event.innerText()).toContain(person.full_name);
  await page.locator('.fc-bg-event').filter({ hasText: 'Ngày hội công ty' }).waitFor();

  // Dragged from Monday to Wednesday: the request now runs Wednesday–Thursday.
  const from = (await event.boundingBox())!;
  const to = (await page.getByTestId(`day-${thisWeek(2)}`).boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 10, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await page.getByText('Đã dời lịch').waitFor();
  expect((await eng.get(`/staff-leave/${leave.id}`)).body.data).toMatchObject({ from_date: thisWeek(2), to_date: thisWeek(3), days: 2 });

  // Saturday clicked (low in its cell, away from any entry): a new request starting that day.
  const saturday = (await page.getByTestId(`day-${thisWeek(5)}`).boundingBox())!;
  await page.mouse.click(saturday.x + saturday.width / 2, saturday.y + saturday.height - 6);
  await page.waitForURL(/\/hr\/staff-leave\/new\?/);
  const dmy = thisWeek(5).split('-').reverse().join('/');
  await page.getByLabel('Từ ngày').waitFor();
  expect([await page.getByLabel('Từ ngày').inputValue(), await page.getByLabel('Đến ngày').inputValue()]).toEqual([dmy, dmy]);
  expect(errors).toEqual([]);
  await context.close();

  const phone = await openPage(browser, { phone: true, lang: 'en' });
  await signInUi(phone.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await phone.page.goto(`${s.url}/hr/staff-leave/calendar`);
  await phone.page.getByRole('heading', { name: 'Lịch nghỉ' }).waitFor();
  await phone.page.getByTestId('language-switch').getByText('EN').click();
  await phone.page.getByRole('heading', { name: 'Leave calendar' }).waitFor();
  await phone.page.getByRole('button', { name: 'List' }).first().waitFor();
  await phone.page.locator('.fc-list').getByText(person.full_name).first().waitFor();
  const fit = await fitsScreen(phone.page);
  expect(fit.page).toBeLessThanOrEqual(fit.screen);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

test('every entry of the HR sidebar opens its page (the routes come from the same list as the menu)', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await expectEveryEntryOpens(page, s.url, 'hr', menu);
  expect(errors).toEqual([]);
  await context.close();
});
