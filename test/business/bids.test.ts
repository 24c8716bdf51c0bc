/**
 * Bids and their deployment checklists (spec §7 `/bid`, `/bid-deployment-checklist`) through the gateway on the demo
 * company: each item due a number of days before the bid's deadline (T−7, T−3), following the deadline when it moves;
 * a bid not submitted while a required item is open; the result recorded — won on a date, lost to a winner at a price,
 * the gap computed; the segment copied from the project and following it; the project scope.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { companyDay, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

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

test('the demo bids: prepared, submitted, won and lost with the gap to the winner', async () => {
  const all = ok(await api('director').get('/bid?limit=50')).items as Record<string, unknown>[];
  const by = (st: string) => all.filter((b) => b.status === st);
  expect([by('PREPARING').length, by('SUBMITTED').length, by('WON').length, by('LOST').length]).toEqual([2, 1, 3, 3]);
  for (const b of by('LOST')) {
    expect(b.winner).toEqual(expect.any(String));
    expect(b.price_gap).toBe(Number(b.bid_price) - Number(b.winner_price));
    expect(Number(b.price_gap)).toBeGreaterThan(0);
  }
  // The one due in five days: two of seven done, its quantities (T−7) already past their day.
  const soon = by('PREPARING').find((b) => b.deadline === companyDay(5))!;
  // Two of seven: 28 % (a percent done is rounded down: 100 only when all are).
  expect(soon.progress).toBe(28);
  const items = ok(await api('director').get(`/bid-deployment-checklist?f_bid_id=${soon.id}&limit=50`)).items as Record<string, unknown>[];
  expect(items.map((i) => i.due_date)).toEqual([-7, -5, -2, 0, 2, 3, 5].map(companyDay));
});

test('items due T−n from the deadline and following it; submitted only with every required item done; the result recorded', async () => {
  const p = ok(await api('sales').post('/project-business', { name: 'Dự án thử đấu thầu', department_id: ids.KD }));
  const b = ok(await api('sales').post('/bid', { name: 'Gói thầu thử', project_id: p.id, manager_id: ids.NV009, deadline: companyDay(10), bid_price: 950 }));
  expect([b.code, b.status, b.progress, b.total_checklist]).toEqual([expect.stringMatching(/^DT\d{2}-\d{4}$/), 'PREPARING', 0, 0]);
  const item = (name: string, days_before: number, required: boolean) =>
    api('sales').post('/bid-deployment-checklist', { bid_id: b.id, name, owner_id: ids.NV009, days_before, required });
  const quantities = ok(await item('Bóc tách khối lượng', 7, true));
  const visit = ok(await item('Khảo sát công trường', 3, false));
  expect([quantities.due_date, visit.due_date]).toEqual([companyDay(3), companyDay(7)]);
  // The deadline moves: every item's day follows; an item's own days move its day only.
  ok(await api('sales').put(`/bid/${b.id}`, { deadline: companyDay(14) }));
  const days = async () =>
    (ok(await api('sales').get(`/bid-deployment-checklist?f_bid_id=${b.id}`)).items as { name: string; due_date: string }[]).map((i) => i.due_date);
  expect(await days()).toEqual([companyDay(7), companyDay(11)]);
  ok(await api('sales').put(`/bid-deployment-checklist/${visit.id}`, { days_before: 5 }));
  expect(await days()).toEqual([companyDay(7), companyDay(9)]);
  // A required item open holds the submission (named); one not required does not.
  const held = await api('sales').post(`/bid/${b.id}/status`, { status: 'SUBMITTED' }, EN);
  expect([held.status, held.body.message]).toEqual([422, expect.stringContaining('Bóc tách khối lượng')]);
  ok(await api('sales').put(`/bid-deployment-checklist/${quantities.id}`, { done: true }));
  expect((await api('sales').get(`/bid/${b.id}`)).body.data.progress).toBe(50);
  expect(ok(await api('sales').post(`/bid/${b.id}/status`, { status: 'SUBMITTED' })).status).toBe('SUBMITTED');
  // Lost: when, to whom, at what price and why — all asked for.
  const bare = await api('sales').post(`/bid/${b.id}/status`, { status: 'LOST' }, EN);
  expect([bare.status, bare.body.errors.map((e: { path: string }) => e.path).sort()]).toEqual([400, ['lost_reason', 'result_date', 'winner', 'winner_price']]);
  const lost = ok(
    await api('sales').post(`/bid/${b.id}/status`, {
      status: 'LOST',
      result_date: companyDay(0),
      winner: 'Công ty CP Cơ điện Thử',
      winner_price: 900,
      lost_reason: 'Giá cao hơn',
    }),
  );
  expect([lost.price_gap, Number(lost.price_gap_percent)]).toEqual([50, 5.56]);
  expect((await api('sales').post(`/bid/${b.id}/status`, { status: 'WON', result_date: companyDay(0) }, EN)).status).toBe(422);
});

test('the segment is the project category, and follows it', async () => {
  const cats = ok(await api('director').get('/business-setting-item?f_kind=CATEGORY&limit=10')).items as { id: string }[];
  const p = ok(await api('sales').post('/project-business', { name: 'Dự án thử phân khúc', department_id: ids.KD, category_id: cats[0]!.id }));
  const b = ok(await api('sales').post('/bid', { name: 'Gói thầu phân khúc', project_id: p.id, manager_id: ids.NV009, deadline: companyDay(20) }));
  expect(b.category_id).toBe(cats[0]!.id);
  ok(await api('sales').put(`/project-business/${p.id}`, { category_id: cats[1]!.id }));
  expect(ok(await api('sales').get(`/bid/${b.id}`)).category_id).toBe(cats[1]!.id);
  // Not the bid's own to set.
  ok(await api('sales').put(`/bid/${b.id}`, { category_id: cats[2]!.id }));
  expect(ok(await api('sales').get(`/bid/${b.id}`)).category_id).toBe(cats[1]!.id);
  // The site head does not reach the business department's bids, nor write their checklists.
  expect((await api('head').get(`/bid/${b.id}`)).status).toBe(404);
  // The site head holds no write right on projects; the business head writes none for the site department's projects.
  const foreign = await api('head').post('/bid-deployment-checklist', { bid_id: b.id, name: 'x', owner_id: ids.NV009, days_before: 1 }, EN);
  expect([foreign.status, foreign.body.message]).toEqual([403, 'You are not authorized. Please contact the admin for detail!']);
  const site = (await s.services.business!.pool.query(`SELECT id FROM project WHERE department_id = $1 AND state = 'ACTIVE' LIMIT 1`, [ids.KTTC])).rows[0].id;
  const out = await api('sales').post('/bid', { name: 'Gói thầu ngoài phạm vi', project_id: site, manager_id: ids.NV009, deadline: companyDay(9) }, EN);
  expect([out.status, out.body.errors?.[0]?.path]).toEqual([400, 'project_id']);
});

test("the performance report: the year's results by segment and the pipeline by stage, in the caller's scope; its xlsx", async () => {
  const year = Number(companyDay(0).slice(0, 4));
  const r = ok(await api('director').get(`/business-report/perform?year=${year}`));
  const bids = (ok(await api('director').get('/bid?limit=300&f_status=WON,LOST')).items as Record<string, unknown>[]).filter((b) =>
    String(b.result_date).startsWith(String(year)),
  );
  const won = bids.filter((b) => b.status === 'WON');
  expect([r.decided, r.won, r.lost]).toEqual([bids.length, won.length, bids.length - won.length]);
  expect(r.win_rate).toBe(Math.round((won.length * 1000) / bids.length) / 10);
  expect(r.won_value).toBe(won.reduce((n, b) => n + Number(b.bid_price), 0));
  const segments = r.win_rate_by_segment as { decided: number; won: number; mean_gap_percent: number | null }[];
  expect(segments.reduce((n, x) => n + x.decided, 0)).toBe(bids.length);
  expect(segments.reduce((n, x) => n + x.won, 0)).toBe(won.length);
  expect(segments.some((x) => x.mean_gap_percent !== null && x.mean_gap_percent > 0)).toBe(true);
  const projects = ok(await api('director').get('/project-business?limit=300')).totalRows as number;
  expect((r.pipeline_by_stage as { projects: number }[]).reduce((n, x) => n + x.projects, 0)).toBe(projects);
  expect((r.pipeline_by_stage as { stage: string }[]).map((x) => x.stage)[0]).toBe('LEAD');
  // The business head counts their department's projects only (the site department's won project is not theirs).
  const mine = ok(await api('sales').get(`/business-report/perform?year=${year}`));
  expect(mine.decided).toBeLessThan(r.decided);
  const xlsx = await api('director').get(`/business-report/perform/export?year=${year}`, EN);
  expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
  expect((await api('eng').get(`/business-report/perform?year=${year}`)).status).toBe(403);
});
