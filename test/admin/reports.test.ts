/**
 * The administration reports (issue 15 §9) on the demo company: tickets by group and stage, overdue and closed; car
 * trips, kilometres and cost by car and by department (names from HR); meeting-room occupancy by room over the working
 * hours; documents by month and direction, the unanswered ones — each counted within the caller's data scope, with
 * clean 400s for bad periods and a 403 without the report right.
 */
import { startTestStack, type TestStack, EN, okData } from '../support/stack';
import { companyDay, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = EN;
const ok = okData;
const month = () => ({ from: `${companyDay(0).slice(0, 7)}-01`, to: companyDay(0) });

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => { await s?.close(); });

test('tickets: by request group and stage, by priority, overdue and closed — the head counts his department\'s only', async () => {
  const { from, to } = month();
  const all = ok(await api('hr').get(`/admin-report/tickets?from=${from}&to=${to}`));
  const { rows: [db] } = await s.services.admin!.pool.query(`SELECT count(*)::int AS total, count(*) FILTER (WHERE overdue)::int AS overdue, count(*) FILTER (WHERE stage = 'CLOSED')::int AS closed FROM ticket WHERE state = 'ACTIVE'`);
  expect({ total: all.total, overdue: all.overdue, closed: all.closed }).toEqual(db);
  expect(all.overdue).toBeGreaterThanOrEqual(1);
  expect(all.byGroup.reduce((n: number, g: any) => n + g.count, 0)).toBe(all.total);
  expect(all.byGroup.find((g: any) => g.group_name === 'Công nghệ thông tin' && g.stage === 'IN_PROGRESS')?.count).toBeGreaterThanOrEqual(1);
  expect(all.byPriority.reduce((n: number, g: any) => n + g.count, 0)).toBe(all.total);
  const { rows: [kttc] } = await s.services.admin!.pool.query(`SELECT count(*)::int AS n FROM ticket WHERE state = 'ACTIVE' AND department_id = $1`, [ids.KTTC]);
  expect(ok(await api('head').get(`/admin-report/tickets?from=${from}&to=${to}`)).total).toBe(kttc.n);
  expect(kttc.n).toBeLessThan(all.total);
});

test('car trips: trips, kilometres and cost by car and by department named from HR; a cancelled trip does not count', async () => {
  const { rows: trips } = await s.services.admin!.pool.query(`SELECT id, car_id, department_id FROM book_car WHERE state = 'ACTIVE' ORDER BY start_time`);
  expect(trips.length).toBeGreaterThanOrEqual(2);
  // The first demo trip came back: 120 km, 780,000 all told.
  await s.services.admin!.pool.query(`UPDATE book_car SET status = 'DONE', distance_km = 120, cost = 780000 WHERE id = $1`, [trips[0].id]);
  const from = companyDay(0);
  const to = companyDay(14);
  const r = ok(await api('hr').get(`/admin-report/car-bookings?from=${from}&to=${to}`));
  expect([r.trips, r.km, r.cost]).toEqual([trips.length, 120, 780000]);
  expect(r.byCar.find((c: any) => c.car_id === trips[0].car_id)).toMatchObject({ trips: 1, km: 120, cost: 780000 });
  const dept = r.byDepartment.find((d: any) => d.department_id === trips[0].department_id);
  expect(dept).toMatchObject({ km: 120, cost: 780000 });
  expect(dept.department_name).toBeTruthy();
  await s.services.admin!.pool.query(`UPDATE book_car SET status = 'CANCELLED' WHERE id = $1`, [trips[1].id]);
  expect(ok(await api('hr').get(`/admin-report/car-bookings?from=${from}&to=${to}`)).trips).toBe(trips.length - 1);
});

test('meeting rooms: bookings, hours and occupancy of the working hours by room, every room listed', async () => {
  const { rows: [first] } = await s.services.admin!.pool.query(`SELECT min(start_time) AS start FROM book_room WHERE state = 'ACTIVE'`);
  const monday = new Date(new Date(first.start).getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  const friday = new Date(Date.parse(monday) + 4 * 86_400_000).toISOString().slice(0, 10);
  const r = ok(await api('hr').get(`/admin-report/room-bookings?from=${monday}&to=${friday}`));
  expect(r.openHours).toBe(50);
  const { rows: rooms } = await s.services.admin!.pool.query(`SELECT r.name, count(b.id)::int AS n, coalesce(sum(extract(epoch FROM b.end_time - b.start_time) / 3600), 0)::float AS hours
      FROM room r LEFT JOIN book_room b ON b.room_id = r.id AND b.state = 'ACTIVE' AND b.status <> 'CANCELLED' WHERE r.state = 'ACTIVE' GROUP BY r.name`);
  expect(r.byRoom.length).toBe(rooms.length);
  for (const room of rooms) {
    const got = r.byRoom.find((x: any) => x.room_name === room.name);
    expect([room.name, got.bookings, got.hours, got.occupancy]).toEqual([room.name, room.n, room.hours, Math.round((room.hours / 50) * 1000) / 10]);
  }
});

test('documents: by month and direction, the unanswered incoming ones; the periods checked; closed without the report right', async () => {
  const year = Number(companyDay(0).slice(0, 4));
  const before = ok(await api('hr').get(`/admin-report/documents?year=${year}`));
  const { rows: [t] } = await s.services.admin!.pool.query(`SELECT id FROM document_type WHERE code = 'CV'`);
  ok(await api('hr').post('/document', { direction: 'IN', document_type_id: t.id, summary: 'Đề nghị cung cấp hồ sơ', due_date: companyDay(-1) }));
  const after = ok(await api('hr').get(`/admin-report/documents?year=${year}`));
  expect([after.incoming, after.unanswered]).toEqual([before.incoming + 1, before.unanswered + 1]);
  expect(after.byMonth.reduce((n: number, m: any) => n + m.count, 0)).toBe(after.incoming + after.outgoing);
  const bad = await api('hr').get('/admin-report/tickets?from=2026-05-10&to=2026-05-01', en);
  expect([bad.status, bad.body.errors[0].path]).toEqual([400, 'from']);
  expect((await api('hr').get('/admin-report/rooms?from=xx', en)).status).toBe(404);
  expect((await api('hr').get('/admin-report/room-bookings?from=31/02/2026', en)).body.errors[0].path).toBe('from');
  expect((await api('hr').get('/admin-report/room-bookings?from=2024-01-01&to=2026-01-01', en)).body.errors[0].path).toBe('to');
  expect((await api('hr').get('/admin-report/documents?year=1999', en)).body.errors[0].path).toBe('year');
  expect((await api('eng').get('/admin-report/tickets')).status).toBe(403);
});
