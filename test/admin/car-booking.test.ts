/**
 * Car booking through the gateway, on the demo company: the driver and department derived; the seats and
 * the car's state checked; the trip approved by the administration manager through the approval engine (never by its
 * orderer), then driven with the odometer read at departure and at return, its kilometres and costs computed; every
 * wrong move of the status machine refused by name; no car and no driver booked twice at once (concurrent requests:
 * one wins); a refused or withdrawn approval frees the car; spec §8 — a trip whose time has passed cannot be cancelled
 * or deleted (the clock moved by setting the stored start).
 */
import { startTestStack, type TestStack } from '../support/stack';
import { companyTime, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = { 'accept-language': 'en' };
const at = companyTime;
const trip = (who: DemoPerson, car: string, from: string, to: string, extra: Record<string, unknown> = {}) =>
  api(who).post(
    '/book-car',
    { purpose: 'Đi công trường', car_id: ids[car], start_time: from, end_time: to, pickup_place: 'Trụ sở', destination: 'Thủ Đức', passengers: 3, ...extra },
    en,
  );
const move = (who: DemoPerson, id: string, body: Record<string, unknown>) => api(who).post(`/book-car/${id}/status`, body, en);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  const area = await api('admin').post('/administrator-area', { code: 'CAR-T', name: 'Bãi xe test', address: '1 Lê Duẩn' });
  expect(area.status).toBe(200);
  const cars: [key: string, plate: string, seats: number, driver: string | null, status: string][] = [
    ['C1', '51A-000.01', 4, 'NV040', 'AVAILABLE'],
    ['C2', '51A-000.02', 7, null, 'AVAILABLE'],
    ['C3', '51A-000.03', 16, 'NV041', 'AVAILABLE'],
    ['OFF', '51A-000.04', 7, null, 'MAINTENANCE'],
    // The engineer drives this one now and then.
    ['MINE', '51A-000.05', 4, 'engineer:staff', 'AVAILABLE'],
  ];
  for (const [key, plate, seats, driver, status] of cars) {
    if (driver) expect(ids[driver]).toBeDefined();
    const c = await api('admin').post('/car-setting', {
      license_plate: plate,
      name: 'Xe test',
      seats,
      area_id: area.body.data.id,
      driver_id: driver ? ids[driver] : null,
      cost_per_km: 6000,
      driver_cost_per_day: 400_000,
      status,
    });
    expect(c.status).toBe(200);
    ids[key] = c.body.data.id;
  }
});
afterAll(async () => {
  await s?.close();
});

test("an employee books a car: the driver is the car's, the department theirs; the past, too many passengers and a car in maintenance are refused", async () => {
  const r = await trip('eng', 'C1', at(3, '08:00'), at(3, '11:00'));
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ orderer_id: ids['engineer:staff'], department_id: ids.KTTC, driver_id: ids.NV040, status: 'WAITING' });
  const past = await trip('eng', 'C1', at(-1, '08:00'), at(-1, '11:00'));
  expect([past.status, past.body.errors]).toEqual([400, [{ path: 'start_time', message: 'The start time has passed' }]]);
  const crowd = await trip('eng', 'C1', at(4, '08:00'), at(4, '11:00'), { passengers: 5 });
  expect([crowd.status, crowd.body.errors]).toEqual([400, [{ path: 'passengers', message: 'The car has only 4 seats' }]]);
  const off = await trip('eng', 'OFF', at(4, '08:00'), at(4, '11:00'));
  expect([off.status, off.body.message]).toEqual([422, 'The car is in maintenance or retired']);
  const backwards = await trip('eng', 'C2', at(4, '11:00'), at(4, '08:00'));
  expect([backwards.status, backwards.body.errors[0].path]).toEqual([400, 'start_time']);
  // Another driver than the car's is the office's choice: nobody names themselves or a colleague.
  const other = await trip('eng', 'C2', at(4, '13:00'), at(4, '15:00'), { driver_id: ids['engineer:staff'] });
  expect([other.status, other.body.errors]).toEqual([
    400,
    [{ path: 'driver_id', message: "Only the car office can choose a driver other than the car's own" }],
  ]);
  expect((await api('eng').put(`/book-car/${r.body.data.id}`, { driver_id: ids.NV041 }, en)).body.errors[0].path).toBe('driver_id');
  expect((await trip('hr', 'C2', at(4, '13:00'), at(4, '15:00'), { driver_id: ids.NV041 })).status).toBe(200);
});

test('the whole trip: approved by the administration manager, not by its orderer; leaves with the odometer, comes back with km and costs; every wrong move refused', async () => {
  const t = (await trip('head', 'C3', at(5, '07:00'), at(6, '18:00'), { passengers: 10 })).body.data;
  // Not approved yet: it cannot leave; DONE is not a move from WAITING.
  expect((await move('hr', t.id, { status: 'IN_USE', odometer_start: 1000 })).body.message).toBe(
    'This car booking must be approved before it goes to "In use"',
  );
  const skip = await move('hr', t.id, { status: 'DONE', odometer_end: 1200, surcharge: 0 });
  expect([skip.status, skip.body.message]).toEqual([422, 'This car booking cannot go from "Waiting" to "Done"']);
  expect((await api('head').post(`/book-car/${t.id}/submit`, { description: 'Xin duyệt xe' })).status).toBe(200);
  // In approval it is not edited, and the orderer cannot approve it (nor can someone without the approve right).
  expect((await api('head').put(`/book-car/${t.id}`, { purpose: 'Đổi mục đích' }, en)).status).toBe(422);
  expect((await api('head').post(`/book-car/${t.id}/approve`, {})).status).toBe(403);
  expect((await api('eng').post(`/book-car/${t.id}/approve`, {})).status).toBe(403);
  const ok = await api('hr').post(`/book-car/${t.id}/approve`, { description: 'Đồng ý' });
  expect(ok.status).toBe(200);
  expect((await api('hr').get(`/book-car/${t.id}`)).body.data.approval_status).toBe('APPROVED');
  // Leaving needs the reading, and is the driver's or the office's: not the orderer's.
  const noReading = await move('hr', t.id, { status: 'IN_USE' });
  expect([noReading.status, noReading.body.errors.map((e: any) => e.path)]).toEqual([400, ['odometer_start']]);
  expect((await move('hr', t.id, { status: 'IN_USE', odometer_start: -5 })).body.errors[0].path).toBe('odometer_start');
  expect((await move('head', t.id, { status: 'IN_USE', odometer_start: 1000 })).status).toBe(403);
  const out = await move('hr', t.id, { status: 'IN_USE', odometer_start: 12_500 });
  expect([out.status, out.body.data.status, out.body.data.odometer_start]).toEqual([200, 'IN_USE', 12_500]);
  // Gone: it is not cancelled, deleted, edited or withdrawn from approval.
  expect((await move('head', t.id, { status: 'CANCELLED' })).status).toBe(422);
  expect((await api('head').raw('DELETE', `/book-car/${t.id}`, { headers: en })).status).toBe(422);
  expect((await api('head').post(`/book-car/${t.id}/cancel`, {}, en)).body.message).toBe(
    'This car booking is "In use": it can no longer be withdrawn from approval',
  );
  // Back: the reading is never below the departure's; the surcharge is required (0 when none).
  const below = await move('hr', t.id, { status: 'DONE', odometer_end: 12_000, surcharge: 0 });
  expect([below.status, below.body.errors]).toEqual([
    400,
    [{ path: 'odometer_end', message: 'The odometer at return cannot be below the one at departure (12500)' }],
  ]);
  expect((await move('hr', t.id, { status: 'DONE', odometer_end: 12_700 })).body.errors.map((e: any) => e.path)).toEqual(['surcharge']);
  // Nor is it done without the reading at return: the trip stays in use, nothing costed.
  const noReturn = await move('hr', t.id, { status: 'DONE', surcharge: 150_000 });
  expect([noReturn.status, noReturn.body.errors.map((e: any) => e.path)]).toEqual([400, ['odometer_end']]);
  expect(noReturn.body.errors[0].message).toBeTruthy();
  expect((await api('hr').get(`/book-car/${t.id}`)).body.data).toMatchObject({ status: 'IN_USE', odometer_end: null, cost: null });
  // Back through the spec's path: POST /book-car-status { bookCarId, statusId } is the same move.
  const done = await api('hr').post('/book-car-status', { bookCarId: t.id, statusId: 'DONE', odometer_end: 12_780, surcharge: 150_000 }, en);
  expect(done.status).toBe(200);
  // 280 km × 6,000 + 2 days × 400,000 + 150,000.
  expect(done.body.data).toMatchObject({
    status: 'DONE',
    odometer_end: 12_780,
    distance_km: 280,
    car_cost: 1_680_000,
    driver_cost: 800_000,
    surcharge: 150_000,
    cost: 2_630_000,
  });
  const again = await move('hr', t.id, { status: 'CANCELLED' });
  expect([again.status, again.body.message]).toEqual([422, 'This car booking cannot go from "Done" to "Cancelled"']);
});

test("30 requests at once for one car: one trip, 29 clear 409s naming it; the car's driver is not booked on another car at the same time", async () => {
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) => trip(i % 2 ? 'eng' : 'head', 'C2', at(8, '13:00'), at(8, '17:00'), { purpose: `Yêu cầu ${i}` })),
  );
  const won = results.filter((r) => r.status === 200);
  expect(won).toHaveLength(1);
  const lost = results.filter((r) => r.status === 409);
  expect(lost).toHaveLength(29);
  for (const r of lost) {
    expect(r.body.message).toMatch(new RegExp(`^Car is already booked from .+: ${won[0]!.body.data.purpose}$`));
    expect(r.body.errors).toEqual([{ path: 'car_id', message: r.body.message }]);
  }
  // C1's driver drives C1 from 09:00 to 12:00; C2 cannot have him at 11:00.
  expect((await trip('eng', 'C1', at(9, '09:00'), at(9, '12:00'))).status).toBe(200);
  const clash = await trip('hr', 'C2', at(9, '11:00'), at(9, '15:00'), { driver_id: ids.NV040 });
  expect([clash.status, clash.body.errors[0].path]).toEqual([409, 'driver_id']);
  expect(clash.body.message).toMatch(/^Driver is already booked from /);
  expect((await trip('hr', 'C2', at(9, '12:00'), at(9, '15:00'), { driver_id: ids.NV040 })).status).toBe(200);
  const { rows } = await s.services.admin!.pool.query(
    `SELECT count(*)::int AS n FROM book_car WHERE car_id = $1 AND state = 'ACTIVE' AND status <> 'CANCELLED' AND start_time >= $2`,
    [ids.C2, at(8, '00:00')],
  );
  expect(rows[0].n).toBe(2);
});

test('a refused or withdrawn approval cancels the trip and frees the car; spec §8: a trip whose time has passed is not cancelled or deleted', async () => {
  const refused = (await trip('eng', 'C1', at(10, '08:00'), at(10, '10:00'))).body.data;
  expect((await api('eng').post(`/book-car/${refused.id}/submit`, {})).status).toBe(200);
  expect((await api('hr').post(`/book-car/${refused.id}/refuse`, { description: 'Xe bận việc khác' })).status).toBe(200);
  expect((await api('eng').get(`/book-car/${refused.id}`)).body.data).toMatchObject({ approval_status: 'REFUSE', status: 'CANCELLED' });
  expect((await trip('head', 'C1', at(10, '08:00'), at(10, '10:00'))).status).toBe(200);
  const withdrawn = (await trip('eng', 'C1', at(11, '08:00'), at(11, '10:00'))).body.data;
  expect((await api('eng').post(`/book-car/${withdrawn.id}/submit`, {})).status).toBe(200);
  // Waiting for approval, it is withdrawn, not cancelled by a status move.
  expect((await move('eng', withdrawn.id, { status: 'CANCELLED' })).body.message).toBe('The trip is waiting for approval: withdraw the request to cancel it');
  expect((await api('eng').post(`/book-car/${withdrawn.id}/cancel`, {})).status).toBe(200);
  expect((await api('eng').get(`/book-car/${withdrawn.id}`)).body.data.status).toBe('CANCELLED');
  // The clock moves: the trip began ten minutes ago.
  const started = (await trip('eng', 'C1', at(12, '08:00'), at(12, '10:00'))).body.data;
  await s.services.admin!.pool.query(`UPDATE book_car SET start_time = now() - interval '10 minutes', end_time = now() + interval '2 hours' WHERE id = $1`, [
    started.id,
  ]);
  expect((await move('eng', started.id, { status: 'CANCELLED' })).body.message).toBe(
    'Moving to "Cancelled" failed because the car booking start time has passed',
  );
  expect((await api('eng').raw('DELETE', `/book-car/${started.id}`, { headers: en })).body.message).toBe(
    'Delete failed because the car booking start time has passed',
  );
  expect((await api('eng').put(`/book-car/${started.id}`, { end_time: at(13, '10:00') }, en)).body.message).toBe(
    'Change failed because the car booking start time has passed',
  );
  // Nor is its approval withdrawn once its time has passed (which would cancel it).
  const late = (await trip('eng', 'C3', at(15, '08:00'), at(15, '10:00'))).body.data;
  expect((await api('eng').post(`/book-car/${late.id}/submit`, {})).status).toBe(200);
  await s.services.admin!.pool.query(`UPDATE book_car SET start_time = now() - interval '10 minutes', end_time = now() + interval '2 hours' WHERE id = $1`, [
    late.id,
  ]);
  expect((await api('eng').post(`/book-car/${late.id}/cancel`, {}, en)).body.message).toBe('Withdrawal failed because the car booking start time has passed');
  expect((await api('eng').get(`/book-car/${late.id}`)).body.data.status).toBe('WAITING');
  // A colleague who is neither its orderer nor the office cannot cancel a trip not yet started.
  const later = (await trip('eng', 'C1', at(13, '08:00'), at(13, '10:00'))).body.data;
  expect((await move('head', later.id, { status: 'CANCELLED' })).status).toBe(403);
  expect((await move('eng', later.id, { status: 'CANCELLED' })).status).toBe(200);
});

test('an orderer who is also the driver does not log the trip: the office does', async () => {
  const own = (await trip('eng', 'MINE', at(16, '08:00'), at(16, '10:00'))).body.data;
  expect(own.driver_id).toBe(ids['engineer:staff']);
  expect((await api('eng').post(`/book-car/${own.id}/submit`, {})).status).toBe(200);
  expect((await api('hr').post(`/book-car/${own.id}/approve`, {})).status).toBe(200);
  expect((await move('eng', own.id, { status: 'IN_USE', odometer_start: 100 })).status).toBe(403);
  expect((await move('hr', own.id, { status: 'IN_USE', odometer_start: 100 })).status).toBe(200);
});

test("the department scope: the head of KTTC sees KTTC's trips, not the administration office's; the calendar shows them by car", async () => {
  const own = (await trip('hr', 'C3', at(14, '08:00'), at(14, '10:00'), { purpose: 'Gặp chủ đầu tư' })).body.data;
  const kttc = (await trip('eng', 'C2', at(14, '08:00'), at(14, '10:00'), { purpose: 'Khảo sát KTTC' })).body.data;
  const purposes = async (who: DemoPerson) => (await api(who).get('/book-car?limit=300')).body.data.items.map((x: any) => x.purpose);
  expect(await purposes('head')).toContain('Khảo sát KTTC');
  expect(await purposes('head')).not.toContain('Gặp chủ đầu tư');
  expect((await api('head').get(`/book-car/${own.id}`)).status).toBe(404);
  const day = at(14, '08:00').slice(0, 10);
  const cal = await api('hr').get(`/book-car/calendar?from=${day}&to=${day}&f_car_id=${ids.C2}`);
  expect(cal.status).toBe(200);
  expect(cal.body.data.items.map((x: any) => x.id)).toEqual([kttc.id]);
});
