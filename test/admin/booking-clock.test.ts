/**
 * The start-time rules of spec §8 on a fixed clock (the admin service's `now`, set by the test): a meeting or a trip
 * starting at 10:00 is cancelled or deleted at 09:59, not at 10:00 nor at 10:01 (a message says why); a started meeting
 * is only ended ("end now": at once, one minute kept at least), never before its start; a booking made up to five
 * minutes late still counts (the grace period), not a millisecond more. The alias `/book-car-status` keeps the same rule.
 */
import { startTestStack, okData as ok, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
/** A day far from today, in the company's time (UTC+7). */
const at = (hhmm: string, ms = 0) => new Date(new Date(`2031-03-10T${hhmm}:00+07:00`).getTime() + ms);
let clock = at('08:00');
const setClock = (hhmm: string, ms = 0) => {
  clock = at(hhmm, ms);
};

let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = { 'accept-language': 'en' };
const iso = (hhmm: string) => at(hhmm).toISOString();
const meeting = (room: string, from = '10:00', to = '11:00') =>
  api('eng').post('/book-room', { name: 'Họp giao ban', room_id: ids[room], start_time: iso(from), end_time: iso(to) }, en);
const trip = (car: string, from = '10:00', to = '12:00') =>
  api('eng').post(
    '/book-car',
    { purpose: 'Đi công trường', car_id: ids[car], start_time: iso(from), end_time: iso(to), pickup_place: 'Trụ sở', destination: 'Thủ Đức', passengers: 2 },
    en,
  );
const del = (path: string) => api('eng').raw('DELETE', path, { headers: en });
// The spec §8 wording, as the kit builds it from the act and the record's label (contracts kit/actors.ts).
const started = (noun: string, record: string) => `${noun} failed because the ${record} start time has passed`;
const MEETING_CANCEL = started('Moving to "Cancelled"', 'meeting room booking');
const MEETING_DELETE = started('Delete', 'meeting room booking');
const TRIP_CANCEL = started('Moving to "Cancelled"', 'car booking');
const TRIP_DELETE = started('Delete', 'car booking');

beforeAll(async () => {
  s = await startTestStack({ demo: true, now: () => clock });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  const area = ok(await api('admin').post('/administrator-area', { code: 'CLK', name: 'Khu đồng hồ', address: '1 Lê Duẩn' }));
  for (let i = 1; i <= 8; i++) {
    ids[`R${i}`] = ok(await api('admin').post('/room', { code: `CLK-R${i}`, name: `Phòng ${i}`, area_id: area.id, capacity: 10 })).id;
    ids[`C${i}`] = ok(
      await api('admin').post('/car-setting', {
        license_plate: `51K-100.0${i}`,
        name: 'Xe đồng hồ',
        seats: 7,
        area_id: area.id,
        cost_per_km: 5000,
        driver_cost_per_day: 300_000,
      }),
    ).id;
  }
});
afterAll(async () => {
  await s?.close();
});

test('a meeting at 10:00: cancelled or deleted at 09:59; at 10:00 and 10:01 refused with a message, only ended — never before its start', async () => {
  setClock('09:00');
  const [a, b, c, d] = [ok(await meeting('R1')), ok(await meeting('R2')), ok(await meeting('R3')), ok(await meeting('R4'))];
  setClock('09:59');
  expect(ok(await api('eng').post(`/book-room/${a.id}/status`, { status: 'CANCELLED' }, en)).status).toBe('CANCELLED');
  expect((await del(`/book-room/${b.id}`)).status).toBe(200);
  const early = await api('eng').post(`/book-room/${c.id}/status`, { status: 'ENDED' }, en);
  expect([early.status, early.body.message]).toEqual([422, 'This meeting room booking has not started: it cannot be moved to "Ended" yet']);
  for (const now of ['10:00', '10:01']) {
    setClock(now);
    for (const booking of [c, d]) {
      const cancel = await api('eng').post(`/book-room/${booking.id}/status`, { status: 'CANCELLED' }, en);
      expect([now, cancel.status, cancel.body.message]).toEqual([now, 422, MEETING_CANCEL]);
      const gone = await del(`/book-room/${booking.id}`);
      expect([now, gone.status, gone.body.message]).toEqual([now, 422, MEETING_DELETE]);
      const moved = await api('eng').put(`/book-room/${booking.id}`, { start_time: iso('10:30') }, en);
      expect([now, moved.status, moved.body.message]).toEqual([now, 422, started('Change', 'meeting room booking')]);
    }
  }
  // Ended at its very start it keeps one minute; ended at 10:30 it ends at 10:30, the rest of the slot free again.
  setClock('10:00');
  expect(ok(await api('eng').post(`/book-room/${c.id}/status`, { status: 'ENDED' }, en))).toMatchObject({ status: 'ENDED', end_time: iso('10:01') });
  setClock('10:30');
  expect(ok(await api('eng').post(`/book-room/${d.id}/status`, { status: 'ENDED' }, en))).toMatchObject({ status: 'ENDED', end_time: iso('10:30') });
  expect(ok(await meeting('R4', '10:30', '11:00')).status).toBe('BOOKED');
  const { rows } = await s.services.admin!.pool.query(`SELECT id, status, state FROM book_room WHERE id = ANY($1) ORDER BY start_time, room_id`, [
    [a.id, b.id],
  ]);
  expect(rows.map((x) => [x.status, x.state]).sort()).toEqual([
    ['BOOKED', 'INACTIVE'],
    ['CANCELLED', 'ACTIVE'],
  ]);
});

test('the grace period: a meeting or trip starting 10:00 is booked up to 10:05:00, not at 10:05:00.001', async () => {
  setClock('10:05');
  expect(ok(await meeting('R5')).status).toBe('BOOKED');
  expect(ok(await trip('C5')).status).toBe('WAITING');
  setClock('10:05', 1);
  const late = await meeting('R6');
  expect([late.status, late.body.errors]).toEqual([400, [{ path: 'start_time', message: 'The start time has passed' }]]);
  const lateTrip = await trip('C6');
  expect([lateTrip.status, lateTrip.body.errors]).toEqual([400, [{ path: 'start_time', message: 'The start time has passed' }]]);
});

test('a trip at 10:00: cancelled (also through /book-car-status) or deleted at 09:59; at 10:00 and 10:01 refused with a message', async () => {
  setClock('09:00');
  const [a, b, c, d, e] = [ok(await trip('C1')), ok(await trip('C2')), ok(await trip('C3')), ok(await trip('C4')), ok(await trip('C7'))];
  setClock('09:59');
  expect(ok(await api('eng').post(`/book-car/${a.id}/status`, { status: 'CANCELLED' }, en)).status).toBe('CANCELLED');
  expect(ok(await api('eng').post('/book-car-status', { bookCarId: e.id, statusId: 'CANCELLED' }, en)).status).toBe('CANCELLED');
  expect((await del(`/book-car/${b.id}`)).status).toBe(200);
  for (const now of ['10:00', '10:01']) {
    setClock(now);
    for (const booking of [c, d]) {
      const cancel = await api('eng').post(`/book-car/${booking.id}/status`, { status: 'CANCELLED' }, en);
      expect([now, cancel.status, cancel.body.message]).toEqual([now, 422, TRIP_CANCEL]);
      const alias = await api('eng').post('/book-car-status', { bookCarId: booking.id, statusId: 'CANCELLED' }, en);
      expect([now, alias.status, alias.body.message]).toEqual([now, 422, TRIP_CANCEL]);
      const gone = await del(`/book-car/${booking.id}`);
      expect([now, gone.status, gone.body.message]).toEqual([now, 422, TRIP_DELETE]);
      const moved = await api('eng').put(`/book-car/${booking.id}`, { start_time: iso('10:30') }, en);
      expect([now, moved.status, moved.body.message]).toEqual([now, 422, started('Change', 'car booking')]);
    }
  }
  const { rows } = await s.services.admin!.pool.query(`SELECT status, state FROM book_car WHERE id = ANY($1)`, [[c.id, d.id]]);
  expect(rows).toEqual([
    { status: 'WAITING', state: 'ACTIVE' },
    { status: 'WAITING', state: 'ACTIVE' },
  ]);
});
