/**
 * Things held one at a time (contracts `exclusive`, service-kit resource/exclusive.ts) on test-only
 * resources over a real PostgreSQL: the exclusion constraint the declaration emits, half-open datetime ranges (a meeting
 * may start as the last ends), inclusive date ranges, a cancelled row freeing its slot, a clash on create and on a move
 * naming the holder in the caller's language, a zero-length slot refused — and 50 writes at once for one slot: exactly
 * one wins, 49 are told who holds it, the table holds one row.
 */
import { randomUUID } from 'node:crypto';
import { defineResource, f } from '@portal/contracts';
import { declaredStatements } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';

const booking = defineResource({
  name: 'testSlot',
  domain: 'admin',
  path: '/test-slot',
  table: 'test_slot',
  feature: 'book_meeting_room',
  label: { vi: 'Đặt phòng', en: 'Booking' },
  titleField: 'name',
  defaultOrder: 'start_time asc',
  exclusive: [{ over: ['room'], from: 'start_time', to: 'end_time', unless: { field: 'status', values: ['CANCELLED'] } }],
  fields: {
    name: f.text({ vi: 'Tên cuộc họp', en: 'Event name' }, { required: true, list: true }),
    room: f.text({ vi: 'Phòng họp', en: 'Meeting room' }, { required: true, list: true }),
    start_time: f.datetime({ vi: 'Bắt đầu', en: 'Start' }, { required: true, before: 'end_time' }),
    end_time: f.datetime({ vi: 'Kết thúc', en: 'End' }, { required: true }),
    status: f.enum(['BOOKED', 'CANCELLED'] as const, { vi: 'Trạng thái', en: 'Status' }, { default: 'BOOKED' }),
  },
});
const trip = defineResource({
  name: 'testTrip',
  domain: 'admin',
  path: '/test-trip',
  table: 'test_trip',
  feature: 'book_car',
  label: { vi: 'Chuyến xe', en: 'Trip' },
  titleField: 'purpose',
  defaultOrder: 'from_date asc',
  exclusive: [
    { over: ['car'], from: 'from_date', to: 'to_date' },
    { over: ['driver'], from: 'from_date', to: 'to_date' },
  ],
  fields: {
    purpose: f.text({ vi: 'Mục đích', en: 'Purpose' }, { required: true }),
    car: f.text({ vi: 'Xe', en: 'Car' }, { required: true }),
    driver: f.text({ vi: 'Tài xế', en: 'Driver' }, { required: true }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From' }, { required: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To' }, { required: true }),
  },
});

let s: KitService;
const me = randomUUID();
const at = (hh: string) => `2031-03-10T${hh}:00+07:00`;
const book = (room: string, from: string, to: string, name = `m ${randomUUID().slice(0, 6)}`, lang: 'vi' | 'en' = 'en') =>
  s.call({ userId: me, lang }, 'POST', '/test-slot', { name, room, start_time: at(from), end_time: at(to) });

beforeAll(async () => {
  s = await startKitService({ domain: 'admin', resources: [booking, trip], poolSize: 20 });
});
afterAll(async () => {
  await s?.close();
});

test('the declaration emits an exclusion constraint over the keys and the range, leaving out inactive and freed rows', () => {
  const sql = declaredStatements([booking, trip])
    .filter((x) => x.sql.includes('EXCLUDE'))
    .map((x) => x.sql.split('\n')[1]);
  expect(sql).toEqual([
    `ALTER TABLE test_slot ADD CONSTRAINT ex_test_slot__room EXCLUDE USING gist (room WITH =, tstzrange(start_time, end_time) WITH &&) WHERE (state = 'ACTIVE' AND status NOT IN ('CANCELLED'));`,
    `ALTER TABLE test_trip ADD CONSTRAINT ex_test_trip__car EXCLUDE USING gist (car WITH =, daterange(from_date, to_date, '[]') WITH &&) WHERE (state = 'ACTIVE');`,
    `ALTER TABLE test_trip ADD CONSTRAINT ex_test_trip__driver EXCLUDE USING gist (driver WITH =, daterange(from_date, to_date, '[]') WITH &&) WHERE (state = 'ACTIVE');`,
  ]);
  expect(() => defineResource({ ...booking, exclusive: [{ over: ['room'], from: 'end_time', to: 'start_time' }] })).toThrow(/before/);
  expect(() => defineResource({ ...booking, exclusive: [{ over: ['room'], from: 'start_time', to: 'name' }] })).toThrow(/two date or two datetime/);
});

test("a slot taken is refused with who holds it, in the caller's language; back to back is fine; another room is free", async () => {
  const held = await book('A', '09:00', '10:00', 'Giao ban tuần');
  expect(held.status).toBe(200);
  const clash = await book('A', '09:30', '11:00');
  expect(clash.status).toBe(409);
  expect(clash.body.message).toBe('Meeting room is already booked from 10/03/2031 09:00 to 10/03/2031 10:00: Giao ban tuần');
  expect(clash.body.errors).toEqual([{ path: 'room', message: clash.body.message }]);
  const vi = await book('A', '08:00', '09:01', 'x', 'vi');
  expect([vi.status, vi.body.message]).toEqual([409, 'Phòng họp đã được đặt từ 10/03/2031 09:00 đến 10/03/2031 10:00: Giao ban tuần']);
  expect((await book('A', '10:00', '11:00')).status).toBe(200);
  expect((await book('A', '08:00', '09:00')).status).toBe(200);
  expect((await book('B', '09:00', '10:00')).status).toBe(200);
});

test('a zero-length or reversed slot is a 400 on the start; a move into a taken slot is a 409, a cancelled or deleted booking frees its slot', async () => {
  for (const [from, to] of [
    ['12:00', '12:00'],
    ['13:00', '12:00'],
  ]) {
    const r = await book('C', from!, to!);
    expect([r.status, r.body.errors]).toEqual([400, [{ path: 'start_time', message: 'Must be before End' }]]);
  }
  const first = (await book('C', '14:00', '15:00', 'First')).body.data;
  const second = (await book('C', '15:00', '16:00', 'Second')).body.data;
  const move = await s.call(me, 'PUT', `/test-slot/${second.id}`, { start_time: at('14:30') });
  expect([move.status, move.body.message]).toEqual([409, 'Meeting room is already booked from 10/03/2031 14:00 to 10/03/2031 15:00: First']);
  // A move that keeps its own slot is not a clash with itself.
  expect((await s.call(me, 'PUT', `/test-slot/${second.id}`, { start_time: at('15:15') })).status).toBe(200);
  // A reversed move of the end alone, checked against the stored start.
  expect((await s.call(me, 'PUT', `/test-slot/${second.id}`, { end_time: at('15:15') })).status).toBe(400);
  expect((await s.call(me, 'PUT', `/test-slot/${first.id}`, { status: 'CANCELLED' })).status).toBe(200);
  expect((await book('C', '14:00', '15:00')).status).toBe(200);
  expect((await s.call(me, 'DELETE', `/test-slot/${second.id}`)).status).toBe(200);
  expect((await book('C', '15:00', '16:00')).status).toBe(200);
});

test('50 requests at once for one slot: exactly one is booked, 49 are told who holds it, one row in the table', async () => {
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => book('D', '09:00', '10:00', `Request ${i}`)));
  const won = results.filter((r) => r.status === 200);
  expect(won).toHaveLength(1);
  const lost = results.filter((r) => r.status === 409);
  expect(lost).toHaveLength(49);
  for (const r of lost) expect(r.body.message).toBe(`Meeting room is already booked from 10/03/2031 09:00 to 10/03/2031 10:00: ${won[0]!.body.data.name}`);
  const { rows } = await s.pool.query(`SELECT count(*)::int AS n FROM test_slot WHERE room = 'D' AND state = 'ACTIVE'`);
  expect(rows[0].n).toBe(1);
});

test('date ranges are inclusive, and each declared key holds on its own: the car and the driver', async () => {
  const trip1 = await s.call(me, 'POST', '/test-trip', { purpose: 'Site visit', car: '51A-1', driver: 'An', from_date: '2031-04-01', to_date: '2031-04-03' });
  expect(trip1.status).toBe(200);
  const sameCar = await s.call(me, 'POST', '/test-trip', { purpose: 'x', car: '51A-1', driver: 'Bình', from_date: '2031-04-03', to_date: '2031-04-04' });
  expect([sameCar.status, sameCar.body.errors![0]!.path, sameCar.body.message]).toEqual([
    409,
    'car',
    'Car is already booked from 01/04/2031 to 03/04/2031: Site visit',
  ]);
  const sameDriver = await s.call(me, 'POST', '/test-trip', { purpose: 'y', car: '51A-2', driver: 'An', from_date: '2031-04-02', to_date: '2031-04-02' });
  expect([sameDriver.status, sameDriver.body.errors![0]!.path]).toEqual([409, 'driver']);
  expect((await s.call(me, 'POST', '/test-trip', { purpose: 'z', car: '51A-1', driver: 'An', from_date: '2031-04-04', to_date: '2031-04-04' })).status).toBe(
    200,
  );
});
