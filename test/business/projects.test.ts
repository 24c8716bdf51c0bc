/**
 * The project register (`/project-business`, the portal's project directory) through the gateway, on the demo company:
 * the pipeline as each demo user sees it (the business department its departments' projects, the engineer the projects
 * whose team he is on, the director all); a VIEW_SPECIFIC_PROJECT caller's list, detail, search, export and suggestions
 * limited to their projects; creating and moving projects within a department scope; nobody putting themselves on a
 * team; the stages (who may win or lose a project, what each records, the probability locked at 100 and 0, the won
 * event with the team); the computed revenue band and weighted value; setting items of the right kind only.
 */
import ExcelJS from 'exceljs';
import { PROJECT_WON_SUBJECT } from '@portal/contracts';
import type { BusEvent } from '@portal/service-kit';
import { EN, eventually, okData as ok, startTestStack, type Api, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.business!.pool;
const won: BusEvent[] = [];
/** A user holding only a VIEW_SPECIFIC_PROJECT role over two demo projects. */
let specific: Api;
let mine: string[];

const names = (r: { body: { data: { items: { name: string }[] } } }) => r.body.data.items.map((p) => p.name).sort();

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  await s.bus.subscribeAll(PROJECT_WON_SUBJECT, async (e) => void won.push(e));
  const { rows } = await db().query<{ id: string }>(`SELECT id FROM project WHERE name IN ('Nhà máy điện tử Yên Phong II', 'Kho lạnh Long An') ORDER BY name`);
  mine = rows.map((r) => r.id);
  const admin = api('admin');
  const role = ok(
    await admin.post('/role', {
      code: 'PROJECT-SPECIFIC',
      name: 'Dự án được chỉ định',
      staff_scope: 'VIEW_RELATED_DEPARTMENT',
      project_scope: 'VIEW_SPECIFIC_PROJECT',
      project_ids: mine,
      permissions: [{ feature: 'project', actions: ['view', 'add', 'edit'] }],
    }),
  );
  const user = ok(await admin.post('/user', { username: 'pm.specific', email: 'pm.specific@example.com', full_name: 'PM chỉ định', role_ids: [role.id] }));
  expect((await admin.post(`/user/${user.id}/password`, { password: 'Specific@2026' })).status).toBe(200);
  specific = s.api((await s.signIn('pm.specific', 'Specific@2026')).accessToken);
});
afterAll(async () => {
  await s?.close();
});

test('the demo pipeline: 30 projects in every stage; the business department sees its own, the engineer his teams, the director all', async () => {
  const all = ok(await api('director').get('/project-business?limit=100'));
  expect(all.totalRows).toBe(30);
  const stages = new Set(all.items.map((p: { stage: string }) => p.stage));
  expect([...stages].sort()).toEqual(['BIDDING', 'LEAD', 'LOST', 'NEGOTIATING', 'PAUSED', 'TRACKING', 'WON']);
  const kd = ok(await api('sales').get('/project-business?limit=100'));
  const { rows } = await db().query(`SELECT count(*)::int AS n FROM project WHERE department_id = $1`, [ids.KD]);
  expect(kd.totalRows).toBe(rows[0].n);
  expect(kd.items.every((p: { department_id: string }) => p.department_id === ids.KD)).toBe(true);
  // The engineer (VIEW_PROJECT_POSITION) sees exactly the projects whose team he is on.
  const teams = await db().query(`SELECT DISTINCT project_id FROM project_team WHERE staff_id = $1 AND state = 'ACTIVE'`, [ids['engineer:staff']]);
  expect(teams.rows.length).toBeGreaterThan(1);
  const eng = ok(await api('eng').get('/project-business?limit=100'));
  expect(eng.items.map((p: { id: string }) => p.id).sort()).toEqual(teams.rows.map((r) => r.project_id).sort());
});

test('a VIEW_SPECIFIC_PROJECT caller reads only their projects: list, detail, search, export, suggestions', async () => {
  expect(names(await specific.get('/project-business?limit=100'))).toEqual(['Kho lạnh Long An', 'Nhà máy điện tử Yên Phong II']);
  const other = (await db().query(`SELECT id FROM project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0].id;
  expect((await specific.get(`/project-business/${other}`)).status).toBe(404);
  expect((await specific.get(`/project-business/${mine[0]}`)).status).toBe(200);
  expect(names(await specific.get('/project-business?q=Chung%20c%C6%B0'))).toEqual([]);
  const search = ok(await specific.get('/business/search?q=Long'));
  expect(JSON.stringify(search)).toContain('Kho lạnh Long An');
  expect(JSON.stringify(search)).not.toContain('Green River');
  const res = await fetch(`${s.url}/api/v1/project-business/export?fileName=p.xlsx`, { headers: { authorization: `Bearer ${specific.token}` } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const cells = wb.worksheets[0]!.getSheetValues().flat().map(String).join('|');
  expect(cells).toContain('Kho lạnh Long An');
  expect(cells).not.toContain('Green River');
  // Suggestions follow their project: none of another project's.
  const sugg = ok(await specific.get('/project-business/suggest?limit=100'));
  const theirs = (await db().query(`SELECT count(*)::int AS n FROM project_suggestion WHERE business_project_id = ANY($1::uuid[])`, [mine])).rows[0].n;
  expect(sugg.totalRows).toBe(theirs);
  // Nor a project they may not read named in a write.
  const into = await specific.post('/project-business/suggest', { business_project_id: other, rating: 'mark_1', reason: 'x' }, EN);
  expect([into.status, into.body.errors?.[0]?.path]).toEqual([400, 'business_project_id']);
});

test('within a department scope: a project is created in it and stays in it; another department is out of reach', async () => {
  const made = ok(
    await api('sales').post('/project-business', { name: 'Dự án thử phòng KD', department_id: ids.KD, expected_value: 7_500_000_000, probability: 40 }),
  );
  expect(made.code).toMatch(/^DA\d{2}-\d{4}$/);
  expect([made.stage, made.revenue_band, made.weighted_value]).toEqual(['LEAD', 'OVER_5', 3_000_000_000]);
  expect(ok(await api('sales').get(`/project-business/${made.id}`)).name).toBe('Dự án thử phòng KD');
  const elsewhere = await api('sales').post('/project-business', { name: 'Dự án phòng khác', department_id: ids.HCNS }, EN);
  expect([elsewhere.status, elsewhere.body.errors?.[0]?.path]).toEqual([400, 'department_id']);
  const moved = await api('sales').put(`/project-business/${made.id}`, { department_id: ids.HCNS }, EN);
  expect([moved.status, moved.body.errors?.[0]?.path]).toEqual([400, 'department_id']);
  expect(ok(await api('director').get(`/project-business/${made.id}`)).department_id).toBe(ids.KD);
  // A setting item of another kind is refused, as one that does not exist.
  const area = (await db().query(`SELECT id FROM business_setting_item WHERE kind = 'AREA' LIMIT 1`)).rows[0].id;
  const wrongKind = await api('sales').put(`/project-business/${made.id}`, { category_id: area }, EN);
  expect([wrongKind.status, wrongKind.body.errors]).toEqual([400, [{ path: 'category_id', message: 'Value is invalid' }]]);
  const category = (await db().query(`SELECT id FROM business_setting_item WHERE kind = 'CATEGORY' LIMIT 1`)).rows[0].id;
  expect(ok(await api('sales').put(`/project-business/${made.id}`, { category_id: category, expected_value: 120_000_000_000 })).revenue_band).toBe('OVER_100');
});

test('nobody puts themselves on a team or moves their own row to another project (it would widen their project scope); a colleague with the right does, and the scope follows at once', async () => {
  const made = ok(await api('sales').post('/project-business', { name: 'Dự án đội thử', department_id: ids.KD }));
  const { rows } = await s.services.hr!.pool.query<{ id: string }>(`SELECT id FROM position WHERE code = 'KS'`);
  const ks = rows[0]!.id;
  const own = await api('sales').post('/project-team', { project_id: made.id, staff_id: ids['sales:staff'], position_id: ks }, EN);
  expect([own.status, own.body.errors?.map((e: { path: string }) => e.path).sort()]).toEqual([403, ['position_id', 'project_id', 'staff_id']]);
  expect(names(await api('eng').get('/project-business?q=%C4%91%E1%BB%99i%20th%E1%BB%AD'))).toEqual([]);
  ok(await api('sales').post('/project-team', { project_id: made.id, staff_id: ids['engineer:staff'], position_id: ks }));
  await eventually(async () => expect(names(await api('eng').get('/project-business?q=%C4%91%E1%BB%99i%20th%E1%BB%AD'))).toEqual(['Dự án đội thử']));
  // Put on this team by the administrator, the business head does not move their own row to another project (joining it),
  // nor takes themselves off the team: their access is someone else's to change.
  const myRow = ok(await api('admin').post('/project-team', { project_id: made.id, staff_id: ids['sales:staff'], position_id: ks }));
  const other = ok(await api('sales').post('/project-business', { name: 'Dự án đội khác', department_id: ids.KD }));
  const joined = await api('sales').put(`/project-team/${myRow.id}`, { project_id: other.id }, EN);
  expect([joined.status, joined.body.errors?.map((e: { path: string }) => e.path)]).toEqual([403, ['project_id']]);
  expect((await api('sales').del(`/project-team/${myRow.id}`)).status).toBe(403);
  expect(ok(await api('admin').get(`/project-team/${myRow.id}`)).project_id).toBe(made.id);
});

test('stages: moves by the table, won and lost by the management with what they record, the probability locked, the win published with its team', async () => {
  const p = ok(
    await api('sales').post('/project-business', { name: 'Dự án giai đoạn thử', department_id: ids.KD, probability: 35, expected_value: 2_000_000_000 }),
  );
  const move = (who: DemoPerson, status: string, extra: Record<string, unknown> = {}) =>
    api(who).post(`/project-business/${p.id}/status`, { status, ...extra }, EN);
  const skip = await move('sales', 'WON', { won_date: '2026-01-05' });
  expect([skip.status, skip.body.message]).toEqual([422, 'This business project cannot go from "Lead" to "Won"']);
  ok(await move('sales', 'TRACKING'));
  expect(ok(await api('sales').get(`/project-business/${p.id}`)).probability).toBe(35);
  ok(await move('sales', 'BIDDING'));
  const byHead = await api('sales').get(`/project-business/${p.id}/acts`);
  expect(ok(byHead).moves).toEqual(expect.arrayContaining(['NEGOTIATING', 'WON', 'LOST']));
  // The head of the business department may (approve on projects, their department); the engineer may not even read it.
  expect((await move('eng', 'WON', { won_date: '2026-01-05' })).status).toBe(404);
  const noDate = await move('director', 'WON');
  expect([noDate.status, noDate.body.errors?.[0]?.path]).toEqual([400, 'won_date']);
  const { rows } = await s.services.hr!.pool.query<{ id: string }>(`SELECT id FROM position WHERE code = 'CHT'`);
  ok(await api('sales').post('/project-team', { project_id: p.id, staff_id: ids.NV011, position_id: rows[0]!.id }));
  const done = ok(await move('director', 'WON', { won_date: '2026-01-05' }));
  expect([done.stage, done.probability, done.won_date, done.weighted_value]).toEqual(['WON', 100, '2026-01-05', 2_000_000_000]);
  await eventually(async () => {
    const e = won.find((x) => (x.data as { id: string }).id === p.id);
    expect(e?.data).toMatchObject({
      code: p.code,
      name: 'Dự án giai đoạn thử',
      department_id: ids.KD,
      team: [{ staff_id: ids.NV011, position_id: rows[0]!.id }],
    });
  });
  // Won is history: no more edits or moves.
  expect((await api('sales').put(`/project-business/${p.id}`, { name: 'đổi' }, EN)).status).toBe(422);
  // Lost: the reason is required; the probability is 0 and stays 0; reopened, the reason goes.
  const q = ok(await api('sales').post('/project-business', { name: 'Dự án trượt thử', department_id: ids.KD, probability: 60 }));
  ok(await api('sales').post(`/project-business/${q.id}/status`, { status: 'TRACKING' }));
  // A business officer without the approve right moves a project along, not to won or lost.
  const officer = await specific.post(`/project-business/${mine[1]}/status`, { status: 'WON', won_date: '2026-01-05' }, EN);
  expect([officer.status, officer.body.message]).toEqual([403, 'Only the business management may move this business project to "Won"']);
  const noReason = await api('director').post(`/project-business/${q.id}/status`, { status: 'LOST' }, EN);
  expect([noReason.status, noReason.body.errors?.[0]?.path]).toEqual([400, 'lost_reason']);
  const lost = ok(await api('director').post(`/project-business/${q.id}/status`, { status: 'LOST', lost_reason: 'Giá cao hơn 5%' }));
  expect([lost.probability, lost.lost_reason]).toEqual([0, 'Giá cao hơn 5%']);
  const locked = await api('sales').put(`/project-business/${q.id}`, { probability: 30 }, EN);
  expect([locked.status, locked.body.message]).toEqual([422, 'The project is won or lost: its win probability stays at 0%']);
  const reopened = ok(await api('sales').post(`/project-business/${q.id}/status`, { status: 'LEAD' }));
  expect([reopened.stage, reopened.lost_reason]).toEqual(['LEAD', null]);
  expect(ok(await api('sales').put(`/project-business/${q.id}`, { probability: 30 })).probability).toBe(30);
});
