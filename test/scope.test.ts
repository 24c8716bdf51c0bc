/**
 * Data scope (spec §6, ARCHITECTURE §4): a VIEW_RELATED_DEPARTMENT user sees only their department and its
 * sub-departments, on every read path; a VIEW_SPECIFIC_DEPARTMENT role sees the departments it names.
 */
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, startTestStack, type Api, type TestStack } from './support/stack';

let s: TestStack;
let admin: Api;
let head: Api;
let dept: Record<string, string>;
let allowed: Set<string>;
beforeAll(async () => {
  s = await startTestStack({ demo: true });
  admin = s.api(await s.adminToken());
  head = s.api((await s.signIn('head.kttc@portal.local', DEMO_PASSWORD)).accessToken);
  const orgs = (await admin.get('/organization?limit=300')).body.data.items as { id: string; code: string }[];
  dept = Object.fromEntries(orgs.map((o) => [o.code, o.id]));
  allowed = new Set([dept.KTTC!, dept.BCH!]); // KTTC and its sub-department BCH
});
afterAll(async () => {
  await s?.close();
});

async function allStaff(api: Api, query = '') {
  const res = await api.get(`/staff?limit=300${query}`);
  expect(res.status).toBe(200);
  return res.body.data as { items: { id: string; department_id: string; full_name: string; code: string }[]; totalRows: number };
}

test('list: only staff of the own department subtree, and totalRows counts only them', async () => {
  const everyone = await allStaff(admin);
  const mine = await allStaff(head);
  const expected = everyone.items.filter((x) => allowed.has(x.department_id));
  expect(mine.totalRows).toBe(expected.length);
  expect(mine.totalRows).toBeGreaterThan(0);
  expect(mine.totalRows).toBeLessThan(everyone.totalRows);
  expect(new Set(mine.items.map((x) => x.id))).toEqual(new Set(expected.map((x) => x.id)));
});

test("detail: another department's staff is 404 (no existence leak), an own one is 200", async () => {
  const everyone = await allStaff(admin);
  const other = everyone.items.find((x) => !allowed.has(x.department_id))!;
  const own = everyone.items.find((x) => allowed.has(x.department_id))!;
  expect((await head.get(`/staff/${other.id}`)).status).toBe(404);
  expect((await head.get(`/staff/${own.id}`)).status).toBe(200);
});

test('q search and filters never reach outside the scope', async () => {
  const everyone = await allStaff(admin);
  const other = everyone.items.find((x) => !allowed.has(x.department_id))!;
  expect((await allStaff(head, `&q=${encodeURIComponent(other.code)}`)).totalRows).toBe(0);
  expect((await allStaff(admin, `&q=${encodeURIComponent(other.code)}`)).totalRows).toBe(1);
  expect((await allStaff(head, `&f_department_id=${other.department_id}`)).totalRows).toBe(0);
  expect((await allStaff(head, `&f_state=ALL`)).items.every((x) => allowed.has(x.department_id))).toBe(true);
});

test('export: the workbook holds exactly the rows in scope', async () => {
  const res = await head.get('/staff/export?fileName=staff.xlsx');
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const codes: string[] = [];
  ws.eachRow((row, i) => {
    if (i > 1) codes.push(String(row.getCell(1).value));
  });
  const mine = await allStaff(head);
  expect(codes.sort()).toEqual(mine.items.map((x) => x.code).sort());
});

test('a write to a record out of scope is refused like a missing record, and changes nothing', async () => {
  const everyone = await allStaff(admin);
  const other = everyone.items.find((x) => !allowed.has(x.department_id))!;
  const res = await head.put(`/staff/${other.id}`, { full_name: 'Hacked' });
  expect(res.status).toBe(404);
  expect((await admin.get(`/staff/${other.id}`)).body.data.full_name).toBe(other.full_name);
});

test('a scoped user cannot move a record out of their scope by editing its department', async () => {
  const mine = (await allStaff(head)).items.find((x) => x.department_id === dept.BCH)!;
  const moved = await head.put(`/staff/${mine.id}`, { department_id: dept.KD });
  expect(moved.status).toBe(400);
  expect(moved.body.errors).toEqual([expect.objectContaining({ path: 'department_id', message: 'Nằm ngoài phạm vi dữ liệu của bạn' })]);
  expect((await admin.get(`/staff/${mine.id}`)).body.data.department_id).toBe(dept.BCH);
  // Within the scope is fine: from the sub-department up to the department.
  expect((await head.put(`/staff/${mine.id}`, { department_id: dept.KTTC })).status).toBe(200);
  expect((await head.put(`/staff/${mine.id}`, { department_id: dept.BCH })).status).toBe(200);
});

test('stats and the managers picker are scoped too', async () => {
  const mine = await allStaff(head);
  const stats = await head.get('/staff/stats');
  expect(stats.body.data.total).toBe(mine.totalRows);
  expect(stats.body.data.byDepartment.every((d: { key: string }) => allowed.has(d.key))).toBe(true);
  const managers = await head.get('/staff/managers');
  expect(managers.body.data.every((m: { department_id: string }) => allowed.has(m.department_id))).toBe(true);
});

test("the activity log shows the scoped user no entries of other departments' staff", async () => {
  const everyone = await allStaff(admin);
  const other = everyone.items.find((x) => !allowed.has(x.department_id))!;
  expect((await admin.get(`/activity-log?q=staff:${other.id}`)).body.data.totalRows).toBeGreaterThan(0);
  expect((await head.get(`/activity-log?q=staff:${other.id}`)).body.data.totalRows).toBe(0);
});

test('VIEW_SPECIFIC_DEPARTMENT sees the departments the role names (with their subtrees)', async () => {
  const role = await admin.post('/role', {
    code: 'SPEC-TCKT',
    name: 'Xem phòng kế toán',
    staff_scope: 'VIEW_SPECIFIC_DEPARTMENT',
    project_scope: 'VIEW_ALL',
    staff_department_ids: [dept.TCKT],
    permissions: [{ feature: 'staff', actions: ['view'] }],
  });
  expect(role.status).toBe(200);
  const user = await admin.post('/user', {
    username: 'ketoan.viewer',
    email: 'ketoan.viewer@example.com',
    full_name: 'Kế toán viewer',
    role_ids: [role.body.data.id],
  });
  expect(user.status).toBe(200);
  expect((await admin.post(`/user/${user.body.data.id}/password`, { password: 'Viewer@2026' })).status).toBe(200);
  const viewer = s.api((await s.signIn('ketoan.viewer', 'Viewer@2026')).accessToken);
  const seen = await allStaff(viewer);
  const everyone = await allStaff(admin);
  expect(seen.totalRows).toBe(everyone.items.filter((x) => x.department_id === dept.TCKT).length);
  expect(seen.totalRows).toBeGreaterThan(0);
  // The role gives no organization rights: the route is refused outright.
  expect((await viewer.get('/organization')).status).toBe(403);
});
