/**
 * Rooms, cars and drivers held indefinitely. A booking's limits are declared (contracts
 * `ResourceDef.booking`) and kept by the kit on every write (service-kit resource/booking.ts), from settings an
 * administrator changes (`GET|PUT <path>/booking-setting`): a room at most 12 hours and 180 days ahead, a trip at most
 * 14 days and 90 days ahead — refused with a 400 on the end or the start naming the limit, in vi and en. A trip kept
 * as a draft (never sent for approval while a car approval flow exists) holds its car and driver 48 hours from its
 * creation: then the sweep cancels it (the slot free), with an activity entry and a notification to its orderer, once.
 * The clock is the services' own, moved by the test (`shift`); the sweep runs every 200 ms here.
 */
import { startTestStack, eventually, okData as ok, type TestStack } from '../support/stack';
import { companyTime as at, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(120_000);
const hour = 3_600_000;
let shift = 0;
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = { 'accept-language': 'en' };
const vi = { 'accept-language': 'vi' };
const meeting = (from: string, to: string, room = 'R1', headers = en) =>
  api('eng').post('/book-room', { name: 'Giữ phòng họp', room_id: ids[room], start_time: from, end_time: to }, headers);
const trip = (who: DemoPerson, car: string, from: string, to: string) =>
  api(who).post(
    '/book-car',
    { purpose: 'Đi công trường', car_id: ids[car], start_time: from, end_time: to, pickup_place: 'Trụ sở', destination: 'Thủ Đức', passengers: 2 },
    en,
  );
const refusal = (path: string, message: string) => [400, message, [{ path, message }]];
const answer = (r: { status: number; body: any }) => [r.status, r.body.message, r.body.errors];

beforeAll(async () => {
  s = await startTestStack({ demo: true, now: () => new Date(Date.now() + shift), env: { BOOKING_DRAFT_SWEEP_EVERY_MS: '200' } });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  const area = ok(await api('admin').post('/administrator-area', { code: 'LIM', name: 'Khu giới hạn', address: '1 Lê Duẩn' }));
  for (const code of ['R1', 'R2'])
    ids[code] = ok(await api('admin').post('/room', { code: `LIM-${code}`, name: `Phòng ${code}`, area_id: area.id, capacity: 10 })).id;
  for (const [code, driver] of [
    ['C1', 'NV040'],
    ['C2', 'NV041'],
    ['C3', null],
  ] as const) {
    ids[code] = ok(
      await api('admin').post('/car-setting', {
        license_plate: `51L-000.0${code.slice(1)}`,
        name: 'Xe giới hạn',
        seats: 7,
        area_id: area.id,
        driver_id: driver ? ids[driver] : null,
        cost_per_km: 5000,
        driver_cost_per_day: 300_000,
      }),
    ).id;
  }
});
afterAll(async () => {
  await s?.close();
});

test('a room booked until 2199 and a trip from +20 days to 2199 are refused on their end, naming the limit; too far ahead is refused on the start', async () => {
  // As observed: 200 for both before the fix.
  expect(answer(await meeting(at(3, '09:00'), '2199-12-31T10:00:00+07:00'))).toEqual(refusal('end_time', 'A booking lasts at most 12 hours'));
  expect(answer(await meeting(at(3, '09:00'), '2199-12-31T10:00:00+07:00', 'R1', vi))).toEqual(refusal('end_time', 'Mỗi lượt đặt kéo dài tối đa 12 giờ'));
  expect(answer(await trip('eng', 'C1', at(20, '08:00'), '2199-12-31T17:00:00+07:00'))).toEqual(refusal('end_time', 'A booking lasts at most 14 days'));
  // At the limits: twelve hours, fourteen days; a minute more is refused.
  expect(ok(await meeting(at(3, '07:00'), at(3, '19:00'))).status).toBe('BOOKED');
  expect(answer(await meeting(at(4, '07:00'), at(4, '19:01')))).toEqual(refusal('end_time', 'A booking lasts at most 12 hours'));
  expect(ok(await trip('eng', 'C1', at(30, '08:00'), at(44, '08:00'))).status).toBe('WAITING');
  expect(answer(await trip('eng', 'C2', at(30, '08:00'), at(44, '08:01')))).toEqual(refusal('end_time', 'A booking lasts at most 14 days'));
  // How far ahead, by the company's day: a room on day 180, not 181; a car on day 90, not 91.
  expect(ok(await meeting(at(180, '09:00'), at(180, '10:00'))).status).toBe('BOOKED');
  expect(answer(await meeting(at(181, '09:00'), at(181, '10:00')))).toEqual(refusal('start_time', 'Bookings open at most 180 days ahead'));
  expect(answer(await meeting(at(181, '09:00'), at(181, '10:00'), 'R1', vi))).toEqual(refusal('start_time', 'Chỉ được đặt trước tối đa 180 ngày'));
  expect(ok(await trip('eng', 'C2', at(90, '08:00'), at(90, '17:00'))).status).toBe('WAITING');
  expect(answer(await trip('eng', 'C2', at(91, '08:00'), at(91, '17:00')))).toEqual(refusal('start_time', 'Bookings open at most 90 days ahead'));
  // An edit is held to the same limits when it moves the times; one that leaves them is not rechecked.
  const b = ok(await meeting(at(5, '09:00'), at(5, '10:00')));
  expect(answer(await api('eng').put(`/book-room/${b.id}`, { end_time: '2199-12-31T10:00:00+07:00' }, en))).toEqual(
    refusal('end_time', 'A booking lasts at most 12 hours'),
  );
  expect(answer(await api('eng').put(`/book-room/${b.id}`, { start_time: at(200, '09:00'), end_time: at(200, '10:00') }, en))).toEqual(
    refusal('start_time', 'Bookings open at most 180 days ahead'),
  );
  expect(ok(await api('eng').put(`/book-room/${b.id}`, { name: 'Đổi tên cuộc họp' }, en)).name).toBe('Đổi tên cuộc họp');
  // A weekly series reaching past the window books nothing, refused on its end.
  const series = await api('eng').post(
    '/book-room/series',
    {
      name: 'Giao ban cả năm',
      room_id: ids.R2,
      start_time: at(7, '08:00'),
      end_time: at(7, '09:00'),
      repeat: 'WEEKLY',
      repeat_until: at(7 + 7 * 30, '12:00').slice(0, 10),
    },
    en,
  );
  expect(answer(series)).toEqual(refusal('repeat_until', 'Bookings open at most 180 days ahead'));
  const { rows } = await s.services.admin!.pool.query(`SELECT count(*)::int AS n FROM book_room WHERE name = 'Giao ban cả năm'`);
  expect(rows[0].n).toBe(0);
});

test('the limits are the settings: anyone who books reads them, only the settings right changes them, and the next booking follows', async () => {
  expect(ok(await api('eng').get('/book-room/booking-setting'))).toEqual({ longest: 12, ahead_days: 180 });
  expect(ok(await api('eng').get('/book-car/booking-setting'))).toEqual({ longest: 14, ahead_days: 90, draft_hold_hours: 48 });
  expect((await api('hr').put('/book-room/booking-setting', { longest: 100, ahead_days: 3650 })).status).toBe(403);
  const bad = await api('admin').put('/book-room/booking-setting', { longest: 0, ahead_days: 30 }, en);
  expect([bad.status, bad.body.errors[0].path]).toEqual([400, 'longest']);
  expect(ok(await api('admin').put('/book-room/booking-setting', { longest: 4, ahead_days: 30 }))).toEqual({ longest: 4, ahead_days: 30 });
  expect(answer(await meeting(at(6, '08:00'), at(6, '13:00')))).toEqual(refusal('end_time', 'A booking lasts at most 4 hours'));
  expect(answer(await meeting(at(31, '08:00'), at(31, '09:00')))).toEqual(refusal('start_time', 'Bookings open at most 30 days ahead'));
  expect(ok(await meeting(at(30, '08:00'), at(30, '12:00'))).status).toBe('BOOKED');
  await eventually(async () => {
    const { rows } = await s.services.system!.pool.query(
      `SELECT updated_data FROM activity_log WHERE context = 'booking_setting' AND description = 'bookRoom'`,
    );
    expect(rows.map((r) => r.updated_data)).toContainEqual({ longest: 4, ahead_days: 30 });
  }, 10_000);
  ok(await api('admin').put('/book-room/booking-setting', { longest: 12, ahead_days: 180 }));
});

test('a draft trip holds its car and driver 48 hours from its creation, then the sweep cancels it once, logs it and tells its orderer', async () => {
  const draft = ok(await trip('eng', 'C3', at(20, '08:00'), at(20, '16:00')));
  const sent = ok(await trip('eng', 'C2', at(21, '08:00'), at(21, '16:00')));
  expect([draft.approval_status, sent.approval_status]).toEqual(['DRAFT', 'DRAFT']);
  expect((await api('eng').post(`/book-car/${sent.id}/submit`, {})).status).toBe(200);
  const status = async (id: string) => (await s.services.admin!.pool.query(`SELECT status FROM book_car WHERE id = $1`, [id])).rows[0].status;
  // At 47 hours it still holds the car: another trip in its slot is a 409.
  shift = 47 * hour;
  await new Promise((r) => setTimeout(r, 1500));
  expect(await status(draft.id)).toBe('WAITING');
  expect((await trip('head', 'C3', at(20, '09:00'), at(20, '10:00'))).status).toBe(409);
  shift = 49 * hour;
  await eventually(async () => expect(await status(draft.id)).toBe('CANCELLED'), 10_000);
  expect(await status(sent.id)).toBe('WAITING');
  // The car is free again.
  expect(ok(await trip('head', 'C3', at(20, '09:00'), at(20, '10:00'))).status).toBe('WAITING');
  const notes = async () =>
    ((await api('eng').get('/notifications?limit=100')).body.data.items as { context: string; title: { en: string } | string }[]).filter(
      (n) => n.context === `bookCar:${draft.id}`,
    );
  await eventually(async () => expect(await notes()).toHaveLength(1), 10_000);
  expect(JSON.stringify((await notes())[0])).toContain('never sent for approval');
  const log = async () =>
    ((await api('eng').get(`/activity-log?q=bookCar:${draft.id}`)).body.data.items as { description: string | null }[]).filter((x) =>
      /not sent for approval/.test(x.description ?? ''),
    );
  await eventually(async () => expect(await log()).toHaveLength(1), 10_000);
  // Idempotent: more sweeps change nothing more.
  await new Promise((r) => setTimeout(r, 1000));
  expect([(await notes()).length, (await log()).length]).toEqual([1, 1]);
});

test('without a car approval flow a draft is an ordinary booking: it keeps its slot', async () => {
  for (const flow of ok(await api('admin').get('/admin/approval-flow?f_document_type=book_car')).items)
    expect((await api('admin').del(`/admin/approval-flow/${flow.id}`)).status).toBe(200);
  const draft = ok(await trip('eng', 'C1', at(25, '08:00'), at(25, '16:00')));
  shift += 100 * hour;
  await new Promise((r) => setTimeout(r, 1500));
  const { rows } = await s.services.admin!.pool.query(`SELECT status FROM book_car WHERE id = $1`, [draft.id]);
  expect(rows[0].status).toBe('WAITING');
});
