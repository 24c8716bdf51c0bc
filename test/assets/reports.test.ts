/**
 * The asset reports on the demo company, through the gateway: the asset report's figures agree with the register (its
 * count and price by status add up to the list's, its categories to its types and groups), a year's liquidations with
 * their proceeds; the status report's departments and what needs the office, each figure the register's own filter;
 * repairs by company with their cost and downtime; each in the caller's scope (a head counts his units'); a reader
 * without the view right on assets gets a 403; bad queries a 400.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.assets!.pool;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
});
afterAll(async () => {
  await s?.close();
});

const sum = (xs: (number | string)[]) => xs.reduce<bigint>((t, x) => t + BigInt(x), 0n);

test('the asset report agrees with the register: by status, by category, the price by status, the liquidations of the year', async () => {
  const year = s.services.assets!.kit!.today().slice(0, 4);
  const r = ok(await api('hr').get(`/asset-report?year=${year}`));
  const list = ok(await api('hr').get('/asset?limit=1'));
  expect(r.total).toBe(list.totalRows);
  expect(sum(r.asset_count_by_status.map((x: { count: number }) => x.count))).toBe(BigInt(list.totalRows));
  expect(sum(r.asset_count_by_category.map((x: { count: number }) => x.count))).toBe(BigInt(list.totalRows));
  const { rows } = await db().query(`SELECT status, count(*)::int AS n, sum(purchase_price)::text AS price FROM asset WHERE state = 'ACTIVE' GROUP BY status`);
  for (const row of rows) {
    expect(r.asset_count_by_status.find((x: { status: string }) => x.status === row.status)?.count).toBe(row.n);
    expect(String(r.asset_total_price_by_status.find((x: { status: string }) => x.status === row.status)?.total_price)).toBe(row.price);
  }
  expect(String(r.total_price)).toBe(String(sum(rows.map((x) => x.price))));
  const liq = await db().query(
    `SELECT count(*)::int AS n, coalesce(sum(liquidation_price), 0)::text AS price FROM asset WHERE state = 'ACTIVE' AND status = 'LIQUIDATION' AND extract(year FROM liquidation_date) = $1`,
    [Number(year)],
  );
  expect([r.liquidated, String(r.liquidation_price)]).toEqual([liq.rows[0].n, liq.rows[0].price]);
  expect(r.liquidated).toBeGreaterThan(0);
  // A year with none: nothing liquidated, the register the same.
  const old = ok(await api('hr').get('/asset-report?year=2001'));
  expect([old.liquidated, old.liquidation_total_price_by_category, old.total]).toEqual([0, [], r.total]);
});

test("the status report: each department's statuses, and what needs the office — the register's own filters", async () => {
  const r = ok(await api('hr').get('/asset-report/status'));
  const count = async (q: string) => ok(await api('hr').get(`/asset?limit=1&${q}`)).totalRows;
  expect(r.inspections.overdue).toBe(await count('f_inspection_state=OVERDUE'));
  expect(r.inspections.due).toBe(await count('f_inspection_state=DUE'));
  expect(r.inspections.overdue + r.inspections.due).toBeGreaterThan(0);
  expect(r.handovers_waiting).toBe(await count('f_status=HAND_OVER'));
  expect(r.in_repair).toBeGreaterThan(0);
  expect(r.insurance_ending).toBeGreaterThanOrEqual(1);
  expect(sum(r.by_department.map((x: { count: number }) => x.count))).toBe(BigInt(r.total));
  expect(r.by_department.some((x: { department_name: string }) => x.department_name === 'Ban Chỉ huy công trường')).toBe(true);
});

test('repairs by company: their cost and days out of service; the period chosen', async () => {
  const today = s.services.assets!.kit!.today();
  const r = ok(await api('hr').get(`/asset-report/repairs?from=${today.slice(0, 4)}-01-01&to=${today}`));
  const { rows } = await db().query(
    `SELECT c.name, count(*)::int AS n, sum(r.cost)::text AS cost FROM repair_asset r JOIN repair_company c ON c.id = r.company_id
      WHERE r.state = 'ACTIVE' AND r.status <> 'CANCELLED' AND r.sent_date BETWEEN $1::date AND $2::date GROUP BY c.name`,
    [`${today.slice(0, 4)}-01-01`, today],
  );
  expect(r.by_company.length).toBe(rows.length);
  for (const row of rows) {
    const got = r.by_company.find((x: { company_name: string }) => x.company_name === row.name);
    expect([got?.repairs, String(got?.cost)]).toEqual([row.n, row.cost]);
  }
  const returned = r.by_company.filter((x: { returned: number }) => x.returned > 0);
  expect(returned.length).toBeGreaterThan(0);
  for (const x of returned) expect(x.mean_downtime_days).toBeCloseTo(x.downtime_days / x.returned, 0);
  const bad = await api('hr').get('/asset-report/repairs?from=2026-05-01&to=2026-01-01', EN);
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'from']);
  const year = await api('hr').get('/asset-report?year=abc', EN);
  expect([year.status, year.body.errors?.[0]?.path]).toEqual([400, 'year']);
});

test("each in the caller's scope: a head counts his units' assets; an employee, without the report right, gets a 403", async () => {
  const mine = ok(await api('head').get('/asset-report/status'));
  const all = ok(await api('hr').get('/asset-report/status'));
  expect(mine.total).toBeGreaterThan(0);
  expect(mine.total).toBeLessThan(all.total);
  expect(mine.total).toBe(ok(await api('head').get('/asset?limit=1')).totalRows);
  const names = new Set(mine.by_department.map((x: { department_name: string }) => x.department_name));
  expect(names.has('Phòng Tài chính - Kế toán')).toBe(false);
  expect(ok(await api('head').get('/asset-report')).total).toBe(mine.total);
  for (const path of ['/asset-report', '/asset-report/status', '/asset-report/repairs', '/asset-report/export'])
    expect([path, (await api('eng').get(path)).status]).toEqual([path, 403]);
});
