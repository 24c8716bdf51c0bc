/**
 * Business in the built portal: every entry of its sidebar opens its page; the positioning matrix screen shows the
 * demo's projects in their cells with each cell's advice, in both languages and on a phone, a project opening its page;
 * a suggestion the business head made is approved by the director on its page and the project takes its rating; a
 * feasibility study's code is refused as it is typed when already used; a contractor evaluated (scored, then completed
 * on the evaluation's page) takes its standing, and the contractor report shows it, in both languages and on a phone;
 * next year's plan is sent by the business head from its page and approved by the director, the plan report beside it.
 */
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, DEMO_PASSWORD, okData as ok } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { expectEveryEntryOpens, fitsScreen, openPage, signInUi } from '../support/browser';
import { menu } from '../../mfe-business/src/menu';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

test('every entry of the Business sidebar opens its page', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await expectEveryEntryOpens(page, s.url, 'business', menu);
  expect(errors).toEqual([]);
  await context.close();
});

test('the matrix screen: every positioned project in its cell with the advice, in both languages, on a phone too', async () => {
  const pool = s.services.business!.pool;
  const { rows } = await pool.query(
    `SELECT p.id, p.name, p.matrix_cell FROM project p WHERE p.matrix_cell IS NOT NULL AND p.stage IN ('LEAD','TRACKING','BIDDING','NEGOTIATING') ORDER BY p.matrix_cell, p.name`,
  );
  expect(rows.length).toBeGreaterThan(10);
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'sales@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/business/matrix-board`);
  await page.getByRole('heading', { name: 'Ma trận định vị dự án' }).waitFor();
  const first = rows[0];
  const cell = page.getByTestId(`matrix-cell-${first.matrix_cell}`);
  await cell.getByText(first.name).waitFor();
  for (const r of rows.slice(0, 6)) await page.getByTestId(`matrix-cell-${r.matrix_cell}`).getByText(r.name).waitFor();
  await page.getByTestId('matrix-cell-A1').getByText('Khách hàng chiến lược').waitFor();
  // The board's count is the service's, over the whole pipeline in the user's scope.
  const sales = s.api((await s.signIn('sales@portal.local', DEMO_PASSWORD)).accessToken);
  const board = ok(await sales.get('/business-report/matrix?which=open'));
  await page.getByTestId('matrix-totals').getByText(`${board.projects} dự án: ${board.placed} đã định vị, ${board.unplaced} chưa định vị`).waitFor();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('heading', { name: 'Project positioning matrix' }).waitFor();
  await page.getByTestId('matrix-cell-A1').getByText('Key account').waitFor();
  // A project opens its page.
  await cell.getByText(first.name).click();
  await page.waitForURL(new RegExp(`/business/project-business/${first.id}$`));
  await page.getByText(first.name).first().waitFor();
  expect(errors).toEqual([]);
  await context.close();

  const phone = await openPage(browser, { phone: true });
  await signInUi(phone.page, s.url, 'sales@portal.local', DEMO_PASSWORD);
  await phone.page.goto(`${s.url}/business/matrix-board`);
  await phone.page.getByTestId(`matrix-cell-${first.matrix_cell}`).getByText(first.name).waitFor();
  const fit = await fitsScreen(phone.page);
  expect(fit.page).toBeLessThanOrEqual(fit.screen);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

test("a suggestion approved by the director on its page: the project takes its rating; a study's code refused as it is typed", async () => {
  const pool = s.services.business!.pool;
  const {
    rows: [sg],
  } = await pool.query(
    `SELECT s.id, s.code, s.rating, s.business_project_id FROM project_suggestion s WHERE s.status = 'SUGGESTING' AND s.state = 'ACTIVE' ORDER BY s.code LIMIT 1`,
  );
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'director@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/business/project-business/suggest/${sg.id}`);
  await page.getByText(sg.code).first().waitFor();
  await page.getByTestId('move-APPROVED').click();
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText('Đã duyệt').first().waitFor();
  const {
    rows: [p],
  } = await pool.query(`SELECT rating, stage FROM project WHERE id = $1`, [sg.business_project_id]);
  expect([p.rating, p.stage]).toEqual([sg.rating, 'TRACKING']);

  expect(errors).toEqual([]);
  await context.close();

  // A study's code already used is said to its author as it is typed, before any save.
  const {
    rows: [study],
  } = await pool.query(`SELECT code FROM business_feasibility ORDER BY code LIMIT 1`);
  const sales = await openPage(browser);
  await signInUi(sales.page, s.url, 'sales@portal.local', DEMO_PASSWORD);
  const page2 = sales.page;
  await page2.goto(`${s.url}/business/business-feasibility/new`);
  await page2.getByLabel('Mã', { exact: true }).fill(study.code);
  await page2.getByText('Mã đã tồn tại').waitFor();
  await page2.getByLabel('Mã', { exact: true }).fill(`${study.code}-MOI`);
  await page2.getByText('Mã đã tồn tại').waitFor({ state: 'detached' });
  // The consultants are picked among the partners with their standing beside each (ResourceDef.pickerTag).
  const { rows: consultants } = await pool.query(`SELECT name, grade FROM contractor WHERE kind = 'CONSULTANT' AND grade IS NOT NULL ORDER BY name`);
  expect(consultants.length).toBeGreaterThan(0);
  await page2.getByLabel('Đơn vị tư vấn').click();
  const grade = { GIOI: 'Giỏi', KHA: 'Khá', TRUNG_BINH: 'Trung bình' }[consultants[0].grade as 'GIOI'];
  await page2.locator('.ant-select-item-option').filter({ hasText: consultants[0].name }).getByText(grade, { exact: true }).waitFor();
  expect(sales.errors).toEqual([]);
  await sales.context.close();
});

test('a contractor evaluated: completed on its page, its standing follows, and the contractor report shows it, in both languages and on a phone', async () => {
  const pool = s.services.business!.pool;
  const sales = s.api((await s.signIn('sales@portal.local', DEMO_PASSWORD)).accessToken);
  const name = 'Công ty TNHH Cơ điện Kiểm thử Hà Đông';
  const c = ok(await sales.post('/contractor', { name, kind: 'CONTRACTOR', website: 'https://codien-hadong.vn' }));
  const e = ok(await sales.post('/contractor-evaluation', { contractor_id: c.id, evaluation_type: 'WARRANTY_EVALUATION', trigger: 'SUDDEN' }));
  const { rows: items } = await pool.query<{ id: string; name: string }>(
    `SELECT id, name FROM contractor_evaluation_item WHERE state = 'ACTIVE' AND evaluation_type = 'WARRANTY_EVALUATION'`,
  );
  // Response 10/100 (half the point), fixing 10/70 and 5/30 (the other half): 12.5 — Trung bình, the lowest standing.
  const scores: Record<string, number> = { 'Thời gian có mặt sau khi báo lỗi': 10, 'Khắc phục triệt để': 10, 'Không tái phát': 5 };
  for (const it of items)
    if (scores[it.name] !== undefined) ok(await sales.post('/contractor-evaluation-line', { evaluation_id: e.id, item_id: it.id, point: scores[it.name] }));

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'sales@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/business/contractor-evaluation/${e.id}`);
  await page.getByText(e.code).first().waitFor();
  await page.getByTestId('move-COMPLETED').click();
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText('Đã hoàn thành').first().waitFor();
  // The contractor's page: its standing, from the completed evaluation.
  await page.goto(`${s.url}/business/contractor/${c.id}`);
  await page.getByText(name).first().waitFor();
  await page.getByText('Trung bình', { exact: true }).first().waitFor();
  const {
    rows: [standing],
  } = await pool.query(`SELECT avg_point::float AS avg, grade FROM contractor WHERE id = $1`, [c.id]);
  expect(standing).toEqual({ avg: 12.5, grade: 'TRUNG_BINH' });
  // The contractor report: the summary, and the contractor in the list with its grade — poor standing first.
  await page.goto(`${s.url}/business/contractor-report`);
  await page.getByRole('heading', { name: 'Báo cáo nhà thầu - đối tác' }).waitFor();
  const row = page.locator('tr').filter({ hasText: name });
  await row.getByText('Trung bình', { exact: true }).waitFor();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('heading', { name: 'Contractor report' }).waitFor();
  await row.getByText('Average', { exact: true }).waitFor();
  expect(errors).toEqual([]);
  await context.close();

  const phone = await openPage(browser, { phone: true });
  await signInUi(phone.page, s.url, 'sales@portal.local', DEMO_PASSWORD);
  await phone.page.goto(`${s.url}/business/contractor-report`);
  await phone.page.locator('tr').filter({ hasText: name }).first().waitFor();
  const fit = await fitsScreen(phone.page);
  expect(fit.page).toBeLessThanOrEqual(fit.screen);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

test("next year's plan sent by the business head and approved by the director on its page; the plan's report beside it", async () => {
  const pool = s.services.business!.pool;
  const year = new Date().getUTCFullYear();
  const {
    rows: [plan],
  } = await pool.query(`SELECT id, code, name FROM business_plan WHERE main_year = $1 AND sale_code = 'KD1' AND state = 'ACTIVE'`, [year + 1]);
  const head = await openPage(browser);
  await signInUi(head.page, s.url, 'sales@portal.local', DEMO_PASSWORD);
  await head.page.goto(`${s.url}/business/business-report/plan/${plan.id}`);
  await head.page.getByText(plan.name).first().waitFor();
  // Its targets, item by item, in their tab.
  await head.page.getByRole('tab', { name: 'Chỉ tiêu kế hoạch' }).click();
  await head.page.getByText('Giá trị hợp đồng ký mới (triệu đồng)').first().waitFor();
  await head.page.getByTestId('add-businessPlanLine').waitFor();
  await head.page.getByTestId('move-APPROVING').click();
  await head.page.locator('.ant-modal-footer .ant-btn-primary').click();
  await head.page.getByRole('dialog').waitFor({ state: 'detached' });
  await head.page.getByText('Chờ phê duyệt').first().waitFor();
  // Sent, its targets are read-only, and the tab says why.
  await head.page.getByTestId('closed-businessPlanLine').getByText('kế hoạch kinh doanh năm đang ở trạng thái "Chờ phê duyệt"').waitFor();
  expect(await head.page.getByTestId('add-businessPlanLine').count()).toBe(0);
  expect(head.errors).toEqual([]);
  await head.context.close();

  const director = await openPage(browser);
  await signInUi(director.page, s.url, 'director@portal.local', DEMO_PASSWORD);
  await director.page.goto(`${s.url}/business/business-report/plan/${plan.id}`);
  await director.page.getByTestId('move-APPROVED').click();
  await director.page.locator('.ant-modal-footer .ant-btn-primary').click();
  await director.page.getByRole('dialog').waitFor({ state: 'detached' });
  await director.page.getByText('Đã phê duyệt').first().waitFor();
  expect((await pool.query(`SELECT status FROM business_plan WHERE id = $1`, [plan.id])).rows[0].status).toBe('APPROVED');
  // The reports page: this year's plan report, in English too.
  await director.page.goto(`${s.url}/business/reports`);
  await director.page.getByText('Báo cáo kế hoạch kinh doanh').first().waitFor();
  await director.page.getByTestId('language-switch').getByText('EN').click();
  await director.page.getByText('Business plan report').first().waitFor();
  expect(director.errors).toEqual([]);
  await director.context.close();
});
