/**
 * Annual leave balances through the gateway (services/hr/src/leave-balance.ts), on fixed dates in 2030 so the figures
 * do not depend on today: monthly and yearly accrual, seniority increase, proration in the year of joining, carried
 * days and their lapse, HR adjustments, taken and pending leave, the check at submit, a leave type's yearly cap, the
 * calendar of who is off and the settings.
 */
import { ADMIN_PASSWORD, DEMO_PASSWORD, startTestStack, type TestStack } from '../support/stack';

jest.setTimeout(60_000);
let s: TestStack;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
const SETTINGS = { annual_days: 12, accrual: 'MONTHLY', carry_over_max_days: 5, carry_over_until_month: 3, allow_negative: false };

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  for (const [k, email] of [
    ['head', 'head.kttc@portal.local'],
    ['hr', 'hr@portal.local'],
    ['eng', 'engineer@portal.local'],
  ] as const)
    tok[k] = (await s.signIn(email, DEMO_PASSWORD)).accessToken;
  tok.admin = (await s.signIn(s.adminEmail, ADMIN_PASSWORD)).accessToken;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM organization`)).rows) ids[r.code] = r.id;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM leave_type`)).rows) ids[r.code] = r.id;
  expect((await api('hr').put('/leave-setting', SETTINGS)).status).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

const api = (who: string) => s.api(tok[who]);
const balance = async (staffId: string, date: string) => {
  const r = await api('hr').get(`/staff-leave/balance?staff_id=${staffId}&date=${date}`);
  expect(r.status).toBe(200);
  return r.body.data;
};
async function hire(code: string, entry: string, dept = 'KTTC') {
  const r = await api('hr').post('/staff', { code, full_name: `Nhân viên ${code}`, department_id: ids[dept], status: 'OFFICIAL', entry_date: entry });
  expect(r.status).toBe(200);
  return r.body.data.id as string;
}
async function leave(staffId: string, from: string, to: string, type = ids.ANNUAL) {
  const r = await api('hr').post('/staff-leave', { staff_id: staffId, leave_type_id: type, from_date: from, to_date: to, reason: 'Nghỉ phép' });
  expect(r.status).toBe(200);
  return r.body.data as { id: string; days: number; department_id: string };
}

test('monthly accrual with seniority, carried days and an adjustment; approved leave is taken; the submit check refuses beyond the balance', async () => {
  const a = await hire('LB-1', '2021-07-15'); // 8 completed years in 2030: the demo's 5-year step adds 1 day → 13 a year
  expect((await api('hr').post('/staff-leave-day', { staff_id: a, year: 2030, carried_days: 3, extra_days: 1, note: 'Phép 2029' })).status).toBe(200);
  const dup = await api('hr').post('/staff-leave-day', { staff_id: a, year: 2030, carried_days: 1 }, { 'accept-language': 'en' });
  expect([dup.status, dup.body.errors[0]]).toEqual([409, { path: 'year', message: 'Year already exists' }]);

  const feb = await balance(a, '2030-02-10');
  expect(feb).toMatchObject({
    year: 2030,
    entitlement: 13,
    seniority_days: 1,
    accrued: 2.17,
    carried_days: 3,
    carried_lapsed: 0,
    adjustment_days: 1,
    taken: 0,
    pending: 0,
    available: 6.17,
  });
  expect(feb.schedule).toHaveLength(12);
  expect(feb.schedule[0]).toEqual({ month: 1, accrued: 1.08 });
  expect(feb.schedule[11]).toEqual({ month: 12, accrued: 13 });

  const l1 = await leave(a, '2030-02-11', '2030-02-15');
  expect(l1.days).toBe(5);
  expect((await api('hr').post(`/staff-leave/${l1.id}/submit`, {})).status).toBe(200);
  expect((await balance(a, '2030-02-10')).pending).toBe(5);
  expect((await api('head').post(`/staff-leave/${l1.id}/approve`, {})).body.data.status).toBe('APPROVED');
  // June: 6.5 earned, the carried days were used in February (nothing lapses), 5 taken.
  expect(await balance(a, '2030-06-10')).toMatchObject({ accrued: 6.5, carried_lapsed: 0, taken: 5, pending: 0, available: 5.5 });

  const l2 = await leave(a, '2030-06-10', '2030-06-17');
  expect(l2.days).toBe(6);
  const refused = await api('hr').post(`/staff-leave/${l2.id}/submit`, {}, { 'accept-language': 'en' });
  expect([refused.status, refused.body.message]).toEqual([422, 'Not enough leave left: 5.5 days available, the request needs 6']);
  expect((await api('hr').get(`/staff-leave/${l2.id}`)).body.data.approval_status).toBe('DRAFT');
  // Leave beyond the days earned, once the company allows it.
  expect((await api('hr').put('/leave-setting', { ...SETTINGS, allow_negative: true })).status).toBe(200);
  expect((await api('hr').post(`/staff-leave/${l2.id}/submit`, {})).status).toBe(200);
  expect((await balance(a, '2030-06-10')).available).toBe(-0.5);
  expect((await api('hr').put('/leave-setting', SETTINGS)).status).toBe(200);
});

test('carried days lapse after the cut-off month when unused; yearly accrual gives the whole year; joining in the year prorates it', async () => {
  const b = await hire('LB-2', '2026-01-05'); // 4 years in 2030: no seniority step
  await api('hr').post('/staff-leave-day', { staff_id: b, year: 2030, carried_days: 3 });
  expect(await balance(b, '2030-03-31')).toMatchObject({ carried_lapsed: 0, available: 6 });
  expect(await balance(b, '2030-04-01')).toMatchObject({ carried_lapsed: 3, accrued: 4, available: 4 });

  const c = await hire('LB-3', '2030-04-20');
  expect(await balance(c, '2030-04-25')).toMatchObject({ entitlement: 9, accrued: 1, available: 1 });
  expect((await api('hr').put('/leave-setting', { ...SETTINGS, accrual: 'YEARLY' })).status).toBe(200);
  expect(await balance(c, '2030-04-25')).toMatchObject({ entitlement: 9, accrued: 9, available: 9 });
  expect((await api('hr').put('/leave-setting', SETTINGS)).status).toBe(200);
});

test("a leave type's yearly maximum is checked at submit; other types do not touch the annual balance", async () => {
  const d = await hire('LB-4', '2020-01-01');
  const type = await api('hr').post('/leave-type', { code: 'WEDDING', name: 'Nghỉ cưới', max_days: 3, paid: true, annual: false });
  expect(type.status).toBe(200);
  const first = await leave(d, '2030-05-06', '2030-05-07', type.body.data.id);
  expect((await api('hr').post(`/staff-leave/${first.id}/submit`, {})).status).toBe(200);
  const second = await leave(d, '2030-05-13', '2030-05-14', type.body.data.id);
  const over = await api('hr').post(`/staff-leave/${second.id}/submit`, {}, { 'accept-language': 'en' });
  expect([over.status, over.body.message]).toEqual([422, 'Over the yearly maximum of this leave type: 2 of 3 days used']);
  expect(await balance(d, '2030-05-20')).toMatchObject({ taken: 0, pending: 0 });
});

test("who is off: the calendar lists leave in the caller's scope with the holidays; ranges are checked; settings need leave_days edit", async () => {
  const e = await hire('LB-5', '2020-01-01', 'MEP');
  const l = await leave(e, '2030-09-02', '2030-09-03');
  await api('hr').post(`/staff-leave/${l.id}/submit`, {});
  await api('hr').post('/holiday', { name: 'Quốc khánh', from_date: '2030-09-02', to_date: '2030-09-02' });
  const cal = await api('hr').get('/staff-leave/calendar?from=2030-09-01&to=2030-09-30');
  expect(cal.status).toBe(200);
  expect(cal.body.data.items).toEqual([
    expect.objectContaining({ id: l.id, staff_id__title: 'Nhân viên LB-5', from_date: '2030-09-02', to_date: '2030-09-03', approval_status: 'PENDING' }),
  ]);
  expect((await api('eng').get('/holiday/calendar?from=2030-09-01&to=2030-09-30')).body.data.items.map((h: any) => h.name)).toEqual(['Quốc khánh']);
  // The KTTC head does not see a MEP leave, not even by asking for its department.
  expect((await api('head').get('/staff-leave/calendar?from=2030-09-01&to=2030-09-30')).body.data.items).toEqual([]);
  expect((await api('head').get(`/staff-leave/calendar?from=2030-09-01&to=2030-09-30&f_department_id=${l.department_id}`)).body.data.items).toEqual([]);
  expect((await api('hr').get('/staff-leave/calendar?from=2030-01-01&to=2030-12-31')).status).toBe(400);
  expect((await api('hr').get('/staff-leave/calendar?from=2030-02-30&to=2030-03-01')).status).toBe(400);
  // An employee sees the settings but may not change them; a bad value is a 400 on its field.
  expect((await api('eng').get('/leave-setting')).body.data).toEqual(SETTINGS);
  expect((await api('eng').put('/leave-setting', SETTINGS)).status).toBe(403);
  const bad = await api('hr').put('/leave-setting', { ...SETTINGS, carry_over_until_month: 13 });
  expect([bad.status, bad.body.errors[0].path]).toEqual([400, 'carry_over_until_month']);
  // An employee's own balance needs no staff_id; someone else's outside their scope is a 404.
  expect((await api('eng').get('/staff-leave/balance?date=2030-01-15')).status).toBe(200);
  // Days as everywhere in the API: dd/mm/yyyy too.
  expect((await api('eng').get('/staff-leave/balance?date=15/01/2030')).body.data.date).toBe('2030-01-15');
  expect((await api('eng').get(`/staff-leave/balance?staff_id=${e}&date=2030-01-15`)).status).toBe(404);
});
