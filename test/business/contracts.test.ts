/**
 * Business contracts and their left revenue (spec §7 `/business-contract`; "left revenue GET, POST, PUT, DELETE")
 * through the gateway on the demo company: the revenue recognised year by year is summed onto its contract by the kit
 * (FieldDef.sum) — on every create, change, move to another contract and delete — never past the contract's value, not
 * even by two rows written at once; the value is not lowered under what is recognised; what is left is the value minus
 * it; the project scope on the contracts and their rows.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

const contract = async (id: string) => ok(await api('sales').get(`/business-contract/${id}`));

test('the demo contracts: what is recognised is the sum of their years, what is left the rest', async () => {
  const all = ok(await api('director').get('/business-contract?limit=50')).items as Record<string, number | string>[];
  expect(all.map((c) => c.status).sort()).toEqual(['DRAFT', 'EFFECTIVE', 'EFFECTIVE', 'EFFECTIVE']);
  const rows = ok(await api('director').get('/business-report/left-revenue?limit=100')).items as { contract_id: string; revenue: number }[];
  for (const c of all) {
    const sum = rows.filter((r) => r.contract_id === c.id).reduce((n, r) => n + r.revenue, 0);
    expect([c.recognised, c.left_revenue]).toEqual([sum, Number(c.value) - sum]);
  }
  expect(all.filter((c) => Number(c.recognised) > 0).length).toBe(3);
  // The site head reaches none of the business department's projects but its own department's won one.
  const head = ok(await api('head').get('/business-contract?limit=50')).items as { project_id: string }[];
  expect(head.length).toBeLessThan(all.length);
});

test('revenue by year summed onto its contract, capped by the value, moved and removed; the value not lowered under it', async () => {
  const p = ok(await api('sales').post('/project-business', { name: 'Dự án thử hợp đồng', department_id: ids.KD }));
  const body = { code: 'HĐ-THU-01', name: 'Hợp đồng thử', project_id: p.id, value: 1_000_000_000 };
  const c = ok(await api('sales').post('/business-contract', body));
  expect([c.status, c.recognised, c.left_revenue]).toEqual(['DRAFT', 0, 1_000_000_000]);
  expect(ok(await api('sales').get('/business-contract/check-code?code=h%C4%90-thu-01', EN))).toEqual({ exists: true, message: 'Code already exists' });
  const other = ok(await api('sales').post('/business-contract', { ...body, code: 'HĐ-THU-02', value: 500_000_000 }));

  const add = (year: number, revenue: number, contract_id = c.id) => api('sales').post('/business-report/left-revenue', { contract_id, year, revenue }, EN);
  const y1 = ok(await add(2025, 400_000_000));
  ok(await add(2026, 350_000_000));
  expect([(await contract(c.id)).recognised, (await contract(c.id)).left_revenue]).toEqual([750_000_000, 250_000_000]);
  const dupYear = await add(2026, 1);
  expect(dupYear.status).toBe(409);
  const over = await add(2027, 250_000_001);
  expect([over.status, over.body.message]).toEqual([422, 'Total revenue recognised cannot exceed the contract value (250,000,000 left)']);
  const vi = await api('sales').post('/business-report/left-revenue', { contract_id: c.id, year: 2027, revenue: 250_000_001 });
  expect(vi.body.message).toBe('Tổng doanh thu ghi nhận không được vượt quá giá trị hợp đồng (còn lại 250.000.000)');
  ok(await add(2027, 250_000_000));
  expect((await contract(c.id)).left_revenue).toBe(0);
  // A year's row raised past the value: refused; lowered: the sum follows.
  expect((await api('sales').put(`/business-report/left-revenue/${y1.id}`, { revenue: 400_000_001 }, EN)).status).toBe(422);
  ok(await api('sales').put(`/business-report/left-revenue/${y1.id}`, { revenue: 300_000_000 }));
  expect((await contract(c.id)).recognised).toBe(900_000_000);
  // The value is not lowered under what is recognised.
  const lower = await api('sales').put(`/business-contract/${c.id}`, { value: 899_999_999 }, EN);
  expect([lower.status, lower.body.errors?.[0]?.path]).toEqual([400, 'value']);
  expect(lower.body.errors[0].message).toBe('Cannot be less than the revenue recognised already recorded (900,000,000)');
  // A row moved to the other contract leaves this one and counts there (within its value).
  ok(await api('sales').put(`/business-report/left-revenue/${y1.id}`, { contract_id: other.id }));
  expect([(await contract(c.id)).recognised, (await contract(other.id)).recognised]).toEqual([600_000_000, 300_000_000]);
  // Removed: no longer counted.
  ok(await api('sales').del(`/business-report/left-revenue/${y1.id}`));
  expect((await contract(other.id)).recognised).toBe(0);
});

test('two years written at once cannot both pass the value', async () => {
  const p = ok(await api('sales').post('/project-business', { name: 'Dự án thử đồng thời', department_id: ids.KD }));
  const c = ok(await api('sales').post('/business-contract', { code: 'HĐ-THU-03', name: 'Hợp đồng đồng thời', project_id: p.id, value: 100 }));
  const answers = await Promise.all(
    [2024, 2025, 2026, 2027].map((year) => api('sales').post('/business-report/left-revenue', { contract_id: c.id, year, revenue: 40 })),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 422, 422]);
  expect((await contract(c.id)).recognised).toBe(80);
});

test('contracts and their years are the project scope: a business officer of another department neither reads nor writes them', async () => {
  const p = ok(await api('sales').post('/project-business', { name: 'Dự án thử phạm vi hợp đồng', department_id: ids.KD }));
  const c = ok(await api('sales').post('/business-contract', { code: 'HĐ-THU-04', name: 'Hợp đồng phạm vi', project_id: p.id, value: 10 }));
  expect((await api('head').get(`/business-contract/${c.id}`)).status).toBe(404);
  const foreign = await api('head').post('/business-report/left-revenue', { contract_id: c.id, year: 2026, revenue: 1 }, EN);
  expect([foreign.status, foreign.body.message]).toEqual([403, 'You are not authorized. Please contact the admin for detail!']);
  // The business head writes no contract for the site department's projects.
  const site = (await s.services.business!.pool.query(`SELECT id FROM project WHERE department_id = $1 AND state = 'ACTIVE' LIMIT 1`, [ids.KTTC])).rows[0].id;
  const out = await api('sales').post('/business-contract', { code: 'HĐ-THU-06', name: 'x', project_id: site, value: 1 }, EN);
  expect([out.status, out.body.errors?.[0]?.path]).toEqual([400, 'project_id']);
  expect((await api('eng').post('/business-contract', { code: 'HĐ-THU-05', name: 'x', project_id: p.id, value: 1 }, EN)).status).toBe(403);
});
