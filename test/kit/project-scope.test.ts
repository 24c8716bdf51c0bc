/**
 * Project scope (spec §6) over real HTTP and a real PostgreSQL: the business service owns the project
 * directory (its real declarations: contracts business/project.ts), another domain's service holds records scoped by
 * project and resolves its callers' scopes by asking it; the owner resolves its own. Checked: the scope's three sources
 * (specific projects, the departments' projects, the teams the caller is on) and their union; every read path (list,
 * search, detail, xlsx export, calendar) and every write (create into, move into, change or delete out of scope);
 * a team change taking effect at once (events); the owner unreachable refusing rather than guessing. Then a
 * property: random callers over a random company, each read and write against an oracle computed from the rows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { defineResource, f, PROJECT_DIRECTORY, type CallerContext, businessSettingItem, project as projectRegister, projectTeam } from '@portal/contracts';
import { LocalBus } from '@portal/service-kit';
import { scopesOf, type RoleRow } from '../../services/system/src/auth/authz';
import { startKitService, type KitService } from '../support/kit-service';
import { callerContext } from '../support/signed';

jest.setTimeout(120_000);

/** A record of the implementation domain that belongs to a project. */
const cost = defineResource({
  name: 'testProjectCost',
  domain: 'implementation',
  path: '/test-project-cost',
  table: 'test_project_cost',
  feature: 'payment',
  label: { vi: 'Chi phí dự án', en: 'Project cost' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  scope: { project: 'project_id' },
  calendar: { start: 'spent_on', end: 'spent_on' },
  fields: {
    title: f.text({ vi: 'Nội dung', en: 'Title' }, { required: true, list: true, search: true }),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { filter: true, list: true }),
    spent_on: f.date({ vi: 'Ngày chi', en: 'Spent on' }, { list: true }),
  },
});
/** A record of the owner itself that belongs to a project (the owner resolves scopes from its own tables). */
const bid = defineResource({
  name: 'testProjectBid',
  domain: 'business',
  path: '/test-project-bid',
  table: 'test_project_bid',
  feature: 'project',
  label: { vi: 'Hồ sơ thầu', en: 'Bid' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  scope: { project: 'project_id' },
  fields: {
    title: f.text({ vi: 'Tên', en: 'Title' }, { required: true, list: true }),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { filter: true }),
  },
});

const KEY = randomBytes(32).toString('hex');
const bus = new LocalBus();
let owner: KitService;
let impl: KitService;
const admin = randomUUID();
const [D1, D2, D3] = [randomUUID(), randomUUID(), randomUUID()];
const [me, colleague] = [randomUUID(), randomUUID()];
const PM = randomUUID();
const P: Record<string, string> = {};

beforeAll(async () => {
  owner = await startKitService({ domain: 'business', resources: [businessSettingItem, projectRegister, projectTeam, bid], internalKey: KEY, bus });
  impl = await startKitService({ domain: 'implementation', resources: [cost], internalKey: KEY, bus });
  for (const [name, dept] of [
    ['p1', D1],
    ['p2', D1],
    ['p3', D2],
    ['p4', D3],
    ['p5', D3],
  ] as const) {
    P[name] = (await owner.call(admin, 'POST', '/project-business', { name, department_id: dept })).body.data.id;
  }
  await owner.call(admin, 'POST', '/project-team', { project_id: P.p4, staff_id: me, position_id: PM });
  await owner.call(admin, 'POST', '/project-team', { project_id: P.p5, staff_id: colleague, position_id: PM });
  for (const p of Object.keys(P)) {
    await impl.call(admin, 'POST', '/test-project-cost', { title: `cost ${p}`, project_id: P[p], spent_on: '2026-11-10' });
    await owner.call(admin, 'POST', '/test-project-bid', { title: `bid ${p}`, project_id: P[p] });
  }
  await impl.call(admin, 'POST', '/test-project-cost', { title: 'cost without project', spent_on: '2026-11-10' });
});
afterAll(async () => {
  await impl?.close();
  await owner?.close();
});

type Scope = { projectIds?: string[]; departmentIds?: string[]; team?: boolean; staffId?: string };
function caller(s: Scope): Partial<CallerContext> & { userId: string } {
  return {
    userId: randomUUID(),
    staffId: s.staffId ?? me,
    ability: [
      { action: 'manage', subject: 'payment' },
      { action: 'manage', subject: 'project' },
    ],
    projectScope: { type: 'VIEW_RELATED_DEPARTMENT', projectIds: s.projectIds ?? [], departmentIds: s.departmentIds ?? [], team: s.team ?? false },
  };
}
const titles = async (svc: KitService, who: string | ReturnType<typeof caller>, path: string) => {
  const r = await svc.call(who, 'GET', path);
  expect(r.status).toBe(200);
  return (r.body.data.items as { title: string }[]).map((x) => x.title).sort();
};

test("the gateway's scope from the roles: specific projects, the own department, and the teams, each role adding its own", () => {
  const role = (project_scope: RoleRow['project_scope'], project_ids: string[] | null = null): RoleRow => ({
    id: randomUUID(),
    permissions: [],
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    staff_department_ids: null,
    project_scope,
    project_ids,
  });
  expect(scopesOf(false, [role('VIEW_PROJECT_POSITION'), role('VIEW_SPECIFIC_PROJECT', [P.p3!])], D1).projectScope).toEqual({
    type: 'VIEW_SPECIFIC_PROJECT',
    projectIds: [P.p3],
    departmentIds: [],
    team: true,
  });
  expect(scopesOf(false, [role('VIEW_RELATED_DEPARTMENT')], D1).projectScope).toEqual({
    type: 'VIEW_RELATED_DEPARTMENT',
    projectIds: [],
    departmentIds: [D1],
    team: false,
  });
  expect(scopesOf(false, [], D2).projectScope).toMatchObject({ projectIds: [], departmentIds: [D2] });
  expect(scopesOf(false, [role('VIEW_ALL'), role('VIEW_PROJECT_POSITION')], D1).projectScope.projectIds).toBeNull();
});

test('each source of a project scope, and their union, on another service and on the owner', async () => {
  const cases: [Scope, string[]][] = [
    [{ departmentIds: [D1] }, ['p1', 'p2']],
    [{ team: true }, ['p4']],
    [{ team: true, staffId: colleague }, ['p5']],
    [{ projectIds: [P.p3!] }, ['p3']],
    [{ departmentIds: [D1], team: true, projectIds: [P.p3!] }, ['p1', 'p2', 'p3', 'p4']],
    // The team flag without a role granting it: being on a team gives nothing.
    [{ departmentIds: [D2], team: false }, ['p3']],
    [{}, []],
  ];
  for (const [scope, expected] of cases) {
    const who = caller(scope);
    expect([scope, await titles(impl, who, '/test-project-cost')]).toEqual([scope, expected.map((p) => `cost ${p}`)]);
    expect([scope, await titles(owner, who, '/test-project-bid')]).toEqual([scope, expected.map((p) => `bid ${p}`)]);
  }
  // VIEW_ALL sees every row, the one without a project too; a limited caller never sees that one.
  expect(await titles(impl, admin, '/test-project-cost')).toHaveLength(6);
});

test('every read path keeps to the scope: search, detail, xlsx export, calendar', async () => {
  const who = caller({ departmentIds: [D1] });
  const all = (await impl.call(admin, 'GET', '/test-project-cost?limit=50')).body.data.items as { id: string; title: string; project_id: string }[];
  const inside = all.find((r) => r.project_id === P.p1)!;
  const outside = all.find((r) => r.project_id === P.p3)!;
  expect(await titles(impl, who, '/test-project-cost?q=cost')).toEqual(['cost p1', 'cost p2']);
  expect(await titles(impl, who, `/test-project-cost?f_project_id=${P.p3}`)).toEqual([]);
  expect((await impl.call(who, 'GET', `/test-project-cost/${inside.id}`)).status).toBe(200);
  expect((await impl.call(who, 'GET', `/test-project-cost/${outside.id}`)).status).toBe(404);
  const res = await fetch(`${impl.base}/api/v1/test-project-cost/export`, { headers: { 'x-portal-context': impl.codec.sign(callerContext(who)) } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const cells = wb.worksheets[0]!.getSheetValues()
    .flat()
    .filter((v): v is string => typeof v === 'string' && v.startsWith('cost '));
  expect(cells.sort()).toEqual(['cost p1', 'cost p2']);
  const cal = await impl.call(who, 'GET', '/test-project-cost/calendar?from=2026-11-01&to=2026-11-30');
  expect((cal.body.data.items as { title: string }[]).map((x) => x.title).sort()).toEqual(['cost p1', 'cost p2']);
});

test('writes: nothing is created into, moved into, changed or deleted in a project outside the scope', async () => {
  const who = caller({ departmentIds: [D1] });
  const into = await impl.call(who, 'POST', '/test-project-cost', { title: 'sneaky', project_id: P.p3 });
  expect([into.status, into.body.errors]).toEqual([400, [{ path: 'project_id', message: 'Outside your data scope' }]]);
  const none = await impl.call(who, 'POST', '/test-project-cost', { title: 'no project' });
  expect(none.status).toBe(400);
  const mine = await impl.call(who, 'POST', '/test-project-cost', { title: 'mine', project_id: P.p2 });
  expect(mine.status).toBe(200);
  const moved = await impl.call(who, 'PUT', `/test-project-cost/${mine.body.data.id}`, { project_id: P.p4 });
  expect(moved.status).toBe(400);
  expect((await impl.call(admin, 'GET', `/test-project-cost/${mine.body.data.id}`)).body.data.project_id).toBe(P.p2);
  const outside = (await impl.call(admin, 'GET', `/test-project-cost?f_project_id=${P.p3}`)).body.data.items[0].id as string;
  expect((await impl.call(who, 'PUT', `/test-project-cost/${outside}`, { title: 'changed' })).status).toBe(404);
  expect((await impl.call(who, 'DELETE', `/test-project-cost/${outside}`)).status).toBe(404);
  expect((await impl.call(admin, 'GET', `/test-project-cost/${outside}`)).body.data).toMatchObject({ title: 'cost p3', state: 'ACTIVE' });
  expect((await impl.call(admin, 'DELETE', `/test-project-cost/${mine.body.data.id}`)).status).toBe(200);
});

test('joining or leaving a team takes effect on the next request (events drop the resolved scopes)', async () => {
  const who = caller({ team: true });
  expect(await titles(impl, who, '/test-project-cost')).toEqual(['cost p4']);
  const joined = await owner.call(admin, 'POST', '/project-team', { project_id: P.p1, staff_id: me, position_id: PM });
  expect(await titles(impl, who, '/test-project-cost')).toEqual(['cost p1', 'cost p4']);
  expect((await owner.call(admin, 'DELETE', `/project-team/${joined.body.data.id}`)).status).toBe(200);
  expect(await titles(impl, who, '/test-project-cost')).toEqual(['cost p4']);
  // A project moved to another department leaves that department's scope.
  const dept = caller({ departmentIds: [D2] });
  expect(await titles(impl, dept, '/test-project-cost')).toEqual(['cost p3']);
  await owner.call(admin, 'PUT', `/project-business/${P.p3}`, { department_id: D1 });
  expect(await titles(impl, dept, '/test-project-cost')).toEqual([]);
  await owner.call(admin, 'PUT', `/project-business/${P.p3}`, { department_id: D2 });
});

test('the directory answers only services, and a service that cannot reach it refuses instead of guessing', async () => {
  const res = await fetch(`${owner.base}/internal/projects/in-scope`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectIds: [], departmentIds: [D1], staffId: null }),
  });
  expect(res.status).toBe(401);
  const lonely = await startKitService({ domain: 'implementation', resources: [cost], internalKey: KEY, bus: new LocalBus() });
  try {
    const r = await lonely.call(caller({ departmentIds: [D1] }), 'GET', '/test-project-cost');
    expect(r.status).toBe(503);
    // Callers the project scope does not limit do not need it.
    expect((await lonely.call(admin, 'GET', '/test-project-cost')).status).toBe(200);
  } finally {
    await lonely.close();
  }
});

test('property: random callers over random teams read exactly, and write only, the rows of their projects', async () => {
  const depts = [D1, D2, D3];
  const staff = [me, colleague, randomUUID()];
  const projects = Object.keys(P).map((k) => P[k]!);
  const deptOf = new Map(Object.entries({ [P.p1!]: D1, [P.p2!]: D1, [P.p3!]: D2, [P.p4!]: D3, [P.p5!]: D3 }));
  const rows = (await impl.call(admin, 'GET', '/test-project-cost?limit=50')).body.data.items as { id: string; project_id: string | null }[];
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        specific: fc.subarray(projects, { maxLength: 2 }),
        departments: fc.subarray(depts, { maxLength: 2 }),
        team: fc.boolean(),
        staffId: fc.constantFrom(...staff),
        joins: fc.subarray(projects, { maxLength: 2 }),
        target: fc.constantFrom(...projects),
      }),
      async (c) => {
        const added: string[] = [];
        for (const p of c.joins) {
          // One position once in a team: a join the member already holds (me on p4, the colleague on p5) is a 409, and stays.
          const joined = await owner.call(admin, 'POST', '/project-team', { project_id: p, staff_id: c.staffId, position_id: PM });
          expect([200, 409]).toContain(joined.status);
          if (joined.status === 200) added.push(joined.body.data.id);
        }
        try {
          const teams = (await owner.call(admin, 'GET', `/project-team?f_staff_id=${c.staffId}&limit=100`)).body.data.items as { project_id: string }[];
          const visible = new Set([
            ...c.specific,
            ...projects.filter((p) => c.departments.includes(deptOf.get(p)!)),
            ...(c.team ? teams.map((t) => t.project_id) : []),
          ]);
          const who = caller({ projectIds: c.specific, departmentIds: c.departments, team: c.team, staffId: c.staffId });
          const listed = ((await impl.call(who, 'GET', '/test-project-cost?limit=50')).body.data.items as { id: string }[]).map((r) => r.id).sort();
          expect(listed).toEqual(
            rows
              .filter((r) => r.project_id && visible.has(r.project_id))
              .map((r) => r.id)
              .sort(),
          );
          const created = await impl.call(who, 'POST', '/test-project-cost', { title: 'prop', project_id: c.target });
          expect([c, created.status]).toEqual([c, visible.has(c.target) ? 200 : 400]);
          if (created.status === 200) await impl.pool.query(`DELETE FROM test_project_cost WHERE id = $1`, [created.body.data.id]);
        } finally {
          for (const id of added) expect((await owner.call(admin, 'DELETE', `/project-team/${id}`)).status).toBe(200);
        }
      },
    ),
    { numRuns: Math.min(40, Number(process.env.ABUSE_RUNS ?? 40)), seed: 14_2026 },
  );
});
