/**
 * The administration reports on the demo company: tickets by group and stage, overdue and closed; car
 * trips, kilometres and cost by car and by department (names from HR); meeting-room occupancy by room over the working
 * hours; documents by month and direction, the unanswered ones; working schedules and business trips; recruitment
 * events (interviews, answered by HR); administration events (the activity log, by the system service) and
 * notifications (by the notifications service) — each counted within the caller's data scope, with clean 400s for bad
 * periods and a 403 without the report right.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { contextCodec } from '@portal/service-kit';
import { startTestStack, eventually, type TestStack, EN, okData } from '../support/stack';
import { callAs, callerContext } from '../support/signed';
import { companyDay, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = EN;
const ok = okData;
const month = () => ({ from: `${companyDay(0).slice(0, 7)}-01`, to: companyDay(0) });

/** The key the services trust the gateway's caller contexts by: this file signs some of its own. */
const KEY = randomBytes(32).toString('base64url');

beforeAll(async () => {
  s = await startTestStack({ demo: true, env: { INTERNAL_KEY: KEY } });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

test("tickets: by request group and stage, by priority, overdue and closed — the head counts his department's only", async () => {
  const { from, to } = month();
  const all = ok(await api('hr').get(`/admin-report/tickets?from=${from}&to=${to}`));
  const {
    rows: [db],
  } = await s.services.admin!.pool.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE overdue)::int AS overdue, count(*) FILTER (WHERE stage = 'CLOSED')::int AS closed FROM ticket WHERE state = 'ACTIVE'`,
  );
  expect({ total: all.total, overdue: all.overdue, closed: all.closed }).toEqual(db);
  expect(all.overdue).toBeGreaterThanOrEqual(1);
  expect(all.byGroup.reduce((n: number, g: any) => n + g.count, 0)).toBe(all.total);
  expect(all.byGroup.find((g: any) => g.group_name === 'Công nghệ thông tin' && g.stage === 'IN_PROGRESS')?.count).toBeGreaterThanOrEqual(1);
  expect(all.byPriority.reduce((n: number, g: any) => n + g.count, 0)).toBe(all.total);
  const {
    rows: [kttc],
  } = await s.services.admin!.pool.query(`SELECT count(*)::int AS n FROM ticket WHERE state = 'ACTIVE' AND department_id = $1`, [ids.KTTC]);
  expect(ok(await api('head').get(`/admin-report/tickets?from=${from}&to=${to}`)).total).toBe(kttc.n);
  expect(kttc.n).toBeLessThan(all.total);
});

test('car trips: trips, kilometres and cost by car and by department named from HR; a cancelled trip does not count', async () => {
  const from = companyDay(-1);
  const to = companyDay(14);
  // The demo's trips in the period (company days), not cancelled: one came back yesterday with its readings (seedTrips).
  const { rows: trips } = await s.services.admin!.pool.query(
    `SELECT id, car_id, department_id, status, distance_km, cost::float AS cost FROM book_car
      WHERE state = 'ACTIVE' AND status <> 'CANCELLED' AND (start_time AT TIME ZONE 'Asia/Ho_Chi_Minh')::date BETWEEN $1 AND $2 ORDER BY start_time`,
    [from, to],
  );
  const done = trips.find((t: any) => t.status === 'DONE');
  expect(done).toMatchObject({ distance_km: 88, cost: 88 * 9000 + 500_000 + 150_000 });
  expect(trips.map((t: any) => t.status)).toEqual(expect.arrayContaining(['WAITING', 'IN_USE', 'DONE']));
  const before = ok(await api('hr').get(`/admin-report/car-bookings?from=${from}&to=${to}`));
  expect([before.trips, before.km, before.cost]).toEqual([trips.length, 88, done.cost]);
  // A waiting trip came back: 120 km, 780,000 all told.
  const back = trips.find((t: any) => t.status === 'WAITING' && t.car_id !== done.car_id && t.department_id !== done.department_id);
  // Its distance is the database's (a computed column): the readings are what is written.
  await s.services.admin!.pool.query(`UPDATE book_car SET status = 'DONE', odometer_start = 1000, odometer_end = 1120, cost = 780000 WHERE id = $1`, [back.id]);
  const r = ok(await api('hr').get(`/admin-report/car-bookings?from=${from}&to=${to}`));
  expect([r.trips, r.km, r.cost]).toEqual([trips.length, 88 + 120, done.cost + 780000]);
  expect(r.byCar.find((c: any) => c.car_id === back.car_id)).toMatchObject({ km: 120, cost: 780000 });
  const dept = r.byDepartment.find((d: any) => d.department_id === back.department_id);
  expect(dept).toMatchObject({ km: 120, cost: 780000 });
  expect(dept.department_name).toBeTruthy();
  const other = trips.find((t: any) => t.id !== back.id && t.status === 'WAITING');
  await s.services.admin!.pool.query(`UPDATE book_car SET status = 'CANCELLED' WHERE id = $1`, [other.id]);
  expect(ok(await api('hr').get(`/admin-report/car-bookings?from=${from}&to=${to}`)).trips).toBe(trips.length - 1);
});

test('meeting rooms: bookings, hours and occupancy of the working hours by room, every room listed', async () => {
  const {
    rows: [first],
  } = await s.services.admin!.pool.query(`SELECT min(start_time) AS start FROM book_room WHERE state = 'ACTIVE'`);
  const monday = new Date(new Date(first.start).getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  const friday = new Date(Date.parse(monday) + 4 * 86_400_000).toISOString().slice(0, 10);
  const r = ok(await api('hr').get(`/admin-report/room-bookings?from=${monday}&to=${friday}`));
  expect(r.openHours).toBe(50);
  const { rows: rooms } = await s.services.admin!.pool.query(
    `SELECT r.name, count(b.id)::int AS n, coalesce(sum(extract(epoch FROM b.end_time - b.start_time) / 3600), 0)::float AS hours
      FROM room r LEFT JOIN book_room b ON b.room_id = r.id AND b.state = 'ACTIVE' AND b.status <> 'CANCELLED'
       AND (b.start_time AT TIME ZONE 'Asia/Ho_Chi_Minh')::date BETWEEN $1 AND $2 WHERE r.state = 'ACTIVE' GROUP BY r.name`,
    [monday, friday],
  );
  expect(r.byRoom.length).toBe(rooms.length);
  for (const room of rooms) {
    const got = r.byRoom.find((x: any) => x.room_name === room.name);
    expect([room.name, got.bookings, got.hours, got.occupancy]).toEqual([room.name, room.n, room.hours, Math.round((room.hours / 50) * 1000) / 10]);
  }
});

test('documents: by month and direction, the unanswered incoming ones; the periods checked; closed without the report right', async () => {
  const year = Number(companyDay(0).slice(0, 4));
  const before = ok(await api('hr').get(`/admin-report/documents?year=${year}`));
  const {
    rows: [t],
  } = await s.services.admin!.pool.query(`SELECT id FROM document_type WHERE code = 'CV'`);
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

/** The company-time bounds of a period, as the reports take them (SQL over `column`). */
const inPeriod = (column: string) =>
  `${column} >= ($1::date::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh') AND ${column} < (($2::date + 1)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh')`;

test("working schedules: entries by kind and department, business trips and their days, the most travelled named — the head counts his department's", async () => {
  const [from, to] = [companyDay(-20), companyDay(20)];
  const r = ok(await api('hr').get(`/admin-report/working-schedules?from=${from}&to=${to}`));
  const short = () => api('hr').get(`/admin-report/working-schedules?from=${from}&to=${companyDay(3)}`);
  const shortBefore = ok(await short());
  const db = s.services.admin!.pool;
  const { rows: kinds } = await db.query(
    `SELECT kind, count(*)::int AS count FROM working_schedule WHERE state = 'ACTIVE' AND ${inPeriod('start_time')} GROUP BY kind ORDER BY kind`,
    [from, to],
  );
  expect(r.byKind).toEqual(kinds);
  expect(r.total).toBeGreaterThanOrEqual(3);
  expect(r.byDepartment.reduce((n: number, d: any) => n + d.count, 0)).toBe(r.total);
  expect(r.byDepartment.every((d: any) => d.department_id === null || d.department_name)).toBe(true);
  // A three-day trip (company days) adds one trip and three days to its traveller.
  const start = `${companyDay(2)}T08:00:00+07:00`;
  const end = `${companyDay(4)}T17:00:00+07:00`;
  ok(
    await api('hr').post('/working-schedule', {
      content: 'Khảo sát công trường Đà Nẵng',
      kind: 'BUSINESS_TRIP',
      staff_id: ids['hr.manager:staff'],
      start_time: start,
      end_time: end,
      location: 'Đà Nẵng',
    }),
  );
  const after = ok(await api('hr').get(`/admin-report/working-schedules?from=${from}&to=${to}`));
  expect([after.trips, after.tripDays]).toEqual([r.trips + 1, r.tripDays + 3]);
  const me = after.travellers.find((x: any) => x.staff_id === ids['hr.manager:staff']);
  expect(me.staff_name).toBeTruthy();
  expect(me.days).toBe((r.travellers.find((x: any) => x.staff_id === ids['hr.manager:staff'])?.days ?? 0) + 3);
  // A trip running past the period counts its days within it only.
  expect(ok(await short()).tripDays).toBe(shortBefore.tripDays + 2);
  // His scope: his department's entries, and those he leads or goes along to (the list's rule).
  const {
    rows: [head],
  } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE email = 'head.kttc@portal.local'`);
  const {
    rows: [kttc],
  } = await db.query(
    `SELECT count(*)::int AS n FROM working_schedule WHERE state = 'ACTIVE' AND (department_id = $3 OR staff_id = $4 OR $4 = ANY(companion_ids)) AND ${inPeriod('start_time')}`,
    [from, to, ids.KTTC, head.staff_id],
  );
  expect(ok(await api('head').get(`/admin-report/working-schedules?from=${from}&to=${to}`)).total).toBe(kttc.n);
  expect(kttc.n).toBeLessThan(after.total);
});

test('recruitment events: the interviews of a period by round and result, by week, the busiest interviewers — answered by HR in its scope', async () => {
  const [from, to] = [companyDay(-30), companyDay(30)];
  const r = ok(await api('hr').get(`/admin-report/recruitment-events?from=${from}&to=${to}`));
  const { rows: kinds } = await s.services.hr!.pool.query(
    `SELECT kind, coalesce(result, 'PENDING') AS result, count(*)::int AS count FROM candidate_interview WHERE state = 'ACTIVE' AND ${inPeriod('scheduled_at')} GROUP BY 1, 2 ORDER BY 1, 2`,
    [from, to],
  );
  expect(r.byKind).toEqual(kinds);
  expect(r.total).toBeGreaterThanOrEqual(2);
  expect(r.byWeek.reduce((n: number, w: any) => n + w.count, 0)).toBe(r.total);
  expect(r.byWeek.every((w: any) => new Date(`${w.week}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
  expect(r.interviewers[0].staff_name).toBeTruthy();
  const {
    rows: [up],
  } = await s.services.hr!.pool.query(
    `SELECT count(*)::int AS n FROM candidate_interview WHERE state = 'ACTIVE' AND scheduled_at > now() AND ${inPeriod('scheduled_at')}`,
    [from, to],
  );
  expect(r.upcoming).toBe(up.n);
  // The head of a department without candidates counts none of them.
  const {
    rows: [mine],
  } = await s.services.hr!.pool.query(
    `SELECT count(*)::int AS n FROM candidate_interview i JOIN candidate c ON c.id = i.candidate_id WHERE i.state = 'ACTIVE' AND c.department_id = $3 AND ${inPeriod('i.scheduled_at')}`,
    [from, to, ids.KTTC],
  );
  expect(ok(await api('head').get(`/admin-report/recruitment-events?from=${from}&to=${to}`)).total).toBe(mine.n);
  expect((await api('eng').get('/admin-report/recruitment-events')).status).toBe(403);
  expect((await api('hr').get('/admin-report/recruitment-events?from=2026-02-30', en)).body.errors[0].path).toBe('from');
});

test('administration events and notifications: the activity log and the notifications about administration records, counted where they are kept', async () => {
  const { from, to } = { from: companyDay(-1), to: companyDay(1) };
  const events = (who: DemoPerson) => api(who).get(`/admin-report/events?from=${from}&to=${to}`);
  const sent = (who: DemoPerson) => api(who).get(`/admin-report/notifications?from=${from}&to=${to}`);
  const before = ok(await events('admin'));
  const headBefore = ok(await events('head'));
  const notesBefore = ok(await sent('admin'));
  // The HR manager raises a ticket the engineer follows, then renames it: two entries, and the engineer is told twice
  // (a rename changes the notification's headline, so it does not fold into the first: services/notifications/src/store.ts).
  const created = ok(await api('hr').post('/ticket', { title: 'Sửa máy in tầng 2', type: 'REQUEST', priority: 'LOW', follower_ids: [ids['engineer:staff']] }));
  ok(await api('hr').put(`/ticket/${created.id}`, { title: 'Sửa máy in tầng 2 (gấp)' }));
  const count = (r: any, action: string) => r.byContext.find((x: any) => x.context === 'ticket' && x.action === action)?.count ?? 0;
  // (The overdue sweep may write entries of its own meanwhile: the ticket's create is counted exactly, the rest at least.)
  const after = await eventually(async () => {
    const r = ok(await events('admin'));
    expect([count(r, 'create'), count(r, 'update') >= count(before, 'update') + 1]).toEqual([count(before, 'create') + 1, true]);
    return r;
  }, 15_000);
  expect(after.total).toBeGreaterThanOrEqual(before.total + 2);
  expect(after.actors[0].actor_name).toBeTruthy();
  expect(after.actors.reduce((n: number, a: any) => n + a.count, 0)).toBeLessThanOrEqual(after.total);
  expect(after.byDay.reduce((n: number, d: any) => n + d.count, 0)).toBe(after.total);
  // Only the administration's: an HR record's entry is not counted.
  await eventually(async () => {
    const {
      rows: [log],
    } = await s.services.system!.pool.query(`SELECT count(*)::int AS n FROM activity_log WHERE domain = 'admin' AND ${inPeriod('created_date')}`, [from, to]);
    expect(ok(await events('admin')).total).toBe(log.n);
  }, 10_000);
  // The department head reads the entries of his department's records only (the log's own rule): not this ticket's.
  const head = ok(await events('head'));
  expect(count(head, 'create')).toBe(count(headBefore, 'create'));
  expect(head.total).toBeLessThan(after.total);

  const info = (r: any) => r.byContext.find((x: any) => x.context === 'ticket' && x.type === 'INFO')?.count ?? 0;
  const mine = await eventually(async () => {
    const list = (await api('eng').get('/notifications?limit=100')).body.data.items.filter((n: any) => n.context === `ticket:${created.id}`);
    expect(list.length).toBe(2);
    return list;
  }, 15_000);
  expect(info(ok(await sent('admin')))).toBeGreaterThanOrEqual(info(notesBefore) + 2);
  // The engineer reads one: read counts it, and the mean time to read is known.
  expect((await api('eng').get(`/notifications/read/${mine[0].id}`)).status).toBe(200);
  const read = ok(await sent('admin'));
  expect(read.read).toBe(notesBefore.read + 1);
  expect(read.meanHoursToRead).not.toBeNull();
  // Counts only, and no record type the caller may not view: the engineer holds no report right.
  expect((await sent('eng')).status).toBe(403);
  expect((await events('eng')).status).toBe(403);
  expect((await api('hr').get('/admin-report/notifications?to=2020-01-01', en)).body.errors[0].path).toBe('from');
});

test('a report counts only what its reader may view: the report right alone opens none of them', async () => {
  const reporter = callerContext({ userId: randomUUID(), ability: [{ action: 'view', subject: 'report' }] });
  const call = (domain: 'admin' | 'hr', path: string) => callAs(s.services[domain]!.url, contextCodec(KEY), reporter, 'GET', path);
  for (const path of [
    '/admin-report/tickets',
    '/admin-report/car-bookings',
    '/admin-report/room-bookings',
    '/admin-report/documents',
    '/admin-report/working-schedules',
  ]) {
    expect([path, (await call('admin', path)).status]).toEqual([path, 403]);
  }
  expect((await call('hr', '/admin-report/recruitment-events')).status).toBe(403);
  // With the view right of interviews (recruitment) besides, the interviews report opens.
  const recruiter = callerContext({
    userId: reporter.userId,
    ability: [
      { action: 'view', subject: 'report' },
      { action: 'view', subject: 'recruitment' },
    ],
  });
  expect((await callAs(s.services.hr!.url, contextCodec(KEY), recruiter, 'GET', '/admin-report/recruitment-events')).status).toBe(200);
});
