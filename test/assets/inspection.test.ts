/**
 * Inspections through the gateway, on the demo company: the policy of a group, else its type; the next due date from
 * the last inspection, its certificate's validity or, never inspected, the purchase date (due, not forgotten); a failed
 * inspection due at once; a deletion putting the date back; the due and overdue list in the caller's scope; the wrong
 * inputs and the wrong people; the daily work run twice and on two instances at once.
 */
import { dailyInspectionDue, refreshInspectionDue } from '@portal/assets';
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
let today: string;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.assets!.pool;
let type: string;
let group: string;

/** The day `days` before today ('YYYY-MM-DD'); negative: after. */
const ago = (days: number) => new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);
/** A day plus whole months, as PostgreSQL adds them. */
const plusMonths = async (day: string, months: number) =>
  (await db().query(`SELECT to_char(($1::date + make_interval(months => $2))::date, 'YYYY-MM-DD') AS d`, [day, months])).rows[0].d as string;
const standing = async (id: string) => {
  const a = ok(await api('hr').get(`/asset/${id}`));
  return { last: a.last_inspection_date, next: a.next_inspection_date, state: a.inspection_state };
};

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  today = s.services.assets!.kit!.today();
  type = ok(await api('admin').post('/asset-type', { code: 'T-CRANE', name: 'Thiết bị nâng (thử)', inspection_months: 24 })).id;
  group = ok(
    await api('admin').post('/asset-group', { code: 'G-HOIST', name: 'Vận thăng (thử)', type_id: type, depreciation_months: 96, inspection_months: 12 }),
  ).id;
});
afterAll(async () => {
  await s?.close();
});

const newAsset = async (extra: Record<string, unknown> = {}) =>
  ok(
    await api('hr').post('/asset', {
      name: 'Vận thăng lồng',
      type_id: type,
      group_id: group,
      purchase_price: 900_000_000,
      purchase_date: ago(400),
      department_id: ids.KTTC,
      ...extra,
    }),
  ).id as string;
const inspect = (asset_id: string, extra: Record<string, unknown> = {}, who: DemoPerson = 'hr') =>
  api(who).post('/asset-inspection', { asset_id, inspection_date: ago(10), inspector: 'Trung tâm Kiểm định Khu vực II', ...extra }, EN);

test('the demo company: inspections on file, assets due and overdue — some never inspected — and one that failed', async () => {
  const list = ok(await api('hr').get('/asset-inspection?limit=100'));
  expect(list.totalRows).toBeGreaterThanOrEqual(30);
  expect(list.items.some((i: { result: string }) => i.result === 'FAILED')).toBe(true);
  const due = ok(
    await api('hr').get('/asset?f_inspection_state=DUE,OVERDUE&order=next_inspection_date%20asc&limit=100&fields=next_inspection_date,inspection_state'),
  );
  const states = new Set(due.items.map((a: { inspection_state: string }) => a.inspection_state));
  expect([states.has('DUE'), states.has('OVERDUE')]).toEqual([true, true]);
  const dates = due.items.map((a: { next_inspection_date: string }) => a.next_inspection_date);
  expect(dates).toEqual([...dates].sort());
  const { rows: never } = await db().query(
    `SELECT count(*)::int AS n FROM asset a WHERE a.next_inspection_date IS NOT NULL AND a.last_inspection_date IS NULL`,
  );
  expect(never[0].n).toBeGreaterThan(0);
  // Laptops have no policy: no due date.
  const { rows: laptops } = await db().query(
    `SELECT count(*)::int AS n FROM asset a JOIN asset_group g ON g.id = a.group_id WHERE g.code = 'LAPTOP' AND a.next_inspection_date IS NOT NULL`,
  );
  expect(laptops[0].n).toBe(0);
});

test('the next due date: from the purchase when never inspected, then the last inspection, its validity, a failure; a deletion puts it back', async () => {
  const id = await newAsset();
  // Bought 400 days ago with a 12-month interval, never inspected: overdue since its first anniversary.
  expect(await standing(id)).toEqual({ last: null, next: await plusMonths(ago(400), 12), state: 'OVERDUE' });
  const passed = ok(await inspect(id, { result: 'PASSED', certificate_number: '0001/KĐ' }));
  expect(passed.code).toMatch(/^KD\d{2}-\d{4}$/);
  expect(await standing(id)).toEqual({ last: ago(10), next: await plusMonths(ago(10), 12), state: 'OK' });
  // A certificate valid for less than the interval: its validity is the due date.
  const short = ok(await inspect(id, { inspection_date: ago(5), valid_until: ago(-20) }));
  expect(await standing(id)).toEqual({ last: ago(5), next: ago(-20), state: 'DUE' });
  // A failed one today: due at once (it must pass again before it works).
  const failed = ok(await inspect(id, { inspection_date: today, result: 'FAILED' }));
  expect(await standing(id)).toEqual({ last: today, next: today, state: 'DUE' });
  // Deleted (recorded by mistake): the one before it counts again.
  expect((await api('hr').del(`/asset-inspection/${failed.id}`)).status).toBe(200);
  expect(await standing(id)).toEqual({ last: ago(5), next: ago(-20), state: 'DUE' });
  // Corrected: the certificate's validity removed, the interval counts.
  ok(await api('hr').put(`/asset-inspection/${short.id}`, { valid_until: null }));
  expect(await standing(id)).toEqual({ last: ago(5), next: await plusMonths(ago(5), 12), state: 'OK' });
});

test("the policy: the group's interval, else its type's, else none; a change of either moves its assets' dates", async () => {
  const id = await newAsset({ purchase_date: ago(100) });
  expect((await standing(id)).next).toBe(await plusMonths(ago(100), 12));
  ok(await api('admin').put(`/asset-group/${group}`, { inspection_months: 3 }));
  expect(await standing(id)).toEqual({ last: null, next: await plusMonths(ago(100), 3), state: 'OVERDUE' });
  ok(await api('admin').put(`/asset-group/${group}`, { inspection_months: null }));
  expect((await standing(id)).next).toBe(await plusMonths(ago(100), 24));
  ok(await api('admin').put(`/asset-type/${type}`, { inspection_months: null }));
  expect(await standing(id)).toEqual({ last: null, next: null, state: null });
  ok(await api('admin').put(`/asset-type/${type}`, { inspection_months: 24 }));
  ok(await api('admin').put(`/asset-group/${group}`, { inspection_months: 12 }));
  // Its purchase date corrected: the date follows.
  ok(await api('hr').put(`/asset/${id}`, { purchase_date: ago(30) }));
  expect(await standing(id)).toEqual({ last: null, next: await plusMonths(ago(30), 12), state: 'OK' });
  // Liquidated: no longer due.
  ok(await api('hr').post(`/asset/${id}/status`, { status: 'LIQUIDATION', liquidation_date: today, liquidation_price: 1_000_000 }));
  expect(await standing(id)).toEqual({ last: null, next: null, state: null });
  const late = await inspect(id);
  expect([late.status, late.body.message]).toEqual([422, 'A liquidated asset is not inspected']);
});

test('wrong inputs and wrong people: a day to come, a validity before it, another asset, an employee, a head outside their department', async () => {
  const id = await newAsset();
  const future = await inspect(id, { inspection_date: ago(-3) });
  expect([future.status, future.body.errors?.[0]?.path, future.body.errors?.[0]?.message]).toEqual([400, 'inspection_date', 'This day has not come yet']);
  const before = await inspect(id, { valid_until: ago(20) });
  expect([before.status, before.body.errors?.[0]?.path]).toEqual([400, 'inspection_date']);
  const blank = await api('hr').post('/asset-inspection', { asset_id: id }, EN);
  expect([blank.status, blank.body.errors?.map((e: { path: string }) => e.path)]).toEqual([400, ['inspector']]);
  const done = ok(await inspect(id));
  const other = await newAsset();
  const moved = await api('hr').put(`/asset-inspection/${done.id}`, { asset_id: other }, EN);
  expect([moved.status, moved.body.errors?.[0]?.message]).toEqual([400, 'An inspection cannot move to another asset']);
  // The engineer reads assets, but does not record inspections, correct or delete them.
  expect((await inspect(id, {}, 'eng')).status).toBe(403);
  expect((await api('eng').put(`/asset-inspection/${done.id}`, { inspector: 'Tôi' })).status).toBe(403);
  expect((await api('eng').del(`/asset-inspection/${done.id}`)).status).toBe(403);
  // The KTTC head (the asset office within his department) corrects them on his department's assets, not on Finance's.
  const finance = ok(await inspect(await newAsset({ department_id: ids.TCKT })));
  expect(ok(await api('head').put(`/asset-inspection/${done.id}`, { certificate_number: '0002/KĐ' })).department_id).toBe(ids.KTTC);
  expect((await api('head').put(`/asset-inspection/${finance.id}`, { certificate_number: '0003/KĐ' })).status).toBe(404);
  // His due list holds his units' assets (KTTC and the site command under it) and those he holds himself, none of the
  // others' (other units' machines are due too).
  const due = ok(await api('head').get('/asset?f_inspection_state=DUE,OVERDUE&limit=200&fields=department_id,holder_id'));
  const all = ok(await api('hr').get('/asset?f_inspection_state=DUE,OVERDUE&limit=200&fields=department_id'));
  expect(all.items.some((a: { department_id: string }) => ![ids.KTTC, ids.BCH].includes(a.department_id))).toBe(true);
  expect(due.items.length).toBeGreaterThan(0);
  const strangers = due.items.filter(
    (a: { department_id: string; holder_id: string }) => ![ids.KTTC, ids.BCH].includes(a.department_id) && a.holder_id !== ids['head.kttc:staff'],
  );
  expect(strangers).toEqual([]);
});

test('the daily work, run twice and on two instances at once, gives the same register', async () => {
  const kit = s.services.assets!.kit!;
  const id = await newAsset({ purchase_date: ago(360) });
  // As if the dates had been kept on an earlier day: the state is stale until the day's work.
  await db().query(`UPDATE asset SET inspection_state = 'OK', next_inspection_date = NULL WHERE id = $1`, [id]);
  const ran = { day: '' };
  expect(await dailyInspectionDue(kit, ran)).toBeGreaterThanOrEqual(1);
  expect(await dailyInspectionDue(kit, ran)).toBe(0);
  expect(await standing(id)).toEqual({ last: null, next: await plusMonths(ago(360), 12), state: 'DUE' });
  const snapshot = async () => (await db().query(`SELECT id, last_inspection_date, next_inspection_date, inspection_state FROM asset ORDER BY id`)).rows;
  const before = await snapshot();
  const [a, b] = await Promise.all([refreshInspectionDue(kit.pool, today, 'all'), refreshInspectionDue(kit.pool, today, 'all')]);
  expect([a, b]).toEqual([0, 0]);
  expect(await snapshot()).toEqual(before);
});
