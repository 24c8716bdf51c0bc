/**
 * The busy slots of a booking calendar (service-kit resource/busy.ts), through the gateway on the demo company: the
 * engineer's room calendar holds the HR manager's meeting as a busy block — its times and room, and not its name, people,
 * id or status, whatever filter is asked — while the HR manager, who reads it, gets it whole; two meetings back to back
 * are one block, a cancelled one none; a user who may read bookings but not book gets no busy blocks; the car calendar
 * (another booking resource) has them too, from the same declaration.
 */
import { startTestStack, type Api, type TestStack } from '../support/stack';
import { companyDay, companyTime, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const day = companyDay(3);
const at = (hhmm: string) => companyTime(3, hhmm);
const calendar = (a: Api, query = '') => a.get(`/book-room/calendar?from=${day}&to=${day}${query}`);
const sameInstant = (a: unknown, b: string) => new Date(String(a)).getTime() === new Date(b).getTime();
let room: { id: string; name: string };
let otherRoom: string;
let secret: Record<string, any>;
let viewer: Api;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  // Two rooms of the test's own (the demo's hold the demo week's meetings).
  const area = await api('admin').post('/administrator-area', { code: 'HQ-BUSY', name: 'Trụ sở thử', address: '1 Lê Duẩn' });
  expect(area.status).toBe(200);
  const made2 = [];
  for (const code of ['B1', 'B2']) {
    const r = await api('admin').post('/room', { code: `T-${code}`, name: `Phòng thử ${code}`, area_id: area.body.data.id, capacity: 10 });
    expect(r.status).toBe(200);
    made2.push(r.body.data);
  }
  room = { id: made2[0].id, name: made2[0].name };
  otherRoom = made2[1].id;
  // The HR manager's confidential interview, with attendees, in the first room.
  const made = await api('hr').post('/book-room', {
    name: 'Phỏng vấn ứng viên Giám đốc tài chính',
    room_id: room.id,
    start_time: at('10:00'),
    end_time: at('11:00'),
    attendee_ids: [ids['director:staff']],
    note: 'Bảo mật',
  });
  expect(made.status).toBe(200);
  secret = made.body.data;
  // A user who may read the meeting-room bookings of the accounting department but book none.
  const admin = api('admin');
  const role = await admin.post('/role', {
    code: 'ROOM-VIEWER',
    name: 'Xem lịch phòng họp',
    staff_scope: 'VIEW_SPECIFIC_DEPARTMENT',
    project_scope: 'VIEW_ALL',
    staff_department_ids: [ids.TCKT],
    permissions: [{ feature: 'book_meeting_room', actions: ['view'] }],
  });
  expect(role.status).toBe(200);
  const user = await admin.post('/user', {
    username: 'room.viewer',
    email: 'room.viewer@example.com',
    full_name: 'Room viewer',
    role_ids: [role.body.data.id],
  });
  expect(user.status).toBe(200);
  expect((await admin.post(`/user/${user.body.data.id}/password`, { password: 'Viewer@2026' })).status).toBe(200);
  viewer = s.api((await s.signIn('room.viewer', 'Viewer@2026')).accessToken);
});
afterAll(async () => {
  await s?.close();
});

test("the engineer's calendar holds the HR manager's meeting as a busy block: its times and room, nothing else of it", async () => {
  const res = await calendar(api('eng'));
  expect(res.status).toBe(200);
  const { items, busy } = res.body.data as { items: Record<string, unknown>[]; busy: Record<string, unknown>[] };
  expect(items.map((x) => x.id)).not.toContain(secret.id);
  const block = busy.find((b) => b.room_id === room.id)!;
  expect(Object.keys(block).sort()).toEqual(['end_time', 'room_id', 'room_id__title', 'start_time']);
  expect([sameInstant(block.start_time, at('10:00')), sameInstant(block.end_time, at('11:00')), block.room_id__title]).toEqual([true, true, room.name]);
  // Nothing of the booking anywhere in the answer: not its id, name, note, orderer, department, attendees or status.
  const text = JSON.stringify(busy);
  for (const leak of [secret.id, secret.name, 'Bảo mật', secret.orderer_id, secret.department_id, ids['director:staff'], 'BOOKED'])
    expect(text).not.toContain(String(leak));
  // A status filter does not tell the status (the blocks are the same whatever is asked); a room filter narrows them.
  for (const status of ['BOOKED', 'ENDED', 'CANCELLED']) expect((await calendar(api('eng'), `&f_status=${status}`)).body.data.busy).toEqual(busy);
  expect((await calendar(api('eng'), `&f_room_id=${otherRoom}`)).body.data.busy.filter((b: any) => b.room_id === room.id)).toEqual([]);
  expect((await calendar(api('eng'), `&f_room_id=${room.id}`)).body.data.busy).toEqual([block]);
  // The spec's calendar path answers the same.
  expect((await api('eng').get(`/apps/calendar/events?from=${day}&to=${day}`)).body.data.busy).toEqual(busy);
  // The booking itself stays closed to the engineer.
  expect((await api('eng').get(`/book-room/${secret.id}`)).status).toBe(404);
});

test('the HR manager, who may read the meeting, gets it whole and no busy block for it', async () => {
  const { items, busy } = (await calendar(api('hr'))).body.data;
  const whole = items.find((x: any) => x.id === secret.id);
  expect(whole).toMatchObject({ name: secret.name, room_id: room.id, orderer_id: secret.orderer_id, status: 'BOOKED' });
  expect(busy).toEqual([]);
});

test("the engineer's own meeting stays whole; meetings back to back are one block; a cancelled one frees its slot", async () => {
  const mine = await api('eng').post('/book-room', { name: 'Họp nhóm kỹ thuật', room_id: room.id, start_time: at('08:00'), end_time: at('09:00') });
  expect(mine.status).toBe(200);
  const next = await api('hr').post('/book-room', { name: 'Họp tuyển dụng tiếp theo', room_id: room.id, start_time: at('11:00'), end_time: at('12:00') });
  expect(next.status).toBe(200);
  const later = await api('hr').post('/book-room', { name: 'Họp chiều', room_id: room.id, start_time: at('14:00'), end_time: at('15:00') });
  expect(later.status).toBe(200);
  let data = (await calendar(api('eng'), `&f_room_id=${room.id}`)).body.data;
  expect(data.items.map((x: any) => x.id)).toContain(mine.body.data.id);
  const spans = (busy: any[]) => busy.map((b) => [new Date(b.start_time).toISOString(), new Date(b.end_time).toISOString()]);
  expect(spans(data.busy)).toEqual([
    [at('10:00'), at('12:00')],
    [at('14:00'), at('15:00')],
  ]);
  expect((await api('hr').post(`/book-room/${later.body.data.id}/status`, { status: 'CANCELLED' })).status).toBe(200);
  data = (await calendar(api('eng'), `&f_room_id=${room.id}`)).body.data;
  expect(spans(data.busy)).toEqual([[at('10:00'), at('12:00')]]);
});

test('a user who may read bookings but not book gets no busy blocks, only what their scope reads', async () => {
  const res = await calendar(viewer);
  expect(res.status).toBe(200);
  expect(res.body.data.busy).toEqual([]);
  expect(res.body.data.items.map((x: any) => x.id)).not.toContain(secret.id);
});

test("the car calendar has busy blocks too: the HR manager's trip, as the car and its times only, on the engineer's", async () => {
  const car = (await s.services.admin!.pool.query(`SELECT id FROM car WHERE license_plate = '51H-678.90'`)).rows[0];
  const trip = await api('hr').post('/book-car', {
    purpose: 'Đưa đoàn kiểm toán đi công trường',
    car_id: car.id,
    start_time: companyTime(5, '08:00'),
    end_time: companyTime(5, '12:00'),
    pickup_place: 'Văn phòng',
    destination: 'Công trường',
    passengers: 4,
  });
  expect(trip.status).toBe(200);
  const { items, busy } = (await api('eng').get(`/book-car/calendar?from=${companyDay(5)}&to=${companyDay(5)}&f_car_id=${car.id}`)).body.data;
  expect(items.map((x: any) => x.id)).not.toContain(trip.body.data.id);
  // The demo company's own trips may fall on that day too (next week's, counted from the company's date): the HR
  // manager's trip is one block among them, and every block is the car and its times only.
  expect(busy.filter((b: any) => b.start_time === trip.body.data.start_time && b.end_time === trip.body.data.end_time)).toHaveLength(1);
  for (const b of busy) expect(Object.keys(b).sort()).toEqual(['car_id', 'car_id__title', 'end_time', 'start_time']);
  expect(JSON.stringify(busy)).not.toContain('kiểm toán');
  expect(JSON.stringify(busy)).not.toContain(trip.body.data.id);
});
