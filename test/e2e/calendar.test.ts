/**
 * A booking calendar as people use it, in the built portal (ui-kit calendar/ResourceCalendar.tsx): the engineer sees the
 * HR manager's meeting as "Busy" where it is, without its name; the week grid opens on the working day; a free slot
 * clicked (a phone: tapped) opens the booking form with the room and the times filled, and saving or going back returns
 * to the same week and view (kept in the address); printing gives a light A4 table of the week, without the calendar,
 * its filters or the portal around it — at 1440 px and on a 390 px phone, in Vietnamese and English.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { openPage, signInUi } from '../support/browser';
import { companyDay, companyTime } from '../support/demo-company';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;
let room: { id: string; name: string };
const SECRET = 'Phỏng vấn ứng viên Kế toán trưởng';
// Tomorrow (the company's day), and the Monday of its week: the week the calendar is opened on.
const day = companyDay(1);
const monday = (() => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
})();
const weekUrl = () => `${s.url}/admin/book-room/calendar?view=timeGridWeek&date=${monday}`;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
  room = (await s.services.admin!.pool.query(`SELECT id, name FROM room WHERE code = 'P301'`)).rows[0];
  // The HR manager's meeting at 17:00 company time (10:00 UTC: inside the working day whatever the browser's zone).
  const hr = s.api((await s.signIn('hr@portal.local', DEMO_PASSWORD)).accessToken);
  const made = await hr.post('/book-room', { name: SECRET, room_id: room.id, start_time: companyTime(1, '17:00'), end_time: companyTime(1, '18:00') });
  expect(made.status).toBe(200);
});

/** The hour at the top of the week grid's scrolled box (the label of the first slot row whose bottom is below its top). */
const firstVisibleHour = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('.fc-timegrid-body')!.closest('.fc-scroller')!;
    const top = scroller.getBoundingClientRect().top;
    const rows = Array.from(document.querySelectorAll<HTMLElement>('.fc-timegrid-slot-label[data-time]'));
    const first = rows.find((r) => r.getBoundingClientRect().bottom > top + 2)!;
    return { time: first.dataset.time!, scrolled: scroller.scrollTop };
  });

/** The booking form's room field (its label and the room it shows). */
const roomField = (page: Page) => page.locator('.ant-form-item').filter({ has: page.getByText('Phòng họp', { exact: true }) });

/** Clicks (or taps) tomorrow's column at a time of the browser's day. */
async function clickSlot(page: Page, time: string, tap = false) {
  const lane = page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`);
  await lane.scrollIntoViewIfNeeded();
  const col = (await page.locator(`.fc-timegrid-col[data-date="${day}"]`).boundingBox())!;
  const row = (await lane.boundingBox())!;
  const [x, y] = [col.x + col.width / 2, row.y + row.height / 2];
  if (tap) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

test('1440 px: the engineer sees the HR meeting as busy, the week opens at 07:00, a free slot books the room and the calendar stays on the week', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.goto(weekUrl());
  await page.getByRole('heading', { name: 'Lịch phòng họp' }).waitFor();
  await page.locator('.fc-timeGridWeek-view').waitFor();
  const busy = page.getByTestId('event-busy').filter({ hasText: 'Đã có lịch' }).filter({ hasText: room.name });
  await busy.first().waitFor();
  expect(await page.getByText(SECRET).count()).toBe(0);
  expect(await busy.first().getAttribute('title')).toBe('Khung giờ này đã có người đặt');
  // The week grid opens on the working day, not at midnight.
  expect(await firstVisibleHour(page)).toEqual({ time: '07:00:00', scrolled: expect.any(Number) });
  expect((await firstVisibleHour(page)).scrolled).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/calendar-week-1440-vi.png' });

  // The room picked: the address keeps it with the week and the view.
  await page.getByTestId('calendar-location').click();
  await page.locator('.ant-select-item-option').filter({ hasText: room.name }).click();
  await page.waitForURL((u) => u.searchParams.get('f_room_id') === room.id);
  // The Book button opens the form with the room; back leaves the calendar as it was.
  await page.getByTestId('calendar-book').click();
  await page.waitForURL(/\/admin\/book-room\/new\?/);
  await roomField(page).getByText(room.name).first().waitFor();
  await page.getByRole('button', { name: 'Hủy' }).click();
  await page.waitForURL(
    (u) => u.pathname === '/admin/book-room/calendar' && u.searchParams.get('view') === 'timeGridWeek' && u.searchParams.get('date') === monday,
  );
  await page.locator('.fc-timeGridWeek-view').waitFor();

  // A free slot clicked: the form with the room and that hour.
  await clickSlot(page, '14:00:00');
  await page.waitForURL(/\/admin\/book-room\/new\?/);
  await page.getByLabel('Bắt đầu').waitFor();
  expect([await page.getByLabel('Bắt đầu').inputValue(), await page.getByLabel('Kết thúc').inputValue()]).toEqual([`${dmy(day)} 14:00`, `${dmy(day)} 15:00`]);
  await roomField(page).getByText(room.name).first().waitFor();
  // The form says what of the room is taken that day: the HR manager's meeting as busy, not by its name.
  await page.getByTestId('taken-that-day').filter({ hasText: 'Đã có lịch trong ngày này' }).filter({ hasText: '· Đã có lịch' }).waitFor();
  expect(await page.getByTestId('taken-that-day').innerText()).not.toContain(SECRET);
  await page.screenshot({ path: '/tmp/calendar-form-1440-vi.png' });
  await page.getByLabel('Tên sự kiện').fill('Họp kỹ thuật từ lịch tuần');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await page.getByText('Tạo mới thành công').waitFor();
  // Saved: back on the same week, in the week view, the room still picked, the meeting there.
  await page.waitForURL(
    (u) => u.pathname === '/admin/book-room/calendar' && u.searchParams.get('view') === 'timeGridWeek' && u.searchParams.get('date') === monday,
  );
  expect(new URL(page.url()).searchParams.get('f_room_id')).toBe(room.id);
  await page.locator('.fc-timeGridWeek-view').waitFor();
  await page.locator('.fc-event').filter({ hasText: 'Họp kỹ thuật từ lịch tuần' }).waitFor();
  const { rows } = await s.services.admin!.pool.query(
    `SELECT room_id, extract(epoch FROM end_time - start_time)::int AS seconds FROM book_room WHERE name = $1`,
    ['Họp kỹ thuật từ lịch tuần'],
  );
  expect(rows).toEqual([{ room_id: room.id, seconds: 3600 }]);

  // The month grid shows the times whole (start and end).
  await page.getByRole('button', { name: 'Tháng' }).click();
  await page.locator('.fc-dayGridMonth-view').waitFor();
  await page.waitForURL((u) => u.searchParams.get('view') === 'dayGridMonth');
  expect(await page.locator('.fc-daygrid-event').filter({ hasText: 'Họp kỹ thuật từ lịch tuần' }).first().innerText()).toMatch(/\d\d:\d\d\s*[-–]\s*\d\d:\d\d/);
  await page.screenshot({ path: '/tmp/calendar-month-1440-vi.png' });
  expect(errors).toEqual([]);
  await context.close();
});

test('a clash with a meeting the engineer may not read is refused without naming it: the room is booked, with its times', async () => {
  const engineer = s.api((await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken);
  const hr = s.api((await s.signIn('hr@portal.local', DEMO_PASSWORD)).accessToken);
  const slot = { room_id: room.id, start_time: companyTime(1, '17:30'), end_time: companyTime(1, '18:30') };
  const refused = await engineer.post('/book-room', { name: 'Họp nhóm kỹ thuật', ...slot });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toMatch(/^Phòng họp đã có lịch từ \d\d\/\d\d\/\d{4} 17:00 đến \d\d\/\d\d\/\d{4} 18:00$/);
  expect(JSON.stringify(refused.body)).not.toContain(SECRET);
  // A series' preview says the same: taken, with its times, not whose.
  const series = { name: 'Họp nhóm hằng ngày', ...slot, repeat: 'DAILY', repeat_until: companyDay(2) };
  const preview = await engineer.post('/book-room/series-preview', series);
  expect(preview.status).toBe(200);
  expect(preview.body.data.items[0]).toMatchObject({ free: false, holder: { start_time: expect.any(String), end_time: expect.any(String) } });
  expect(preview.body.data.items[0].holder.id).toBeUndefined();
  expect(JSON.stringify(preview.body)).not.toContain(SECRET);
  // Whoever may read the meeting is told which it is.
  const told = await hr.post('/book-room', { name: 'Họp trùng giờ', ...slot });
  expect([told.status, told.body.message]).toEqual([409, expect.stringMatching(new RegExp(`: ${SECRET}$`))]);
  expect((await hr.post('/book-room/series-preview', series)).body.data.items[0].holder.name).toBe(SECRET);
});

test('printing the week: a light A4 table of its days and meetings, without the calendar, its filters or the portal around it', async () => {
  const { page, context, errors } = await openPage(browser, { lang: 'en' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.goto(weekUrl());
  await page.getByRole('heading', { name: 'Meeting room calendar' }).waitFor();
  await page.getByTestId('event-busy').first().waitFor();
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('print-schedule');
  await sheet.waitFor();
  for (const hidden of ['.ant-layout-sider', '.ant-layout-header', '.fc', '[data-testid="calendar-location"]', '[data-testid="calendar-book"]'])
    expect([hidden, await page.locator(hidden).first().isVisible()]).toEqual([hidden, false]);
  expect(await sheet.locator('th').allTextContents()).toEqual(['Day', 'Time', 'What', 'Where']);
  // Seven days of the week, Monday first; tomorrow's busy slot in room 301, and no name of it.
  const days = await sheet.locator('tbody td[rowspan]').allTextContents();
  expect(days).toHaveLength(7);
  expect(days[0]).toMatch(/^Monday/);
  await sheet.locator('tr').filter({ hasText: 'Busy' }).filter({ hasText: room.name }).first().waitFor();
  expect(await sheet.getByText(SECRET).count()).toBe(0);
  // Light: black on white, whatever the screen's (dark) theme.
  const colours = await page.evaluate(() => {
    const cell = document.querySelector('[data-testid="print-schedule"] td')!;
    const card = document.querySelector('.portal-calendar-page')!;
    return [
      getComputedStyle(cell).color,
      getComputedStyle(cell).backgroundColor,
      getComputedStyle(card).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
    ];
  });
  expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)', 'rgb(255, 255, 255)', 'rgb(255, 255, 255)']);
  await page.screenshot({ path: '/tmp/calendar-print-en.png', fullPage: true });
  const pdf = await page.pdf({ path: '/tmp/calendar-print-en.pdf', format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
  expect(await sheet.isVisible()).toBe(false);
  expect(await page.locator('.fc-timeGridWeek-view').isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('390 px phone, in English: the week view opens at working hours with the busy slot; a tapped free slot opens the form; back returns to the week', async () => {
  const { page, context, errors } = await openPage(browser, { phone: true, lang: 'en' });
  await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.goto(`${weekUrl()}&f_room_id=${room.id}`);
  await page.getByRole('heading', { name: 'Meeting room calendar' }).waitFor();
  await page.locator('.fc-timeGridWeek-view').waitFor();
  await page.getByTestId('event-busy').filter({ hasText: 'Busy' }).first().waitFor();
  expect((await firstVisibleHour(page)).time).toBe('07:00:00');
  await page.screenshot({ path: '/tmp/calendar-week-390-en.png' });
  await clickSlot(page, '15:00:00', true);
  await page.waitForURL(/\/admin\/book-room\/new\?/);
  await page.getByLabel('Start time').waitFor();
  expect([await page.getByLabel('Start time').inputValue(), await page.getByLabel('End time').inputValue()]).toEqual([
    `${dmy(day)} 15:00`,
    `${dmy(day)} 16:00`,
  ]);
  await page.screenshot({ path: '/tmp/calendar-form-390-en.png' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(
    (u) => u.pathname === '/admin/book-room/calendar' && u.searchParams.get('view') === 'timeGridWeek' && u.searchParams.get('date') === monday,
  );
  await page.locator('.fc-timeGridWeek-view').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
