/**
 * Assets in the built portal: every entry of its sidebar opens its page; the register in both languages with its
 * totals, statuses and an asset's depreciation schedule; the denied handovers with their reasons; a bulk handover of
 * three assets sent by the asset office and answered line by line by its receiver on a phone — one accepted, one denied
 * with its reason, the rest accepted at once — the assets' status following on their pages, the office taking the
 * denied one back, the handover complete, its certificate printed and its return drafted from its page.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { expectEveryEntryOpens, fitsScreen, openPage, openTab, signInUi } from '../support/browser';
import { menu } from '../../mfe-assets/src/menu';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

test('every entry of the Assets sidebar opens its page', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await expectEveryEntryOpens(page, s.url, 'assets', menu);
  expect(errors).toEqual([]);
  await context.close();
});

test("the register in both languages: its totals and statuses, and an asset's depreciation month by month", async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/assets/asset`);
  await page.getByRole('heading', { name: 'Tài sản' }).first().waitFor();
  await page.getByTestId('tally-totalAssets').waitFor();
  expect(await page.getByTestId('tally-totalAssets').innerText()).toMatch(/^Tài sản: \d+$/);
  expect(await page.getByTestId('tally-totalEquipments').innerText()).toMatch(/^Thiết bị: \d+$/);
  await page.getByText('Đang sử dụng').first().waitFor();
  // A fully depreciated laptop: its schedule ends in the past, its book value is nil.
  const {
    rows: [old],
  } = await s.services.assets!.pool.query(`SELECT id, purchase_price FROM asset WHERE status = 'DISCOUNT' ORDER BY asset_code LIMIT 1`);
  await page.goto(`${s.url}/assets/asset/${old.id}`);
  await openTab(page, 'Khấu hao');
  await page.getByTestId('depreciation-schedule').waitFor();
  expect(await page.getByTestId('book-value').innerText()).toBe('0 ₫');
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('tab', { name: 'Depreciation' }).waitFor();
  await openTab(page, 'Depreciation');
  await page.getByText('Book value on').first().waitFor();
  // The denied handovers, with their reasons (the demo has one taken back and one waiting for the office).
  await page.goto(`${s.url}/assets/asset-handover-line?f_status=DENIED,DENIED_CONFIRM`);
  await page.getByText('Thiết bị không đúng cấu hình yêu cầu').first().waitFor();
  expect(await page.getByText('Thiết bị không đúng cấu hình yêu cầu').count()).toBe(2);
  expect(errors).toEqual([]);
  await context.close();
});

test('a bulk handover answered line by line by its receiver on a phone: the assets follow, the office takes the denied one back, the certificate prints', async () => {
  const office = s.api((await s.signIn('hr@portal.local', DEMO_PASSWORD)).accessToken);
  const pool = s.services.assets!.pool;
  const { rows: three } = await pool.query(
    `SELECT a.id, a.asset_code FROM asset a WHERE a.status = 'STORAGE' AND a.holder_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM asset_handover_line l WHERE l.asset_id = a.id) ORDER BY a.asset_code LIMIT 3`,
  );
  expect(three.length).toBe(3);
  const hr = (await s.services.hr!.pool.query(`SELECT id FROM staff WHERE code = 'NV002'`)).rows[0].id;
  const eng = (await s.services.hr!.pool.query(`SELECT id FROM staff WHERE code = 'NV004'`)).rows[0].id;
  const dept = (await s.services.hr!.pool.query(`SELECT id FROM organization WHERE code = 'KTTC'`)).rows[0].id;
  const h = (await office.post('/asset-handover', { type: 'TO_USER', department_id: dept, giver_id: hr, receiver_id: eng, location: 'Công trường Thủ Đức' }))
    .body.data;
  expect(
    (await office.post('/asset-handover-line/bulk-create', { handover_id: h.id, items: three.map((a: { id: string }) => ({ asset_id: a.id })) })).status,
  ).toBe(200);
  expect((await office.post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' })).status).toBe(200);

  // The engineer, on site with a phone, opens the handover from its link: it opens on its assets, which wait for him.
  const { page, context, errors } = await openPage(browser, { phone: true });
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/assets/asset-handover/${h.id}`);
  const lines = page.getByTestId('handover-line');
  await lines.first().waitFor();
  expect(await lines.count()).toBe(3);
  await page.getByText('Đang chờ bạn xác nhận 3 tài sản').waitFor();
  // The first accepted, the second denied with its reason.
  await lines.nth(0).getByTestId('accept-line').click();
  await page.locator('[data-testid="handover-line"][data-status="ACCEPTED"]').waitFor();
  await lines.nth(1).getByTestId('deny-line').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Từ chối' }).click();
  await page.getByText('Hãy ghi lý do (ít nhất 3 ký tự)').waitFor();
  await page.getByTestId('deny-reason').fill('Thiếu sạc và túi đựng');
  await page.getByRole('dialog').getByRole('button', { name: 'Từ chối' }).click();
  // The reason on the denied line itself (the dialog's box may still hold it while it closes).
  await page.locator('[data-testid="handover-line"][data-status="DENIED"]').getByText('Thiếu sạc và túi đựng').waitFor();
  // The rest at once.
  await page.getByTestId('accept-all').click();
  await page.locator('[data-testid="handover-line"][data-status="ACCEPTED"]').nth(1).waitFor();
  const width = await fitsScreen(page);
  expect(width.page).toBeLessThanOrEqual(width.screen);
  const status = async (id: string) => (await pool.query('SELECT status, holder_id FROM asset WHERE id = $1', [id])).rows[0];
  const byCode = [...three].sort((x: { asset_code: string }, y: { asset_code: string }) => x.asset_code.localeCompare(y.asset_code));
  const answered = (await pool.query(`SELECT asset_id, status FROM asset_handover_line WHERE handover_id = $1`, [h.id])).rows;
  const denied = answered.find((l: { status: string }) => l.status === 'DENIED')!.asset_id;
  for (const a of byCode)
    expect(await status(a.id)).toEqual(
      a.id === denied ? { status: 'HAND_OVER', holder_id: null } : { status: expect.stringMatching(/^(USED|DISCOUNT)$/), holder_id: eng },
    );
  // On an accepted asset's page, its status and holder.
  const kept = byCode.find((a: { id: string }) => a.id !== denied)!;
  await page.goto(`${s.url}/assets/asset/${kept.id}`);
  await page.getByTestId('record-status-head').waitFor();
  expect(await page.getByTestId('record-status-head').innerText()).toMatch(/^(Đang sử dụng|Hết khấu hao)$/);
  expect(errors).toEqual([]);
  await context.close();

  // The office takes the denied asset back on its desktop: the handover is complete, its certificate a PDF.
  const desk = await openPage(browser);
  await signInUi(desk.page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await desk.page.goto(`${s.url}/assets/asset-handover/${h.id}`);
  await openTab(desk.page, 'Tài sản bàn giao');
  await desk.page.getByTestId('confirm-denial').click();
  await desk.page.locator('[data-testid="handover-line"][data-status="DENIED_CONFIRM"]').waitFor();
  expect(await status(denied)).toEqual({ status: 'STORAGE', holder_id: null });
  await desk.page.reload();
  await desk.page.getByTestId('record-status-head').getByText('Đã hoàn tất').waitFor();
  const pdf = await office.get(`/asset-handover/${h.id}/pdf`);
  expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  // Its return, from its page: a return draft with the two assets the engineer holds, opened on its assets.
  await desk.page.getByTestId('handover-return').click();
  await desk.page.waitForURL(/\/assets\/asset-handover\/[0-9a-f-]{36}\?tab=2$/);
  await desk.page.getByTestId('record-status-head').getByText('Nháp').waitFor();
  await desk.page.getByTestId('handover-line').nth(1).waitFor();
  expect(await desk.page.getByTestId('handover-line').count()).toBe(2);
  // Taking an asset off the draft asks first, naming the asset (not its line's id).
  await desk.page.getByTestId('remove-line').first().click();
  const confirm = desk.page.locator('.ant-modal-confirm');
  await confirm.getByTestId('confirm-delete').waitFor();
  expect(await confirm.innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await confirm.getByTestId('confirm-delete').click();
  await desk.page.waitForFunction(() => document.querySelectorAll('[data-testid="handover-line"]').length === 1);
  const sent = desk.page.url().match(/asset-handover\/([0-9a-f-]{36})/)![1]!;
  expect(desk.errors).toEqual([]);
  await desk.context.close();
  // The engineer gives it back: sent by its named button (the declaration's verb), which asks only for a note; the generic
  // "Change status" has no other move to offer, so it is not shown.
  const back = await openPage(browser);
  await signInUi(back.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await back.page.goto(`${s.url}/assets/asset-handover/${sent}`);
  await back.page.getByTestId('move-HAND_OVER').click();
  expect(await back.page.getByTestId('change-status').count()).toBe(0);
  const send = back.page.locator('.ant-modal').filter({ hasText: 'Gửi bàn giao' });
  await send.getByRole('textbox').fill('Trả lại sau khi hoàn thành công trình');
  await send.getByRole('button', { name: /OK|Đồng ý/ }).click();
  await back.page.getByTestId('record-status-head').getByText('Chờ xác nhận').waitFor();
  await back.page.getByTestId('move-NONE').waitFor();
  expect((await pool.query(`SELECT status FROM asset_handover WHERE id = $1`, [sent])).rows[0].status).toBe('HAND_OVER');
  expect(back.errors).toEqual([]);
  await back.context.close();
});

test('the reports page draws the asset report, the status report and repairs by company, exports one; the assets due for inspection, soonest first, in both languages', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/assets/reports`);
  await page.getByRole('heading', { name: 'Báo cáo tài sản' }).first().waitFor();
  for (const title of ['Báo cáo tài sản', 'Báo cáo tình trạng tài sản', 'Sửa chữa theo đơn vị'])
    await page.locator('.ant-card-head-title').getByText(title, { exact: true }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.ant-card canvas').length >= 3, undefined, { timeout: 30_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.ant-card').filter({ hasText: 'Báo cáo tình trạng tài sản' }).getByTestId('report-export').click(),
  ]);
  expect(file.suggestedFilename()).toBe('Báo cáo tình trạng tài sản.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  expect(book.getWorksheet('Theo phòng ban và trạng thái')!.getRow(1).values).toEqual([undefined, 'Phòng ban quản lý', 'Trạng thái', 'Số lượng']);
  const byStatus = page.getByTestId('report-breakdown-asset_count_by_status');
  await byStatus.getByText('Bảng', { exact: true }).click();
  await byStatus.getByText('Đang sử dụng').first().waitFor();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('heading', { name: 'Asset reports' }).waitFor();
  await page.locator('.ant-card-head-title').getByText('Repairs by company', { exact: true }).waitFor();
  await byStatus.getByText('In use').first().waitFor();

  // The sidebar's assets due for inspection: the due date shown, soonest first, overdue ones in red.
  await page.getByTestId('side-menu').getByText('Inspections due').click();
  await page.waitForURL(/f_inspection_state=DUE%2COVERDUE|f_inspection_state=DUE,OVERDUE/);
  const head = page.locator('.ant-table-thead th').filter({ hasText: 'Next inspection due' });
  await head.waitFor();
  await page.getByText('Inspection overdue').first().waitFor();
  await page.getByTestId('language-switch').getByText('VI').click();
  await page.locator('.ant-table-thead th').filter({ hasText: 'Hạn kiểm định tiếp theo' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
