/**
 * Yearly business plans and the business reports beside them (spec §7 "plan with change-status, chart, check-create,
 * approval PUT {id}", "market, perform and plan reports", "chart detail"; §4 plan states; §9 f_main_year, f_sale_code)
 * through the gateway on the demo company: one plan per year and sales code, checked before the form is filled; sent by
 * its author, approved or rejected by someone else, its targets frozen once sent (the kit's `parentOpen`); a plan not
 * approved by its deadline expires (the deadline's `moveTo`) and is reopened only with a deadline to come; the plan's report sets the approved targets beside
 * what the records show, item by item (I–V) and month by month, exact to the đồng; the market and contractor reports.
 */
import { businessPlan } from '@portal/contracts';
import { sweepDeadline } from '@portal/service-kit';
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { companyDay, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const year = Number(companyDay(0).slice(0, 4));
type Row = Record<string, unknown>;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

const plans = async (query: string) => (ok(await api('director').get(`/business-report/plan?${query}`)).items as Row[]).map((p) => [p.sale_code, p.status]);

test('the demo plans: this year approved and one waiting, next year drafted, last year expired; one per year and sales code', async () => {
  expect(await plans(`f_main_year=${year}`)).toEqual([
    ['KD1', 'APPROVED'],
    ['KT1', 'APPROVING'],
  ]);
  expect(await plans(`f_main_year=${year + 1}`)).toEqual([['KD1', 'DRAFT']]);
  expect(await plans(`f_main_year=${year - 1}&f_sale_code=KD2`)).toEqual([['KD2', 'EXPIRED']]);
  const check = (q: string) => api('sales').get(`/business-report/plan/check-create?${q}`, EN);
  expect(ok(await check(`f_main_year=${year}&f_sale_code=kd1`))).toEqual({ exists: true, message: 'A yearly business plan with these values already exists' });
  expect(ok(await check(`f_main_year=${year}&f_sale_code=KD9`))).toEqual({ exists: false, message: null });
  const bad = await check('f_main_year=abc&f_sale_code=KD1');
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'f_main_year']);
  const dup = await api('sales').post('/business-report/plan', {
    name: 'Trùng',
    main_year: year,
    sale_code: 'KD1',
    department_id: ids.KD,
    approve_by: companyDay(30),
  });
  expect(dup.status).toBe(409);
  // The lines are in the items' order (I–V), each month and the year's total.
  const kd1 = (ok(await api('sales').get(`/business-report/plan?f_main_year=${year}&f_sale_code=KD1`)).items as Row[])[0]!;
  const lines = ok(await api('sales').get(`/business-report/plan-line?f_plan_id=${kd1.id}`)).items as Row[];
  expect(lines.map((l) => [l.no, l.item])).toEqual([
    [1, 'CONTRACT_VALUE'],
    [2, 'WON_VALUE'],
    [3, 'BIDS_SUBMITTED'],
    [4, 'BIDS_WON'],
    [5, 'NEW_PROJECTS'],
  ]);
  for (const l of lines) expect(Number(l.total)).toBe(Array.from({ length: 12 }, (_, i) => Number(l[`m${i + 1}`])).reduce((a, b) => a + b, 0));
});

test('sent by its author with targets, frozen while it waits, approved or rejected by someone else, never by its author', async () => {
  const p = ok(
    await api('sales').post('/business-report/plan', {
      name: 'Kế hoạch thử',
      main_year: year + 1,
      sale_code: 'KD7',
      department_id: ids.KD,
      approve_by: companyDay(60),
    }),
  );
  expect(p.status).toBe('DRAFT');
  const move = (who: DemoPerson, status: string, extra: Row = {}, path = 'change-status') =>
    api(who).put(`/business-report/plan/${p.id}/${path}`, { status, ...extra }, EN);
  const empty = await move('sales', 'APPROVING');
  expect([empty.status, empty.body.message]).toEqual([422, 'The plan has no targets yet: enter its monthly targets before sending it for approval']);
  const line = ok(await api('sales').post('/business-report/plan-line', { plan_id: p.id, item: 'CONTRACT_VALUE', m1: 1500.5, m12: 2000 }));
  expect(line.total).toBe(3500.5);
  expect((await api('sales').post('/business-report/plan-line', { plan_id: p.id, item: 'CONTRACT_VALUE', m2: 1 })).status).toBe(409);
  ok(await move('sales', 'APPROVING'));
  // Sent: its targets are frozen, for its author as for anyone.
  const late = await api('sales').put(`/business-report/plan-line/${line.id}`, { m2: 10 }, EN);
  expect([late.status, late.body.message]).toEqual([
    422,
    'The yearly business plan is "Awaiting approval": its lines can no longer be added, changed or removed',
  ]);
  const lateVi = await api('sales').post('/business-report/plan-line', { plan_id: p.id, item: 'BIDS_WON', m1: 1 });
  expect([lateVi.status, lateVi.body.message]).toEqual([
    422,
    'Không thể thêm, sửa hay xóa nội dung khi kế hoạch kinh doanh năm đang ở trạng thái "Chờ phê duyệt"',
  ]);
  expect((await api('sales').del(`/business-report/plan-line/${line.id}`)).status).toBe(422);
  expect((await api('sales').put(`/business-report/plan/${p.id}`, { name: 'Đổi tên' })).status).toBe(422);
  // Its author does not approve it, by either path; the approval path takes only a decision.
  expect((await move('sales', 'APPROVED', {}, 'approval')).status).toBe(403);
  expect((await move('director', 'DRAFT', {}, 'approval')).status).toBe(400);
  const reject = await move('director', 'REJECTED', {}, 'approval');
  expect([reject.status, reject.body.errors?.[0]?.path]).toEqual([400, 'decision_note']);
  ok(await move('director', 'REJECTED', { decision_note: 'Chỉ tiêu quý I quá thấp' }, 'approval'));
  expect(ok(await api('sales').get(`/business-report/plan/${p.id}`)).decision_note).toBe('Chỉ tiêu quý I quá thấp');
  // Rejected: its author changes the targets and sends it again; the decision's note goes.
  ok(await api('sales').put(`/business-report/plan-line/${line.id}`, { m2: 800 }));
  ok(await move('sales', 'APPROVING'));
  expect(ok(await api('sales').get(`/business-report/plan/${p.id}`)).decision_note).toBe(null);
  ok(await move('director', 'APPROVED', {}, 'approval'));
  expect(ok(await api('sales').get(`/business-report/plan/${p.id}`)).status).toBe('APPROVED');
  expect((await move('sales', 'DRAFT')).status).toBe(422);
});

test('a plan not approved by its deadline expires, its owner told; reopened only with a deadline to come; an approved one stays', async () => {
  const old = ok(
    await api('sales').post('/business-report/plan', {
      name: 'Kế hoạch trễ',
      main_year: year - 2,
      sale_code: 'KD8',
      department_id: ids.KD,
      approve_by: companyDay(-1),
    }),
  );
  expect(old.owner_id).toBe(ids['sales:staff']);
  const kit = s.services.business!.kit!;
  await Promise.all([sweepDeadline(kit, businessPlan, new Date()), sweepDeadline(kit, businessPlan, new Date())]);
  const row = ok(await api('sales').get(`/business-report/plan/${old.id}`));
  expect([row.status, row.expired]).toEqual(['EXPIRED', true]);
  const told = await s.services.business!.pool.query(`SELECT payload->'title'->>'en' AS t FROM outbox WHERE payload->>'context' = $1`, [
    `businessPlan:${old.id}`,
  ]);
  expect(told.rows.map((r) => r.t)).toEqual([`Yearly business plan overdue: ${row.code} Kế hoạch trễ`]);
  expect((await api('sales').put(`/business-report/plan/${old.id}/change-status`, { status: 'APPROVING' })).status).toBe(422);
  const stale = await api('sales').put(`/business-report/plan/${old.id}`, { approve_by: companyDay(0) }, EN);
  expect([stale.status, stale.body.errors?.[0]?.message]).toEqual([400, 'The plan is past its approval deadline: give it a new one after today to reopen it']);
  const reopened = ok(await api('sales').put(`/business-report/plan/${old.id}`, { approve_by: companyDay(20) }));
  expect([reopened.status, reopened.expired]).toEqual(['DRAFT', false]);
  expect(await plans(`f_main_year=${year}&f_status=APPROVED`)).toEqual([['KD1', 'APPROVED']]);
});

test("the plan's report: the approved targets beside the records, item by item and month by month, exact to the đồng; the chart detail", async () => {
  const r = ok(await api('director').get(`/business-report/plan/chart?f_main_year=${year}&f_sale_code=KD1`));
  expect([r.plans, r.approved]).toEqual([1, 1]);
  const kd1 = (ok(await api('sales').get(`/business-report/plan?f_main_year=${year}&f_sale_code=KD1`)).items as Row[])[0]!;
  const lines = ok(await api('sales').get(`/business-report/plan-line?f_plan_id=${kd1.id}`)).items as Row[];
  const target = (item: string) => Number(lines.find((l) => l.item === item)!.total);
  expect((r.value_items as Row[]).map((x) => [x.no, x.item, x.target])).toEqual([
    [1, 'CONTRACT_VALUE', target('CONTRACT_VALUE') * 1_000_000],
    [2, 'WON_VALUE', target('WON_VALUE') * 1_000_000],
  ]);
  // What the records show: the contracts signed this year — of the business department's projects for its sales code,
  // of every project for the company's report (the site department signed one this spring).
  const db = s.services.business!.pool;
  const signedOf = async (department: string | null) =>
    Number(
      (
        await db.query(
          `SELECT coalesce(sum(c.value), 0) AS v FROM business_contract c JOIN project p ON p.id = c.project_id
            WHERE c.state = 'ACTIVE' AND c.status <> 'DRAFT' AND extract(year FROM c.signed_date) = $1 AND ($2::uuid IS NULL OR p.department_id = $2)`,
          [year, department],
        )
      ).rows[0].v,
    );
  const signed = await signedOf(ids.KD);
  expect([r.contract_value_target, r.contract_value_actual]).toEqual([target('CONTRACT_VALUE') * 1_000_000, signed]);
  const company = ok(await api('director').get(`/business-report/plan/chart?f_main_year=${year}`));
  expect([company.plans, company.approved, company.contract_value_actual]).toEqual([2, 1, await signedOf(null)]);
  expect(company.contract_value_actual).toBeGreaterThan(0);
  const submitted = Number(
    (
      await db.query(
        `SELECT count(*) AS n FROM bid b JOIN project p ON p.id = b.project_id
          WHERE b.state = 'ACTIVE' AND b.status IN ('SUBMITTED', 'WON', 'LOST') AND extract(year FROM b.deadline) = $1 AND p.department_id = $2`,
        [year, ids.KD],
      )
    ).rows[0].n,
  );
  const counts = r.count_items as Row[];
  expect(counts.map((x) => [x.no, x.item])).toEqual([
    [3, 'BIDS_SUBMITTED'],
    [4, 'BIDS_WON'],
    [5, 'NEW_PROJECTS'],
  ]);
  expect([counts[0]!.target, counts[0]!.actual, counts[0]!.percent]).toEqual([
    target('BIDS_SUBMITTED'),
    submitted,
    Math.round((submitted * 1000) / target('BIDS_SUBMITTED')) / 10,
  ]);
  const months = r.value_months as Row[];
  expect(months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(months.reduce((n, m) => n + Number(m.contract_target), 0)).toBe(target('CONTRACT_VALUE') * 1_000_000);
  expect(months.reduce((n, m) => n + Number(m.contract_actual), 0)).toBe(signed);
  // One item month by month, in its unit, with running totals.
  const d = ok(await api('director').get(`/business-report/chart-detail?f_main_year=${year}&f_sale_code=KD1&item=BIDS_SUBMITTED`));
  const dm = d.months as Row[];
  expect([d.target, d.actual, dm.at(-1)!.target_to_date, dm.at(-1)!.actual_to_date]).toEqual([
    target('BIDS_SUBMITTED'),
    submitted,
    target('BIDS_SUBMITTED'),
    submitted,
  ]);
  const noItem = await api('director').get(`/business-report/chart-detail?f_main_year=${year}`, EN);
  expect([noItem.status, noItem.body.errors?.[0]?.path]).toEqual([400, 'item']);
  // A sales code without a plan this year: nothing planned, nothing attributed to it.
  const none = ok(await api('director').get(`/business-report/plan/chart?f_main_year=${year}&f_sale_code=ZZ9`));
  expect([none.plans, none.contract_value_target, none.contract_value_actual]).toEqual([0, 0, 0]);
  for (const path of ['plan/chart', 'chart-detail', 'market']) {
    const xlsx = await api('director').get(`/business-report/${path}/export?f_main_year=${year}&year=${year}&item=WON_VALUE`, EN);
    expect([path, xlsx.status, xlsx.headers.get('content-type')]).toEqual([path, 200, expect.stringContaining('spreadsheetml')]);
  }
  expect((await api('eng').get(`/business-report/plan/chart?f_main_year=${year}`)).status).toBe(403);
});

test('the market report: the projects of the year by area, segment and size, in the caller scope', async () => {
  const r = ok(await api('director').get(`/business-report/market?year=${year}`));
  const all = ok(await api('director').get('/project-business?limit=1')).totalRows as number;
  expect(r.projects).toBe(all);
  for (const k of ['by_area', 'by_segment', 'by_band']) expect([k, (r[k] as { projects: number }[]).reduce((n, x) => n + x.projects, 0)]).toEqual([k, all]);
  const won = ok(await api('director').get('/project-business?limit=1&f_stage=WON')).totalRows as number;
  expect(r.won).toBe(won);
  const mine = ok(await api('sales').get(`/business-report/market?year=${year}`));
  expect(mine.projects).toBeLessThan(r.projects);
  expect(ok(await api('director').get(`/business-report/market?year=${year - 3}`)).projects).toBe(0);
});

test('the contractor report: the summary, by grade and kind, and the contractors list; its xlsx', async () => {
  const r = ok(await api('director').get(`/contractor/report?year=${year}`));
  const db = s.services.business!.pool;
  const counts = (
    await db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE grade IS NOT NULL)::int AS rated, count(*) FILTER (WHERE grade = 'TRUNG_BINH')::int AS poor
         FROM contractor WHERE state = 'ACTIVE'`,
    )
  ).rows[0];
  expect([r.contractors, r.evaluated, r.poor]).toEqual([counts.n, counts.rated, counts.poor]);
  expect(r.poor).toBeGreaterThan(0);
  expect((r.contractors_list as Row[]).length).toBe(counts.n);
  expect((r.by_grade as { contractors: number }[]).reduce((n, g) => n + g.contractors, 0)).toBe(counts.n);
  // Poor standing first: the list opens with the lowest average.
  expect((r.contractors_list as Row[])[0]!.grade).toBe('TRUNG_BINH');
  const xlsx = await api('director').get(`/contractor/report/export?year=${year}`, EN);
  expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
});
