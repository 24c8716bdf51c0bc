/**
 * Administration in the built portal: every entry of its sidebar opens its page; the meeting-room calendar
 * and the bookings list show the demo company's week, in Vietnamese and English; a clash is refused naming the meeting
 * that holds the room; a car trip sent for approval, approved by the administration manager and driven with its
 * odometer readings, its kilometres and cost on its page; a weekly meeting from the booking form, its preview marking
 * the date another meeting holds, the free dates booked; the document register: an incoming letter and its reply
 * registered from the form with the register's numbers and today's count, a limited pay decision hidden from an employee;
 * a ticket raised from the form for a request item (its checklist with it), its head picked as approver through the
 * contacts directory and approving it, the office moving it through the company's own statuses, closing refused while
 * required checklist items are open, ticked from its checklist tab, then closed; the dashboard's "My day" (today's
 * meeting, tickets waiting); the administration reports page, its eight cards, charts and an export, in both languages;
 * the rest of a series renamed and cancelled from one occurrence, an occurrence saved to a calendar from its page (.ics); the room calendar filtered by site.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { expectEveryEntryOpens, openPage, signInUi } from '../support/browser';
import { contact, pagePath, staffLeave } from '@portal/contracts';
import { menu } from '../../mfe-admin/src/menu';
import { companyDay, companyTime } from '../support/demo-company';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

test('every entry of the Administration sidebar opens its page', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await expectEveryEntryOpens(page, s.url, 'admin', menu);
  // Its shortcuts into HR (spec §2's leave and contacts) open HR's pages from the Administration group, which stays open.
  await page.goto(`${s.url}/admin/ticket`);
  for (const def of [staffLeave, contact]) {
    await page
      .getByTestId('side-menu')
      .locator('.ant-menu-item')
      .filter({ hasText: new RegExp(`^${def.label.vi}$`) })
      .first()
      .click();
    await page.waitForURL(`${s.url}${pagePath(def)}`);
    await page.goto(`${s.url}/admin/ticket`);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("an employee opens the room calendar in both languages, finds the demo week's meeting in the list, and a clash names the meeting holding it", async () => {
  const { page, context, errors } = await openPage(browser, { lang: 'en' });
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/admin/book-room/calendar`);
  await page.getByRole('heading', { name: 'Lịch phòng họp' }).waitFor();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('heading', { name: 'Meeting room calendar' }).waitFor();
  // The list: the demo week's project meeting (the engineer's own, in KTTC's scope).
  await page.goto(`${s.url}/admin/book-room`);
  await page.getByText('Họp tiến độ dự án Thủ Đức').waitFor();
  const held = (await s.services.admin!.pool.query(`SELECT room_id, start_time, end_time FROM book_room WHERE name = 'Họp tiến độ dự án Thủ Đức'`)).rows[0];
  // The same room and time through the API as the form sends it: refused with the holder's name.
  const api = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const clash = await api.post(
    '/book-room',
    { name: 'Họp trùng giờ', room_id: held.room_id, start_time: held.start_time, end_time: held.end_time },
    { 'accept-language': 'en' },
  );
  expect([clash.status, clash.body.message]).toEqual([409, expect.stringMatching(/^Meeting room is already booked from .+: Họp tiến độ dự án Thủ Đức$/)]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a car trip: the engineer sends it for approval, the administration manager approves it, logs its departure and return with the odometer; its km and cost show in both languages', async () => {
  const eng = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const {
    rows: [car],
  } = await s.services.admin!.pool.query(`SELECT id FROM car WHERE license_plate = '30G-246.80'`);
  const booked = await eng.post('/book-car', {
    purpose: 'Khảo sát hiện trạng công trình',
    car_id: car.id,
    start_time: companyTime(20, '08:00'),
    end_time: companyTime(20, '16:00'),
    pickup_place: 'Văn phòng Hà Nội',
    destination: 'Công trường Long Biên',
    passengers: 3,
  });
  expect(booked.status).toBe(200);
  const id = booked.body.data.id;

  const emp = await openPage(browser);
  await signInUi(emp.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await emp.page.goto(`${s.url}/admin/book-car/${id}`);
  const panel = emp.page.getByTestId('approval-panel');
  await panel.getByText('Chưa gửi phê duyệt').waitFor();
  await panel.getByRole('button', { name: 'Gửi phê duyệt' }).click();
  await emp.page.getByLabel('Ý kiến').fill('Nhờ chị duyệt xe');
  await emp.page.getByRole('button', { name: 'Xác nhận' }).click();
  await panel
    .getByTestId('approval-status')
    .getByText('Chờ phê duyệt')
    .or(panel.getByTestId('approval-status').getByText('Đã gửi phê duyệt'))
    .first()
    .waitFor();

  const office = await openPage(browser);
  await signInUi(office.page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  const page = office.page;
  await page.goto(`${s.url}/admin/book-car/${id}`);
  const hp = page.getByTestId('approval-panel');
  await hp.getByText('Bạn có thể phê duyệt yêu cầu này').waitFor();
  await hp.getByRole('button', { name: 'Phê duyệt' }).click();
  await page.getByLabel('Ý kiến').fill('Đồng ý');
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await hp.getByTestId('approval-status').getByText('Đã phê duyệt').waitFor();

  // Departure: the move asks for the odometer reading.
  const status = async (to: string, fill: [label: string, value: string][]) => {
    await page.getByTestId('change-status').click();
    await page.getByTestId('status-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: to }).click();
    for (const [label, value] of fill) await page.getByRole('dialog').getByLabel(label).fill(value);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
  };
  await status('Đang sử dụng', []);
  await page.getByRole('dialog').getByText('Vui lòng nhập giá trị').first().waitFor();
  await page.getByRole('dialog').getByLabel('Số km lúc đi').fill('45210');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText('Đang sử dụng').first().waitFor();
  // Return: below the departure's reading is refused by the server, named on its field.
  await status('Hoàn thành', [
    ['Số km lúc về', '45000'],
    ['Phụ phí (cầu đường, bến bãi)', '120000'],
  ]);
  await page.getByRole('dialog').getByText('Số km lúc về không được nhỏ hơn số km lúc đi (45210)').waitFor();
  await page.getByRole('dialog').getByLabel('Số km lúc về').fill('45396');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const {
    rows: [row],
  } = await s.services.admin!.pool.query(`SELECT status, distance_km, car_cost::float AS car_cost, cost::float AS cost FROM book_car WHERE id = $1`, [id]);
  // 186 km at 5,000 a km; no driver; 120,000 in tolls.
  expect(row).toEqual({ status: 'DONE', distance_km: 186, car_cost: 930_000, cost: 1_050_000 });
  await page.getByText('Hoàn thành').first().waitFor();
  await page.getByText('186', { exact: true }).waitFor();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByText('Distance (km)').waitFor();
  await page.getByText('Done', { exact: true }).first().waitFor();
  // The one refusal asked for: the reading below the departure's.
  expect([...emp.errors, ...office.errors]).toEqual([
    `400 POST /api/v1/book-car/${id}/status`,
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  await emp.context.close();
  await office.context.close();
});

test('a weekly meeting from the form: the preview marks the date another meeting holds, the free dates are booked as one series', async () => {
  const {
    rows: [room],
  } = await s.services.admin!.pool.query(`SELECT id FROM room WHERE code = 'P302'`);
  // Three weeks ahead, weekly.
  const day = (weeks: number) => companyDay(21 + 7 * weeks);
  const at = (weeks: number, hhmm: string) => companyTime(21 + 7 * weeks, hhmm);
  const head = s.api((await s.signIn('head.kttc@portal.local', DEMO_PASSWORD)).accessToken);
  expect(
    (await head.post('/book-room', { name: 'Họp khách hàng đột xuất', room_id: room.id, start_time: at(2, '16:30'), end_time: at(2, '17:30') })).status,
  ).toBe(200);

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/admin/book-room/new?${new URLSearchParams({ room_id: room.id, start_time: at(0, '16:00'), end_time: at(0, '17:00') })}`);
  await page.getByLabel('Tên sự kiện').fill('Họp nhóm thiết kế hằng tuần');
  const series = page.getByTestId('series');
  await series.getByRole('combobox', { name: 'Lặp lại' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Hằng tuần' }).click();
  await series.getByRole('button', { name: 'Xem trước các lần họp' }).click();
  await series.getByText('Vui lòng chọn ngày kết thúc lặp lại').waitFor();
  const [y, m, d] = day(3).split('-');
  await series.getByLabel('Lặp đến ngày').fill(`${d}/${m}/${y}`);
  await series.getByText('Nút Lưu chỉ đặt lần đầu tiên', { exact: false }).click();
  await series.getByRole('button', { name: 'Xem trước các lần họp' }).click();
  await series.getByTestId('series-summary').getByText('3 lần trống, 1 lần trùng lịch').waitFor();
  expect(await series.getByTestId('occurrence').count()).toBe(4);
  await series.getByText('Trùng: Họp khách hàng đột xuất').waitFor();
  await series.getByRole('button', { name: 'Đặt 3 lần trống' }).click();
  await page.getByText('Đã đặt 3 lần họp; bỏ qua 1 lần trùng lịch').waitFor();
  // The bookings made, listed together.
  await page.waitForURL(/\/admin\/book-room\?f_series_id=/);
  const made = page.locator('.ant-table-row').filter({ hasText: 'Họp nhóm thiết kế hằng tuần' });
  await made.nth(2).waitFor();
  expect(await page.locator('.ant-table-row').count()).toBe(3);
  const { rows } = await s.services.admin!.pool.query(
    `SELECT count(*)::int AS n, count(DISTINCT series_id)::int AS series FROM book_room WHERE name = 'Họp nhóm thiết kế hằng tuần' AND state = 'ACTIVE'`,
  );
  expect(rows[0]).toEqual({ n: 3, series: 1 });

  // The second date renamed with the rest of the series from its edit form; then it and the rest cancelled from its page.
  const occurrences = async () =>
    (
      await s.services.admin!.pool.query(
        `SELECT id, name, status FROM book_room WHERE series_id = (SELECT series_id FROM book_room WHERE name = 'Họp nhóm thiết kế hằng tuần' LIMIT 1) ORDER BY start_time`,
      )
    ).rows;
  const [first, second] = await occurrences();
  await page.goto(`${s.url}/admin/book-room/${second.id}/edit`);
  await page.getByTestId('series-edit').waitFor();
  await page.getByLabel('Tên sự kiện').fill('Họp nhóm thiết kế – dời sang phòng lớn');
  await page.getByTestId('series-save-rest').click();
  await page.getByText('Đã cập nhật 2 lần họp').waitFor();
  expect((await occurrences()).map((o) => o.name)).toEqual([
    'Họp nhóm thiết kế hằng tuần',
    'Họp nhóm thiết kế – dời sang phòng lớn',
    'Họp nhóm thiết kế – dời sang phòng lớn',
  ]);
  await page.goto(`${s.url}/admin/book-room/${second.id}`);
  // Its page saves it to a calendar: the .ics of this occurrence, its UID the one its invitations carry.
  const [ics] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lưu vào lịch (.ics)' }).click()]);
  expect(ics.suggestedFilename()).toBe('Họp nhóm thiết kế – dời sang phòng lớn.ics');
  const calendar = (await readFile((await ics.path())!, 'utf8')).replace(/\r?\n[ \t]/g, '');
  expect(calendar).toMatch(
    new RegExp(`BEGIN:VEVENT[\\s\\S]*UID:${second.id}@portal[\\s\\S]*SUMMARY:Họp nhóm thiết kế – dời sang phòng lớn[\\s\\S]*END:VEVENT`),
  );
  await page.getByTestId('series-cancel-rest').click();
  await page.getByText('Hủy lần họp này và mọi lần sau trong chuỗi?').waitFor();
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await page.getByText('Đã hủy 2 lần họp').waitFor();
  expect((await occurrences()).map((o) => [o.id, o.status])).toEqual([
    [first.id, 'BOOKED'],
    [second.id, 'CANCELLED'],
    [expect.any(String), 'CANCELLED'],
  ]);
  expect(errors).toEqual([]);
  await context.close();
});

test('the room calendar: a meeting booked by clicking a day; picking a site keeps its meetings and offers its rooms only', async () => {
  const {
    rows: [site],
  } = await s.services.admin!.pool.query(`SELECT id, name FROM administrator_area WHERE code = 'SITE-TD'`);
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/admin/book-room/calendar`);
  await page.getByRole('heading', { name: 'Lịch phòng họp' }).waitFor();

  // Booked from the calendar: tomorrow clicked (low in its cell, away from any meeting) opens the form at 09:00–10:00.
  const tomorrow = (await page.getByTestId(`day-${companyDay(1)}`).boundingBox())!;
  await page.mouse.click(tomorrow.x + tomorrow.width / 2, tomorrow.y + tomorrow.height - 6);
  await page.waitForURL(/\/admin\/book-room\/new\?/);
  const dmy = companyDay(1).split('-').reverse().join('/');
  await page.getByLabel('Bắt đầu').waitFor();
  expect([await page.getByLabel('Bắt đầu').inputValue(), await page.getByLabel('Kết thúc').inputValue()]).toEqual([`${dmy} 09:00`, `${dmy} 10:00`]);
  await page.getByLabel('Tên sự kiện').fill('Họp rà soát hồ sơ thầu');
  await page.getByLabel('Phòng họp', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Phòng họp A' }).click();
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await page.getByText('Tạo mới thành công').waitFor();
  const {
    rows: [made],
  } = await s.services.admin!.pool.query(
    `SELECT extract(epoch FROM end_time - start_time)::int AS seconds, status FROM book_room WHERE name = 'Họp rà soát hồ sơ thầu'`,
  );
  expect(made).toEqual({ seconds: 3600, status: 'BOOKED' });

  // A meeting at the site tomorrow (always within the month grid shown; the demo week's may fall past its end).
  const eng = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const {
    rows: [siteRoom],
  } = await s.services.admin!.pool.query(`SELECT id FROM room WHERE code = 'TD-1'`);
  expect(
    (
      await eng.post('/book-room', {
        name: 'Họp giao ca công trường',
        room_id: siteRoom.id,
        start_time: companyTime(1, '16:00'),
        end_time: companyTime(1, '17:00'),
      })
    ).status,
  ).toBe(200);
  await page.goto(`${s.url}/admin/book-room/calendar`);
  await page.getByRole('heading', { name: 'Lịch phòng họp' }).waitFor();
  const answer = page.waitForResponse((r) => r.url().includes('/book-room/calendar?') && r.url().includes(`f_area_id=${site.id}`));
  await page.getByTestId('calendar-area').click();
  await page.locator('.ant-select-item-option').filter({ hasText: site.name }).click();
  const items = (await (await answer).json()).data.items as { area_id: string; room_id: string; name: string }[];
  expect(items.map((e) => e.name)).toContain('Họp giao ca công trường');
  expect(items.every((e) => e.area_id === site.id)).toBe(true);
  // The room picker now offers the site's one room.
  await page.getByTestId('calendar-location').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Phòng họp công trường' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').length === 1);
  expect(errors).toEqual([]);
  await context.close();
});

test("the document register: the HR manager registers an incoming letter from the form and its reply, the numbers given by the register, today's count shown; the engineer never sees the limited pay decision; in English", async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/admin/document`);
  await page.getByText('Quyết định điều chỉnh lương năm').waitFor();
  const today = Number((await page.getByTestId('today-count').innerText()).replace(/\D/g, ''));
  const pick = async (labelText: string, option: string) => {
    await page.getByLabel(labelText, { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  };
  await page.goto(`${s.url}/admin/document/new`);
  await pick('Loại sổ', 'Văn bản đến');
  await pick('Loại văn bản', 'Công văn');
  await page.getByLabel('Số, ký hiệu văn bản').fill('301/BQL-KT');
  await page.getByLabel('Trích yếu').fill('Đề nghị bổ sung hồ sơ nghiệm thu');
  await page.getByLabel('Nơi gửi / nơi nhận').fill('Ban quản lý dự án');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  // Saved: the new letter's own page (issue 32: a file to attach next); the register lists it on top, with its number.
  await page.waitForURL(/\/admin\/document\/[0-9a-f-]{36}$/);
  await page.goto(`${s.url}/admin/document`);
  const {
    rows: [inc],
  } = await s.services.admin!.pool.query(`SELECT d.id, d.register_no FROM document d JOIN document_type t ON t.id = d.document_type_id
      WHERE d.summary = 'Đề nghị bổ sung hồ sơ nghiệm thu'`);
  // The demo's incoming letters hold 001 and 002 of this year's book.
  expect(inc.register_no).toBe(`003/${new Date().getUTCFullYear()}`);
  await page.getByRole('row').filter({ hasText: 'Đề nghị bổ sung hồ sơ nghiệm thu' }).getByText(inc.register_no).waitFor();

  // The reply, from the form: the incoming letter picked by its summary.
  await page.goto(`${s.url}/admin/document/new`);
  await pick('Loại sổ', 'Văn bản đi');
  await pick('Loại văn bản', 'Công văn');
  await page.getByLabel('Trích yếu').fill('Gửi bổ sung hồ sơ nghiệm thu');
  await page.getByLabel('Trả lời văn bản', { exact: true }).click();
  await page.getByLabel('Trả lời văn bản', { exact: true }).fill('bổ sung hồ sơ');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Đề nghị bổ sung hồ sơ nghiệm thu' }).first().click();
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await page.waitForURL(/\/admin\/document\/[0-9a-f-]{36}$/);
  // The incoming letter names its answer.
  await page.goto(`${s.url}/admin/document/${inc.id}`);
  await page.getByText('Gửi bổ sung hồ sơ nghiệm thu').first().waitFor();
  await page.goto(`${s.url}/admin/document`);
  await page
    .getByTestId('today-count')
    .getByText(`Hôm nay: ${today + 2}`)
    .waitFor();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page
    .getByTestId('today-count')
    .getByText(`Today: ${today + 2}`)
    .waitFor();
  await page.getByRole('columnheader', { name: 'Register number' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();

  // The engineer reads the documents of their department, never the pay decision limited to a few.
  const eng = await openPage(browser);
  await signInUi(eng.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await eng.page.goto(`${s.url}/admin/document`);
  await eng.page.getByText('Báo cáo tiến độ thi công gửi chủ đầu tư').waitFor();
  expect(await eng.page.getByText('Quyết định điều chỉnh lương năm').count()).toBe(0);
  expect(eng.errors).toEqual([]);
  await eng.context.close();
});

test('a ticket: the engineer raises it from the form for a request item, may only cancel it; his head names himself approver, the engineer sends it, the head approves, the office works it — closing refused while a required item is open — and closes it; in English', async () => {
  const {
    rows: [head],
  } = await s.services.hr!.pool.query(`SELECT full_name FROM staff WHERE code = 'NV003'`);
  const emp = await openPage(browser);
  await signInUi(emp.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  const e = emp.page;
  const pick = async (labelText: string, search: string, option: string) => {
    await e.getByLabel(labelText, { exact: true }).click();
    await e.getByLabel(labelText, { exact: true }).fill(search);
    await e.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  };
  await e.goto(`${s.url}/admin/ticket`);
  await e.getByRole('button', { name: 'Thêm mới' }).click();
  await e.getByLabel('Tiêu đề').fill('Thay bóng đèn phòng kỹ thuật');
  await pick('Hạng mục yêu cầu', 'Sửa chữa', 'Sửa chữa thiết bị văn phòng');
  // "Lưu" alone (beside it, "Lưu và gửi duyệt": issue 32).
  await e.getByRole('button', { name: 'Lưu', exact: true }).click();
  // Created: the ticket's own page (its checklist to tick), not the list.
  await e.waitForURL(/\/admin\/ticket\/[0-9a-f-]{36}$/);
  await e.goto(`${s.url}/admin/ticket`);
  const {
    rows: [t],
  } = await s.services.admin!.pool.query(`SELECT id, code, total_checklist FROM ticket WHERE title = 'Thay bóng đèn phòng kỹ thuật'`);
  // The item's checklist came with it.
  expect(t.total_checklist).toBe(3);
  await e.getByRole('row').filter({ hasText: 'Thay bóng đèn phòng kỹ thuật' }).getByText(t.code).waitFor();
  await e.goto(`${s.url}/admin/ticket/${t.id}`);
  // The requester's status dialog offers only what the requester may do: cancel it (the performer starts and closes it).
  await e.getByTestId('change-status').click();
  await e.getByTestId('status-select').click();
  await e.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  expect(await e.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents()).toEqual(['Đã hủy']);
  await e.keyboard.press('Escape');
  await e.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

  // Who approves is the head's to name (a ticket manager's): he opens the ticket's form and names himself.
  const hd = await openPage(browser);
  await signInUi(hd.page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
  await hd.page.goto(`${s.url}/admin/ticket/${t.id}/edit`);
  const approvers = hd.page.getByLabel('Người phê duyệt (theo thứ tự)', { exact: true });
  await approvers.click();
  await approvers.fill(head.full_name.split(' ').pop());
  await hd.page.locator('.ant-select-item-option').filter({ hasText: head.full_name }).first().click();
  await hd.page.keyboard.press('Escape');
  await hd.page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await hd.page.waitForURL((u) => !u.pathname.endsWith('/edit'));
  const {
    rows: [named],
  } = await s.services.admin!.pool.query(`SELECT approver_ids FROM ticket WHERE id = $1`, [t.id]);
  expect(named.approver_ids).toHaveLength(1);

  await e.reload();
  const panel = e.getByTestId('approval-panel');
  await panel.getByRole('button', { name: 'Gửi phê duyệt' }).click();
  // No picker: the approvers are the ticket's own, in order.
  await e.getByText('Người phê duyệt là những người đã chỉ định trên phiếu, duyệt lần lượt theo thứ tự').waitFor();
  await e.getByRole('button', { name: 'Xác nhận' }).click();
  await panel.getByTestId('approval-status').getByText('Chờ phê duyệt').waitFor();

  await hd.page.goto(`${s.url}/admin/ticket/${t.id}`);
  const hp = hd.page.getByTestId('approval-panel');
  await hp.getByText('Bạn có thể phê duyệt yêu cầu này').waitFor();
  await hp.getByRole('button', { name: 'Phê duyệt' }).click();
  await hd.page.getByRole('button', { name: 'Xác nhận' }).click();
  await hp.getByTestId('approval-status').getByText('Đã phê duyệt').waitFor();

  // The administration office starts it, in its own status "Chờ vật tư, linh kiện".
  const office = await openPage(browser);
  await signInUi(office.page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  const page = office.page;
  await page.goto(`${s.url}/admin/ticket/${t.id}`);
  const move = async (stage: string, status: string) => {
    await page.getByTestId('change-status').click();
    await page.getByTestId('status-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: stage }).click();
    await page.getByTestId('ticket-status-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: status }).click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
  };
  await move('Đang xử lý', 'Chờ vật tư, linh kiện');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText('Chờ vật tư, linh kiện').first().waitFor();
  // Closing with required items open: the server names them.
  await move('Đã đóng', 'Hoàn thành');
  await page.getByText('Còn mục kiểm tra bắt buộc chưa xong: "Kiểm tra hiện trạng", "Sửa chữa hoặc thay thế"').waitFor();
  await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  // The checklist tab: tick both required items.
  await page.getByRole('tab', { name: 'Danh mục kiểm tra' }).click();
  for (const item of ['Kiểm tra hiện trạng', 'Sửa chữa hoặc thay thế']) {
    await page.getByRole('row').filter({ hasText: item }).getByRole('button', { name: 'Sửa' }).click();
    await page.getByRole('dialog').getByRole('switch', { name: 'Đã xong' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  // Two of three ticked: the ticket reads 66% (its general tab, read again after each tick).
  await page.getByRole('tab', { name: 'Thông tin chung' }).click();
  await page.getByRole('row').filter({ hasText: 'Tiến độ (%)' }).getByText('66', { exact: true }).waitFor();
  await move('Đã đóng', 'Hoàn thành');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const {
    rows: [closed],
  } = await s.services.admin!.pool.query(`SELECT stage, progress, closed_date FROM ticket WHERE id = $1`, [t.id]);
  expect([closed.stage, closed.progress, Boolean(closed.closed_date)]).toEqual(['CLOSED', 66, true]);
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByText('Progress (%)').first().waitFor();
  await page.getByText('Closed', { exact: true }).first().waitFor();
  // The one refusal asked for: closing with the required items open.
  expect([...emp.errors, ...hd.errors, ...office.errors]).toEqual([
    `422 POST /api/v1/ticket/${t.id}/status`,
    'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
  ]);
  for (const p of [emp, hd, office]) await p.context.close();
});

test("the dashboard's My day: today's meeting and the tickets waiting for the engineer; the administration reports page draws its eight cards and exports one, in both languages", async () => {
  const eng = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const {
    rows: [room],
  } = await s.services.admin!.pool.query(`SELECT id FROM room WHERE code = 'HN-A'`);
  // Begun two minutes ago (within the five minutes' grace): it overlaps today whatever the hour, even just before or
  // after midnight company time.
  const start = new Date(Date.now() - 2 * 60_000);
  const booked = await eng.post('/book-room', {
    name: 'Họp nhanh tổ kỹ thuật',
    room_id: room.id,
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
  });
  expect(booked.status).toBe(200);
  const {
    rows: [me],
  } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`);
  const mine = await eng.post('/ticket', { title: 'Kiểm tra bản vẽ hoàn công' });
  expect(mine.status).toBe(200);
  // His head hands it to him (the performer is a ticket manager's to name).
  const head = s.api((await s.signIn('head.kttc@portal.local', DEMO_PASSWORD)).accessToken);
  expect((await head.put(`/ticket/${mine.body.data.id}`, { performer_id: me.staff_id })).status).toBe(200);

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.getByTestId('my-bookings-today').getByText('Họp nhanh tổ kỹ thuật').waitFor();
  await page.getByTestId('my-tickets').getByText(`${mine.body.data.code} · Kiểm tra bản vẽ hoàn công`).click();
  await page.waitForURL(`**/admin/ticket/${mine.body.data.id}`);
  expect(errors).toEqual([]);
  await context.close();

  const office = await openPage(browser);
  await signInUi(office.page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await office.page.goto(`${s.url}/admin/reports`);
  await office.page.getByRole('heading', { name: 'Báo cáo hành chính' }).waitFor();
  for (const title of [
    'Phiếu yêu cầu',
    'Đặt xe: chuyến, km và chi phí',
    'Phòng họp: tỷ lệ sử dụng',
    'Văn bản đến và đi',
    'Lịch công tác',
    'Sự kiện tuyển dụng: phỏng vấn',
    'Sự kiện hành chính',
    'Thông báo hành chính',
  ])
    await office.page.locator('.ant-card-head-title').getByText(title, { exact: true }).waitFor();
  // The charts draw (a canvas each), and a card's figures export to xlsx.
  await office.page.waitForFunction(() => document.querySelectorAll('.ant-card canvas').length >= 3, undefined, { timeout: 30_000 });
  const [file] = await Promise.all([
    office.page.waitForEvent('download'),
    office.page.locator('.ant-card').filter({ hasText: 'Văn bản đến và đi' }).getByTestId('report-export').click(),
  ]);
  // The report's own export (GET <path>/export): its sheets headed by the declared labels.
  expect(file.suggestedFilename()).toBe('Văn bản đến và đi.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  expect(book.getWorksheet('Theo tháng')!.getRow(1).values).toEqual([undefined, 'Tháng', 'Chiều', 'Số lượng']);
  // A breakdown's table is its declared column list: the cars card's chart switched to its table, in either language.
  const cars = office.page.locator('.ant-card').filter({ hasText: 'Đặt xe: chuyến, km và chi phí' }).getByTestId('report-breakdown-byCar');
  await cars.getByText('Bảng', { exact: true }).click();
  await cars.getByTestId('report-table-byCar').waitFor();
  expect(await cars.getByTestId('report-table-byCar').locator('th').allTextContents()).toEqual(['Xe', 'Số chuyến', 'Số km', 'Chi phí']);
  await office.page.getByTestId('language-switch').getByText('EN').click();
  await office.page.getByRole('heading', { name: 'Administration reports' }).waitFor();
  await office.page.locator('.ant-card-head-title').getByText('Meeting rooms: occupancy', { exact: true }).waitFor();
  await office.page.locator('.ant-card-head-title').getByText('Administration events', { exact: true }).waitFor();
  expect(await office.page.getByTestId('report-table-byCar').locator('th').allTextContents()).toEqual(['Car', 'Trips', 'Kilometres', 'Cost']);
  expect(office.errors).toEqual([]);
  await office.context.close();
});

test("the business-travel calendar: the leaders' week in the week view, printed without the portal around it; the spec's /apps paths open the calendars", async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/admin/working-schedule/calendar`);
  await page.getByRole('heading', { name: 'Lịch công tác tuần' }).waitFor();
  // The demo's week is next week: the week view, one week on.
  await page.getByRole('button', { name: 'Tuần' }).click();
  await page.locator('.fc-timeGridWeek-view').waitFor();
  await page.locator('.fc-next-button').click();
  const trip = page.locator('.fc-event').filter({ hasText: 'Làm việc với chủ đầu tư dự án Long Biên' }).first();
  await trip.waitFor();
  await page.locator('.fc-event').filter({ hasText: 'Duyệt hồ sơ dự thầu gói MEP' }).first().waitFor();
  // Printed: the week's table with its entries, without the sidebar, the header or the on-screen calendar.
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.ant-layout-sider').first().isVisible()).toBe(false);
  expect(await page.locator('.fc-button-group').first().isVisible()).toBe(false);
  expect(await page.locator('.fc-timeGridWeek-view').isVisible()).toBe(false);
  expect(await page.getByTestId('print-schedule').getByText('Làm việc với chủ đầu tư dự án Long Biên').first().isVisible()).toBe(true);
  await page.emulateMedia({ media: 'screen' });
  expect(await trip.isVisible()).toBe(true);
  expect(await page.locator('.fc-button-group').first().isVisible()).toBe(true);
  // The spec's client-side calendar paths open the same pages: the events, a new one, one to change.
  await page.goto(`${s.url}/apps/business-travel/events`);
  await page.waitForURL(`${s.url}/admin/working-schedule/calendar`);
  await page.getByRole('heading', { name: 'Lịch công tác tuần' }).waitFor();
  await page.goto(`${s.url}/apps/calendar/add-event`);
  await page.waitForURL(`${s.url}/admin/book-room/new`);
  const {
    rows: [entry],
  } = await s.services.admin!.pool.query(`SELECT id FROM working_schedule WHERE content = 'Duyệt hồ sơ dự thầu gói MEP'`);
  await page.goto(`${s.url}/apps/business-travel/update-event?id=${entry.id}`);
  await page.waitForURL(`${s.url}/admin/working-schedule/${entry.id}/edit`);
  await page.goto(`${s.url}/apps/nowhere/events`);
  await page.getByText('Không tìm thấy trang').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
