/**
 * Implementation projects (`/implementation`) and their work packages through the gateway, on the demo company: the
 * projects the business demo won, carried out under the register's own project ids; a project won now arriving by its
 * event, once whatever the redeliveries; the project scope on every read and write (the engineer his teams' projects,
 * the business department its department's, a VIEW_SPECIFIC_PROJECT caller theirs — and nobody moving a record into a
 * project out of their reach); a work package's checklist in bulk, its progress, and its completion held by an open
 * required item.
 */
import { randomUUID } from 'node:crypto';
import { PROJECT_WON_SUBJECT, type ProjectWonEvent } from '@portal/contracts';
import { EN, eventually, okData as ok, startTestStack, type Api, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const business = () => s.services.business!.pool;
const db = () => s.services.implementation!.pool;
/** A user holding a VIEW_SPECIFIC_PROJECT role over one won project (the cold store), with every implementation right. */
let specific: Api;
let coldStore: string;

const names = (r: { body: { data: { items: { name: string }[] } } }) => r.body.data.items.map((p) => p.name).sort();

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  coldStore = (await business().query<{ id: string }>(`SELECT id FROM project WHERE name = 'Kho lạnh Long An'`)).rows[0]!.id;
  const admin = api('admin');
  const role = ok(
    await admin.post('/role', {
      code: 'IMPL-SPECIFIC',
      name: 'Triển khai dự án được chỉ định',
      staff_scope: 'VIEW_RELATED_DEPARTMENT',
      project_scope: 'VIEW_SPECIFIC_PROJECT',
      project_ids: [coldStore],
      permissions: ['project', 'category'].map((feature) => ({ feature, actions: ['view', 'add', 'edit', 'delete', 'approve'] })),
    }),
  );
  const user = ok(await admin.post('/user', { username: 'impl.specific', email: 'impl.specific@example.com', full_name: 'CHT chỉ định', role_ids: [role.id] }));
  expect((await admin.post(`/user/${user.id}/password`, { password: 'Specific@2026' })).status).toBe(200);
  specific = s.api((await s.signIn('impl.specific', 'Specific@2026')).accessToken);
});
afterAll(async () => {
  await s?.close();
});

test('the demo: every project the pipeline won is carried out under its own project id; two are under way with constructions, packages and checklists', async () => {
  const { rows: won } = await business().query<{ id: string; name: string }>(`SELECT id, name FROM project WHERE stage = 'WON' ORDER BY name`);
  const list = ok(await api('director').get('/implementation?limit=100&fields=*'));
  expect(list.items.map((p: { project_id: string }) => p.project_id).sort()).toEqual(won.map((p) => p.id).sort());
  expect(list.items.map((p: { name: string }) => p.name).sort()).toEqual(won.map((p) => p.name).sort());
  const running = list.items.filter((p: { status: string }) => p.status === 'IN_PROGRESS');
  expect(running.map((p: { name: string }) => p.name).sort()).toEqual(['Chung cư Green River Long Biên', 'Nhà xưởng Foxconn Bắc Giang']);
  for (const p of running) {
    const cats = ok(await api('director').get(`/implementation-category?f_implementation_id=${p.id}&limit=100&fields=*`));
    expect(cats.totalRows).toBeGreaterThanOrEqual(3);
    // Each package's progress is its checklist's: done items over all, as the database holds them.
    for (const c of cats.items) {
      const { rows } = await db().query<{ total: number; done: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE done)::int AS done FROM category_checklist WHERE category_id = $1 AND state = 'ACTIVE'`,
        [c.id],
      );
      expect([c.project_id, c.progress]).toEqual([p.project_id, Math.floor((100 * rows[0]!.done) / rows[0]!.total)]);
    }
    expect(ok(await api('director').get(`/construction?f_implementation_id=${p.id}`)).totalRows).toBeGreaterThanOrEqual(2);
  }
});

test('a project won now arrives by its event, under the same id, once — a redelivered or repeated event changes nothing', async () => {
  const {
    rows: [p],
  } = await business().query<{ id: string; name: string; expected_value: string }>(
    `SELECT id, name, expected_value FROM project WHERE name = 'Tòa nhà văn phòng Láng Hạ Tower'`,
  );
  const moved = await api('director').post(`/project-business/${p!.id}/status`, { status: 'WON', won_date: new Date().toISOString().slice(0, 10) });
  expect(moved.status).toBe(200);
  const arrived = await eventually(async () => {
    const r = ok(await api('director').get(`/implementation?f_project_id=${p!.id}`));
    expect(r.totalRows).toBe(1);
    return r.items[0];
  }, 15_000);
  expect([arrived.name, arrived.status, arrived.contract_value, arrived.code]).toEqual([
    p!.name,
    'NEW',
    Number(p!.expected_value),
    expect.stringMatching(/^TK\d{2}-\d{4}$/),
  ]);
  // The same news told again (a new event id: not deduplicated by the consumer's record of events) finds it there.
  const again: ProjectWonEvent = {
    id: p!.id,
    code: 'X',
    name: 'Tên khác',
    department_id: ids.KD!,
    manager_id: null,
    expected_value: 1,
    won_date: null,
    team: [],
  };
  await s.bus.publish({ id: randomUUID(), subject: PROJECT_WON_SUBJECT, data: again, occurredAt: new Date().toISOString() });
  const { rows } = await db().query(`SELECT name FROM implementation_project WHERE project_id = $1`, [p!.id]);
  expect(rows).toEqual([{ name: p!.name }]);
  // Nor can it be created twice by hand.
  const twice = await api('admin').post('/implementation', { name: 'Bản sao', project_id: p!.id, department_id: ids.KTTC }, EN);
  expect(twice.status).toBe(409);
});

test('the project scope: the engineer reads his teams’ projects, the business department its own, a VIEW_SPECIFIC_PROJECT caller theirs alone', async () => {
  const { rows: teams } = await business().query<{ project_id: string }>(
    `SELECT DISTINCT project_id FROM project_team WHERE staff_id = $1 AND state = 'ACTIVE'`,
    [ids['engineer:staff']],
  );
  const implemented = (await db().query<{ project_id: string }>(`SELECT project_id FROM implementation_project WHERE state = 'ACTIVE'`)).rows.map(
    (r) => r.project_id,
  );
  const eng = ok(await api('eng').get('/implementation?limit=100&fields=*'));
  expect(eng.items.map((p: { project_id: string }) => p.project_id).sort()).toEqual(
    teams
      .map((t) => t.project_id)
      .filter((id) => implemented.includes(id))
      .sort(),
  );
  expect(names(await specific.get('/implementation?limit=100'))).toEqual(['Kho lạnh Long An']);
  const green = (await db().query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0]!.id;
  expect((await specific.get(`/implementation/${green}`)).status).toBe(404);
  expect(ok(await specific.get(`/implementation-category?f_implementation_id=${green}`)).totalRows).toBe(0);
  const mine = (await db().query<{ id: string }>(`SELECT id FROM implementation_project WHERE project_id = $1`, [coldStore])).rows[0]!.id;
  // A package of their project, yes; one in a project out of their reach, or moved there, no.
  const made = ok(
    await specific.post('/implementation-category', { implementation_id: mine, code: 'HM-01', name: 'Kho lạnh - kết cấu', budget: 5_000_000_000 }),
  );
  expect(made.project_id).toBe(coldStore);
  const elsewhere = await specific.post('/implementation-category', { implementation_id: green, code: 'HM-99', name: 'Ngoài phạm vi' }, EN);
  expect([elsewhere.status, elsewhere.body.errors?.[0]?.path]).toEqual([400, 'implementation_id']);
  const moved = await specific.put(`/implementation-category/${made.id}`, { implementation_id: green }, EN);
  expect([moved.status, moved.body.errors?.[0]?.path]).toEqual([400, 'implementation_id']);
  expect((await db().query(`SELECT project_id FROM implementation_category WHERE id = $1`, [made.id])).rows[0].project_id).toBe(coldStore);
});

test('a work package’s checklist: added in bulk, its progress on the package, its completion held while a required item is open', async () => {
  const green = (await db().query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0]!.id;
  const admin = api('admin');
  const cat = ok(await admin.post('/implementation-category', { implementation_id: green, code: 'HM-T1', name: 'Chống thấm tầng hầm' }));
  const bulk = ok(
    await admin.post('/category-checklist/bulk-create', {
      category_id: cat.id,
      items: [
        { name: 'Nghiệm thu lớp lót', required: true, sort_order: 1 },
        { name: 'Thử nước 24 giờ', required: true, sort_order: 2 },
        { name: 'Ảnh hiện trường', required: false, sort_order: 3 },
      ],
    }),
  );
  expect(bulk.length ?? bulk.items?.length).toBe(3);
  const items = ok(await admin.get(`/category-checklist?f_category_id=${cat.id}`)).items as { id: string; name: string }[];
  const first = items.find((i) => i.name === 'Nghiệm thu lớp lót')!;
  ok(await admin.put(`/category-checklist/${first.id}`, { done: true }));
  expect(ok(await admin.get(`/implementation-category/${cat.id}`)).progress).toBe(33);
  for (const to of ['IN_PROGRESS', 'PROCESSING']) ok(await admin.post(`/implementation-category/${cat.id}/status`, { status: to }));
  const held = await admin.post(`/implementation-category/${cat.id}/status`, { status: 'COMPLETED' }, EN);
  expect([held.status, held.body.message]).toEqual([422, expect.stringContaining('Thử nước 24 giờ')]);
  const second = items.find((i) => i.name === 'Thử nước 24 giờ')!;
  ok(await admin.put(`/category-checklist/${second.id}`, { done: true }));
  ok(await admin.post(`/implementation-category/${cat.id}/status`, { status: 'COMPLETED' }));
  expect(ok(await admin.get(`/implementation-category/${cat.id}`))).toMatchObject({ status: 'COMPLETED', progress: 66 });
  // A wrong move names both statuses.
  const back = await admin.post(`/implementation-category/${cat.id}/status`, { status: 'NEW' }, EN);
  expect(back.status).toBe(422);
});
