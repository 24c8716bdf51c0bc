/**
 * Working schedules through the gateway, on the demo company: an entry is its person's — they and whoever
 * keeps schedules (the approve right, within their scope) write it, nobody puts one on a colleague's or a leader's week;
 * the people travelling with someone read the trip whatever their department; the business-travel calendar shows the
 * week's entries by area, coloured by kind.
 */
import { startTestStack, type TestStack, EN, okData } from '../support/stack';
import { companyDay, companyTime, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = EN;
const ok = okData;
const entry = (who: DemoPerson, body: Record<string, unknown>) =>
  api(who).post(
    '/working-schedule',
    { content: 'Làm việc tại công trường', location: 'Công trường Thủ Đức', start_time: companyTime(9, '08:00'), end_time: companyTime(9, '11:00'), ...body },
    en,
  );

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

test("an entry is its person's: their own, or written by who keeps the schedules; never on a colleague's or a leader's week", async () => {
  const mine = ok(await entry('eng', {}));
  expect(mine).toMatchObject({ staff_id: ids['engineer:staff'], department_id: ids.KTTC, kind: 'WORK' });
  const forDirector = await entry('eng', { staff_id: ids['director:staff'] });
  expect([forDirector.status, forDirector.body.message]).toEqual([403, 'Only its person or a schedule keeper may set Who on this working schedule']);
  // Nor moved onto someone else once written.
  expect((await api('eng').put(`/working-schedule/${mine.id}`, { staff_id: ids.NV014 }, en)).status).toBe(403);
  // The head keeps his department's: an engineer's entry, not the director's.
  expect(ok(await entry('head', { staff_id: ids.NV014 })).staff_id).toBe(ids.NV014);
  expect((await entry('head', { staff_id: ids['director:staff'] })).status).toBe(403);
  expect((await api('head').put(`/working-schedule/${mine.id}`, { location: 'Văn phòng' })).status).toBe(200);
  // The office keeps the leaders'.
  expect(ok(await entry('hr', { staff_id: ids['director:staff'], content: 'Tiếp đoàn kiểm tra của Sở Xây dựng' })).department_id).toBe(ids.BGD);
  const bad = await entry('eng', { start_time: companyTime(9, '12:00'), end_time: companyTime(9, '11:00') });
  expect([bad.status, bad.body.errors[0].path]).toEqual([400, 'start_time']);
});

test('a business trip: those travelling along read it from any department, the others do not; the calendar shows the week by area, coloured by kind', async () => {
  const {
    rows: [hn],
  } = await s.services.admin!.pool.query(`SELECT id FROM administrator_area WHERE code = 'HN'`);
  const trip = ok(
    await entry('hr', {
      staff_id: ids['director:staff'],
      kind: 'BUSINESS_TRIP',
      content: 'Công tác Hà Nội',
      location: 'Văn phòng Hà Nội',
      area_id: hn.id,
      companion_ids: [ids['engineer:staff']],
      start_time: companyTime(10, '07:00'),
      end_time: companyTime(11, '18:00'),
    }),
  );
  const alone = ok(
    await entry('hr', {
      staff_id: ids['director:staff'],
      content: 'Họp Hội đồng quản trị',
      start_time: companyTime(10, '14:00'),
      end_time: companyTime(10, '16:00'),
    }),
  );
  expect(ok(await api('eng').get(`/working-schedule/${trip.id}`)).kind).toBe('BUSINESS_TRIP');
  expect((await api('eng').get(`/working-schedule/${alone.id}`)).status).toBe(404);
  // …and does not change it: it is the director's.
  expect((await api('eng').put(`/working-schedule/${trip.id}`, { location: 'Đổi' }, en)).status).toBe(403);
  const cal = ok(await api('eng').get(`/working-schedule/calendar?from=${companyDay(10)}&to=${companyDay(11)}&f_area_id=${hn.id}`));
  expect(cal.items.map((e: any) => [e.id, e.kind])).toEqual([[trip.id, 'BUSINESS_TRIP']]);
  expect((await api('hr').get(`/working-schedule/calendar?from=${companyDay(10)}&to=${companyDay(10)}`)).body.data.items.map((e: any) => e.id)).toEqual(
    expect.arrayContaining([trip.id, alone.id]),
  );
});

test("the spec's calendar paths: events, add-event and update-event answer as the resource's own routes, with their rights and rules", async () => {
  const from = companyDay(12);
  const added = ok(
    await api('eng').post('/apps/business-travel/add-event', {
      content: 'Khảo sát mặt bằng',
      location: 'Quận 7',
      start_time: companyTime(12, '08:00'),
      end_time: companyTime(12, '10:00'),
    }),
  );
  expect((await api('eng').get(`/apps/business-travel/events?from=${from}&to=${from}`)).body.data.items.map((e: any) => e.id)).toContain(added.id);
  expect(ok(await api('eng').put('/apps/business-travel/update-event', { id: added.id, end_time: companyTime(12, '11:00') })).end_time).toBe(
    companyTime(12, '11:00'),
  );
  expect((await api('eng').put('/apps/business-travel/update-event', { end_time: companyTime(12, '11:00') }, en)).body.errors[0].path).toBe('id');
  expect(
    (
      await api('eng').post('/apps/business-travel/add-event', {
        content: 'Cho giám đốc',
        staff_id: ids['director:staff'],
        location: 'HN',
        start_time: companyTime(12, '08:00'),
        end_time: companyTime(12, '10:00'),
      })
    ).status,
  ).toBe(403);
  // The room and car calendars under their spec paths.
  expect((await api('eng').get(`/apps/calendar/events?from=${from}&to=${from}`)).status).toBe(200);
  expect((await api('eng').get(`/apps/booking_car/events?from=${from}&to=${from}`)).status).toBe(200);
});
