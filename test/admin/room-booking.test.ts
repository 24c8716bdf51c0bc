/**
 * Meeting-room booking through the gateway, on the demo company: the orderer and department derived,
 * no double booking ever (50 requests at once for one slot: one booking, 49 told who holds it), repeating bookings
 * previewed occurrence by occurrence and booked where free, the start-time rules of spec §8 (a started meeting cannot
 * be deleted, cancelled or moved, only ended — the clock moved by setting the stored start), the department scope, and
 * the .ics invitation; an occurrence edited or cancelled with the rest of its series, all or none; a booking's site
 * kept from its room for the calendar's area filter.
 */
import ExcelJS from 'exceljs';
import { startTestStack, okData as ok, type TestStack } from '../support/stack';
import { companyTime, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = { 'accept-language': 'en' };
const at = companyTime;
const book = (who: DemoPerson, room: string, from: string, to: string, name = 'Họp giao ban') =>
  api(who).post('/book-room', { name, room_id: ids[room], start_time: from, end_time: to }, en);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  const area = await api('admin').post('/administrator-area', { code: 'HQ-T', name: 'Trụ sở test', address: '1 Lê Duẩn' });
  expect(area.status).toBe(200);
  for (const code of ['R1', 'R2', 'R3', 'R4']) {
    const r = await api('admin').post('/room', { code: `T-${code}`, name: `Phòng ${code}`, area_id: area.body.data.id, capacity: 10 });
    expect(r.status).toBe(200);
    ids[code] = r.body.data.id;
  }
});
afterAll(async () => {
  await s?.close();
});

test('an employee books a room: the orderer is them, the department theirs; a booking in the past is refused', async () => {
  const r = await book('eng', 'R1', at(3, '09:00'), at(3, '10:00'));
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ orderer_id: ids['engineer:staff'], department_id: ids.KTTC, status: 'BOOKED', repeat: 'NONE' });
  const past = await book('eng', 'R1', at(-1, '09:00'), at(-1, '10:00'));
  expect([past.status, past.body.errors]).toEqual([400, [{ path: 'start_time', message: 'The start time has passed' }]]);
  const short = await api('eng').post('/book-room', { name: 'Họp', room_id: ids.R1, start_time: at(3, '11:00'), end_time: at(3, '12:00') }, en);
  expect([short.status, short.body.errors[0].path]).toEqual([400, 'name']);
});

test('50 requests at once for one slot through the gateway: one booking, 49 clear 409s naming it', async () => {
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => book(i % 2 ? 'eng' : 'head', 'R2', at(4, '14:00'), at(4, '15:30'), `Yêu cầu ${i}`)));
  const won = results.filter((r) => r.status === 200);
  expect(won).toHaveLength(1);
  const lost = results.filter((r) => r.status === 409);
  expect(lost).toHaveLength(49);
  const when = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
      .format(new Date(iso))
      .replace(',', '');
  for (const r of lost) {
    expect(r.body.message).toBe(`Meeting room is already booked from ${when(at(4, '14:00'))} to ${when(at(4, '15:30'))}: ${won[0]!.body.data.name}`);
    expect(r.body.errors).toEqual([{ path: 'room_id', message: r.body.message }]);
  }
  const { rows } = await s.services.admin!.pool.query(`SELECT count(*)::int AS n FROM book_room WHERE room_id = $1 AND state = 'ACTIVE'`, [ids.R2]);
  expect(rows[0].n).toBe(1);
});

test('a weekly series of 20 with 3 dates taken: the preview marks them, the booking makes 17 and names the 3; a skipped date is booked later', async () => {
  const holders = [];
  for (const week of [2, 7, 15])
    holders.push((await book('head', 'R3', at(7 + 7 * week, '08:30'), at(7 + 7 * week, '09:30'), `Họp riêng tuần ${week}`)).body.data);
  const body = {
    name: 'Giao ban tuần',
    room_id: ids.R3,
    start_time: at(7, '08:00'),
    end_time: at(7, '09:00'),
    repeat: 'WEEKLY',
    repeat_until: at(7 + 7 * 19, '12:00').slice(0, 10),
  };
  const preview = await api('eng').post('/book-room/series-preview', body, en);
  expect(preview.status).toBe(200);
  expect([preview.body.data.items.length, preview.body.data.free, preview.body.data.taken]).toEqual([20, 17, 3]);
  expect(preview.body.data.items.filter((x: any) => !x.free).map((x: any) => x.holder.name)).toEqual([
    'Họp riêng tuần 2',
    'Họp riêng tuần 7',
    'Họp riêng tuần 15',
  ]);
  const made = await api('eng').post('/book-room/series', body, en);
  expect(made.status).toBe(200);
  expect([made.body.data.created, made.body.data.skipped.length]).toEqual([17, 3]);
  expect(made.body.data.skipped[0].message).toMatch(/^Meeting room is already booked from .+: Họp riêng tuần 2$/);
  expect(new Set(made.body.data.items.map((x: any) => x.series_id)).size).toBe(1);
  expect(made.body.data.items.every((x: any) => x.repeat === 'WEEKLY' && new Date(x.end_time).getTime() - new Date(x.start_time).getTime() === 3_600_000)).toBe(
    true,
  );
  // Its export reads as a person reads it: the repeat by its label, and no raw id (the series' grouping id is a filter).
  const exported = await api('eng').get(`/book-room/export?f_series_id=${made.body.data.series_id}`, en);
  expect(exported.status).toBe(200);
  const sheet = new ExcelJS.Workbook();
  await sheet.xlsx.load(exported.buffer as unknown as ArrayBuffer);
  const cells: string[] = [];
  sheet.worksheets[0]!.eachRow((row) =>
    row.eachCell((c) => {
      cells.push(String(c.value));
    }),
  );
  expect(cells.filter((c) => c === 'Hằng tuần' || c === 'Weekly')).toHaveLength(17);
  expect(cells.filter((c) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(c))).toEqual([]);
  // The holder of week 7 cancels: that date is booked on its own, in the same room and time.
  expect((await api('head').post(`/book-room/${holders[1].id}/status`, { status: 'CANCELLED' })).status).toBe(200);
  expect((await book('eng', 'R3', at(7 + 7 * 7, '08:00'), at(7 + 7 * 7, '09:00'), 'Giao ban tuần')).status).toBe(200);
  // Bad series: no end, too long, an end before the start.
  expect((await api('eng').post('/book-room/series-preview', { ...body, repeat_until: undefined }, en)).body.errors).toEqual([
    { path: 'repeat_until', message: 'Please choose when the repetition ends' },
  ]);
  expect(
    (await api('eng').post('/book-room/series-preview', { ...body, repeat: 'DAILY', repeat_until: at(400, '12:00').slice(0, 10) }, en)).body.errors,
  ).toEqual([{ path: 'repeat_until', message: 'The series is too long: 104 occurrences at most' }]);
  expect((await api('eng').post('/book-room/series-preview', { ...body, repeat_until: at(1, '12:00').slice(0, 10) }, en)).status).toBe(400);
});

test('this and the following: an edit shifts and renames the rest of a series, a clash or a started occurrence changes none; cancelling the rest', async () => {
  const body = {
    name: 'Họp dự án hằng ngày',
    room_id: ids.R2,
    start_time: at(30, '08:00'),
    end_time: at(30, '08:30'),
    repeat: 'DAILY',
    repeat_until: at(34, '12:00').slice(0, 10),
  };
  const made = (await api('eng').post('/book-room/series', body, en)).body.data;
  expect(made.created).toBe(5);
  const rows = async () =>
    (
      await s.services.admin!.pool.query(`SELECT id, name, status, start_time, end_time FROM book_room WHERE series_id = $1 ORDER BY start_time`, [
        made.series_id,
      ])
    ).rows;
  const [d0, d1, d2] = await rows();
  // From the third date: half an hour later, an hour long, renamed — the first two stay as they were.
  const moved = await api('eng').put(
    '/book-room/series-update',
    { id: d2.id, name: 'Họp dự án (dời giờ)', start_time: at(32, '08:30'), end_time: at(32, '09:30') },
    en,
  );
  expect([moved.status, moved.body.data?.updated]).toEqual([200, 3]);
  const after = await rows();
  expect(after.map((r: any) => r.name)).toEqual([
    'Họp dự án hằng ngày',
    'Họp dự án hằng ngày',
    'Họp dự án (dời giờ)',
    'Họp dự án (dời giờ)',
    'Họp dự án (dời giờ)',
  ]);
  expect(after.slice(2).map((r: any) => [r.start_time.toISOString(), r.end_time.toISOString()])).toEqual(
    [32, 33, 34].map((d) => [new Date(at(d, '08:30')).toISOString(), new Date(at(d, '09:30')).toISOString()]),
  );
  expect([d0, d1].map((r) => r.end_time.getTime() - r.start_time.getTime())).toEqual([1_800_000, 1_800_000]);
  // A shift onto another meeting on the last date: refused naming it, and nothing moved.
  await book('head', 'R2', at(34, '10:00'), at(34, '11:00'), 'Họp chen giữa');
  const clash = await api('eng').put('/book-room/series-update', { id: d2.id, start_time: at(32, '10:00'), end_time: at(32, '11:00') }, en);
  expect([clash.status, clash.body.message]).toEqual([409, expect.stringMatching(/^Meeting room is already booked from .+: Họp chen giữa$/)]);
  expect((await rows()).map((r: any) => r.start_time.toISOString())).toEqual(after.map((r: any) => r.start_time.toISOString()));
  // A day later: each date moves onto the day the next one of its own held — moved last first, no clash with itself.
  const before = await rows();
  expect((await api('eng').put('/book-room/series-update', { id: d0.id, start_time: at(31, '08:00'), end_time: at(31, '08:30') }, en)).status).toBe(200);
  expect((await rows()).map((r: any) => r.start_time.getTime())).toEqual(before.map((r: any) => r.start_time.getTime() + 86_400_000));
  // The whole form sent back with a new name only: the later dates keep their own times and attendees.
  const [, , e2] = await rows();
  ok(await api('eng').put(`/book-room/${e2.id}`, { attendee_ids: [ids.NV024] }));
  const shown = ok(await api('eng').get(`/book-room/${d0.id}`));
  const form = {
    name: 'Họp dự án – phòng 2',
    room_id: shown.room_id,
    orderer_id: shown.orderer_id,
    start_time: shown.start_time,
    end_time: shown.end_time,
    attendee_ids: [],
    note: null,
    save_to_calendar: null,
  };
  expect((await api('eng').put('/book-room/series-update', { id: d0.id, ...form }, en)).status).toBe(200);
  const renamed = await rows();
  expect(renamed.map((r: any) => r.name)).toEqual(Array(5).fill('Họp dự án – phòng 2'));
  expect(renamed.map((r: any) => r.end_time.getTime() - r.start_time.getTime())).toEqual([1_800_000, 1_800_000, 1_800_000, 1_800_000, 1_800_000]);
  expect(ok(await api('eng').get(`/book-room/${e2.id}`)).attendee_ids).toEqual([ids.NV024]);
  // Not the orderer's colleague's to change, a bad field, an unknown or a single booking.
  expect((await api('head').put('/book-room/series-update', { id: d2.id, name: 'Đổi tên hộ' }, en)).status).toBe(403);
  expect((await api('eng').put('/book-room/series-update', { id: d2.id, name: 'ab' }, en)).body.errors[0].path).toBe('name');
  expect((await api('eng').put('/book-room/series-update', { id: 'x', name: 'Tên mới' }, en)).body.errors[0].path).toBe('id');
  const single = (await book('eng', 'R2', at(40, '08:00'), at(40, '09:00'), 'Họp lẻ')).body.data;
  expect((await api('eng').post('/book-room/series-cancel', { id: single.id }, en)).body.message).toBe(
    'This meeting room booking is not part of a repeating series',
  );
  // Cancelling from the fourth date cancels it and the fifth; once the first has started, cancelling from it changes none.
  const [, , , d3] = await rows();
  const cancelled = await api('eng').post('/book-room/series-cancel', { id: d3.id }, en);
  expect([cancelled.status, cancelled.body.data?.cancelled]).toEqual([200, 2]);
  expect((await rows()).map((r: any) => r.status)).toEqual(['BOOKED', 'BOOKED', 'BOOKED', 'CANCELLED', 'CANCELLED']);
  await s.services.admin!.pool.query(`UPDATE book_room SET start_time = now() - interval '5 minutes', end_time = now() + interval '25 minutes' WHERE id = $1`, [
    d0.id,
  ]);
  const started = await api('eng').post('/book-room/series-cancel', { id: d0.id }, en);
  expect([started.status, started.body.message]).toEqual([422, 'Moving to "Cancelled" failed because the meeting room booking start time has passed']);
  expect((await rows()).map((r: any) => r.status)).toEqual(['BOOKED', 'BOOKED', 'BOOKED', 'CANCELLED', 'CANCELLED']);
});

test("a booking keeps its room's site: the calendar filters by it, and a room moved to another site takes its coming bookings along", async () => {
  const other = (await api('admin').post('/administrator-area', { code: 'HQ-T2', name: 'Chi nhánh test', address: '2 Lê Duẩn' })).body.data;
  const coming = (await book('eng', 'R1', at(20, '14:00'), at(20, '15:00'), 'Họp chi nhánh')).body.data;
  const {
    rows: [room],
  } = await s.services.admin!.pool.query(`SELECT area_id FROM room WHERE id = $1`, [ids.R1]);
  expect(coming.area_id).toBe(room.area_id);
  const day = at(20, '14:00').slice(0, 10);
  const cal = async (area: string) =>
    (await api('eng').get(`/book-room/calendar?from=${day}&to=${day}&f_area_id=${area}`)).body.data.items.map((x: any) => x.name);
  expect(await cal(room.area_id)).toContain('Họp chi nhánh');
  expect(await cal(other.id)).not.toContain('Họp chi nhánh');
  // A meeting already held there stays where it was held.
  const held = (await book('eng', 'R1', at(21, '14:00'), at(21, '15:00'), 'Họp đã diễn ra')).body.data;
  await s.services.admin!.pool.query(
    `UPDATE book_room SET start_time = now() - interval '3 days', end_time = now() - interval '3 days' + interval '1 hour' WHERE id = $1`,
    [held.id],
  );
  expect((await api('admin').put(`/room/${ids.R1}`, { area_id: other.id })).status).toBe(200);
  expect(await cal(other.id)).toContain('Họp chi nhánh');
  expect((await api('eng').get(`/book-room/${coming.id}`)).body.data.area_id).toBe(other.id);
  expect((await api('eng').get(`/book-room/${held.id}`)).body.data.area_id).toBe(room.area_id);
});

test('spec §8: a started meeting cannot be deleted, cancelled or moved — only ended, which frees the rest of its slot', async () => {
  const r = (await book('eng', 'R4', at(5, '10:00'), at(5, '12:00'), 'Họp đã bắt đầu')).body.data;
  // The clock moves: the meeting began 30 minutes ago and ends in 90.
  await s.services.admin!.pool.query(
    `UPDATE book_room SET start_time = now() - interval '30 minutes', end_time = now() + interval '90 minutes' WHERE id = $1`,
    [r.id],
  );
  const del = await api('hr').raw('DELETE', `/book-room/${r.id}`, { headers: en });
  expect([del.status, del.body.message]).toEqual([422, 'Delete failed because the meeting room booking start time has passed']);
  const cancel = await api('eng').post(`/book-room/${r.id}/status`, { status: 'CANCELLED' }, en);
  expect([cancel.status, cancel.body.message]).toEqual([422, 'Moving to "Cancelled" failed because the meeting room booking start time has passed']);
  const move = await api('eng').put(`/book-room/${r.id}`, { end_time: at(6, '12:00') }, en);
  expect([move.status, move.body.message]).toEqual([422, 'Change failed because the meeting room booking start time has passed']);
  // A colleague in the department who is not the orderer and cannot edit bookings may not end it.
  expect((await api('head').post(`/book-room/${r.id}/status`, { status: 'ENDED' }, en)).status).toBe(403);
  const end = await api('eng').post(`/book-room/${r.id}/status`, { status: 'ENDED' }, en);
  expect(end.status).toBe(200);
  expect(end.body.data.status).toBe('ENDED');
  // A meeting that took place is not erased by ending it first — it stays on the calendar and in the reports.
  const erase = await api('eng').raw('DELETE', `/book-room/${r.id}`, { headers: en });
  expect([erase.status, erase.body.message]).toEqual([422, 'This meeting room booking is "Ended": it can no longer be deleted']);
  expect((await api('eng').get(`/book-room/${r.id}`)).body.data.state).toBe('ACTIVE');
  expect(Math.abs(new Date(end.body.data.end_time).getTime() - Date.now())).toBeLessThan(60_000);
  // The rest of the slot is free: someone books the room for the next half hour.
  expect((await book('head', 'R4', new Date(Date.now() + 60_000).toISOString(), new Date(Date.now() + 1_800_000).toISOString(), 'Họp tiếp')).status).toBe(200);
  // A meeting not yet started is cancelled, not ended; an ended or cancelled one is not edited.
  const later = (await book('eng', 'R4', at(6, '10:00'), at(6, '11:00'), 'Họp ngày mai')).body.data;
  expect((await api('eng').post(`/book-room/${later.id}/status`, { status: 'ENDED' }, en)).body.message).toBe(
    'This meeting room booking has not started: it cannot be moved to "Ended" yet',
  );
  expect((await api('eng').post(`/book-room/${later.id}/status`, { status: 'CANCELLED' }, en)).status).toBe(200);
  expect((await api('eng').put(`/book-room/${later.id}`, { name: 'Đổi tên' }, en)).body.message).toBe(
    'This meeting room booking is "Cancelled": it can no longer be changed',
  );
});

test("the department scope: the head of KTTC sees KTTC's bookings; HR (all) sees every one; the invitation is an .ics event", async () => {
  const mine = (await book('eng', 'R1', at(8, '13:00'), at(8, '14:00'), 'Họp phòng KTTC')).body.data;
  const own = (await book('hr', 'R1', at(8, '15:00'), at(8, '16:00'), 'Họp phòng HCNS')).body.data;
  const names = async (who: DemoPerson) => (await api(who).get('/book-room?limit=300')).body.data.items.map((x: any) => x.name);
  expect(await names('head')).toEqual(expect.arrayContaining(['Họp phòng KTTC']));
  expect(await names('head')).not.toContain('Họp phòng HCNS');
  expect(await names('hr')).toEqual(expect.arrayContaining(['Họp phòng KTTC', 'Họp phòng HCNS']));
  expect((await api('eng').get(`/book-room/${own.id}`)).status).toBe(404);
  const ics = await api('eng').raw('GET', `/book-room/${mine.id}/ics`);
  expect(ics.status).toBe(200);
  expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
  const text = ics.buffer!.toString('utf8');
  expect(text).toMatch(/BEGIN:VEVENT[\s\S]*SUMMARY:Họp phòng KTTC[\s\S]*LOCATION:Phòng R1[\s\S]*END:VEVENT/);
  expect((await api('eng').raw('GET', `/book-room/${own.id}/ics`)).status).toBe(404);
});
