import { DEMO_PASSWORD, startTestStack, type Api, type TestStack } from '../support/stack';

/**
 * Authorization at the gateway (ARCHITECTURE §4): the feature × action of each route is checked against
 * the caller's roles, which the gateway caches; role and account changes reach it as events, so they take
 * effect on the very next request, without signing in again.
 */

let s: TestStack;
let admin: Api;
beforeAll(async () => {
  s = await startTestStack({ demo: true });
  admin = s.api(await s.adminToken());
});
afterAll(async () => {
  await s?.close();
});

const EN = { 'accept-language': 'en' };
const FORBIDDEN_VI = 'Bạn không có quyền truy cập. Vui lòng liên hệ quản trị viên để biết chi tiết!';
const FORBIDDEN_EN = 'You are not authorized. Please contact the admin for detail!';

type Permission = { feature: string; actions: string[] };
async function roleByCode(code: string): Promise<{ id: string; permissions: Permission[] }> {
  const list = await admin.get('/role?limit=100');
  expect(list.status).toBe(200);
  const found = (list.body.data.items as { id: string; code: string }[]).find((r) => r.code === code);
  expect(found).toBeDefined();
  const detail = await admin.get(`/role/${found!.id}`);
  expect(detail.status).toBe(200);
  return detail.body.data;
}
const tokenOf = async (login: string) => (await s.signIn(login, DEMO_PASSWORD)).accessToken;

test('removing staff view from a role refuses the next request at once; adding it back restores access', async () => {
  const head = s.api(await tokenOf('head.kttc@portal.local'));
  const before = await head.get('/staff');
  expect(before.status).toBe(200);
  expect(before.body.data.totalRows).toBeGreaterThan(0);
  // The department head sees the own department's subtree only (the data scope), not the whole company.
  expect(before.body.data.totalRows).toBeLessThan(50);

  const role = await roleByCode('DEPT_HEAD');
  const original = role.permissions;
  expect(original).toContainEqual({ feature: 'staff', actions: ['view', 'edit'] });
  const withoutStaffView = original.map((p) => (p.feature === 'staff' ? { ...p, actions: p.actions.filter((a) => a !== 'view') } : p));

  const removed = await admin.put(`/role/${role.id}`, { permissions: withoutStaffView });
  expect(removed.status).toBe(200);
  expect(removed.body.data.permissions).toEqual(withoutStaffView);

  // The very next request, with the same token: refused.
  const denied = await head.get('/staff');
  expect(denied.status).toBe(403);
  expect(denied.body).toEqual({ success: false, message: FORBIDDEN_VI, errors: [] });
  expect((await head.get(`/staff/${before.body.data.items[0].id}`)).status).toBe(403);
  // Features the role still holds keep working.
  expect((await head.get('/organization')).status).toBe(200);
  const me = await head.get('/auth/me');
  expect(me.body.data.ability).not.toContainEqual({ action: 'view', subject: 'staff' });
  expect(me.body.data.ability).toContainEqual({ action: 'edit', subject: 'staff' });

  const restored = await admin.put(`/role/${role.id}`, { permissions: original });
  expect(restored.status).toBe(200);
  const again = await head.get('/staff');
  expect(again.status).toBe(200);
  expect(again.body.data.totalRows).toBe(before.body.data.totalRows);
});

test("changing a user's roles and deactivating a role also take effect on the next request", async () => {
  const engineer = s.api(await tokenOf('engineer@portal.local'));
  expect((await engineer.get('/staff')).status).toBe(403);

  const me = await engineer.get('/auth/me');
  const userId = me.body.data.userData.id as string;
  const employee = await roleByCode('EMPLOYEE');
  const created = await admin.post('/role', {
    code: 'STAFF_VIEWER',
    name: 'Staff viewer',
    staff_scope: 'VIEW_ALL',
    project_scope: 'VIEW_RELATED_DEPARTMENT',
    permissions: [{ feature: 'staff', actions: ['view'] }],
  });
  expect(created.status).toBe(200);
  const viewer = created.body.data.id as string;

  // Give the engineer the new role as well: staff view appears at once, with the role's scope.
  const granted = await admin.put(`/user/${userId}`, { role_ids: [employee.id, viewer] });
  expect(granted.status).toBe(200);
  const list = await engineer.get('/staff');
  expect(list.status).toBe(200);
  expect(list.body.data.totalRows).toBe(50);

  // Take it away again: gone at once.
  const revoked = await admin.put(`/user/${userId}`, { role_ids: [employee.id] });
  expect(revoked.status).toBe(200);
  expect((await engineer.get('/staff')).status).toBe(403);

  // Give it back, then deactivate the role itself: an inactive role grants nothing, at once.
  expect((await admin.put(`/user/${userId}`, { role_ids: [employee.id, viewer] })).status).toBe(200);
  expect((await engineer.get('/staff')).status).toBe(200);
  expect((await admin.del(`/role/${viewer}`)).status).toBe(200);
  expect((await engineer.get('/staff')).status).toBe(403);
  expect((await engineer.get('/auth/me')).body.data.ability).not.toContainEqual({ action: 'view', subject: 'staff' });
  expect((await admin.put(`/user/${userId}`, { role_ids: [employee.id] })).status).toBe(200);
});

test('a role without the feature gets 403 "You are not authorized…"; no token or a bad one gets 401', async () => {
  const engineer = s.api(await tokenOf('engineer@portal.local'));
  const vi = await engineer.get('/staff');
  expect(vi.status).toBe(403);
  expect(vi.body).toEqual({ success: false, message: FORBIDDEN_VI, errors: [] });
  const en = await engineer.get('/staff', EN);
  expect(en.status).toBe(403);
  expect(en.body).toEqual({ success: false, message: FORBIDDEN_EN, errors: [] });
  // Other features and actions the role lacks.
  expect((await engineer.get('/role')).status).toBe(403);
  expect((await engineer.get('/user')).status).toBe(403);
  expect((await engineer.get('/system_log')).status).toBe(403);
  expect((await engineer.post('/staff', { code: 'NV999', full_name: 'X' })).status).toBe(403);

  const head = s.api(await tokenOf('head.kttc@portal.local'));
  // DEPT_HEAD may view and edit staff, but not add or delete.
  expect((await head.get('/staff')).status).toBe(200);
  expect((await head.post('/staff', { code: 'NV998', full_name: 'Y' })).status).toBe(403);
  const anyStaff = (await head.get('/staff?limit=1')).body.data.items[0].id as string;
  expect((await head.del(`/staff/${anyStaff}`)).status).toBe(403);

  const anonymous = await s.api().get('/staff', EN);
  expect(anonymous.status).toBe(401);
  expect(anonymous.body).toEqual({ success: false, message: 'Please sign in', errors: [] });
  const anonymousVi = await s.api().get('/staff');
  expect(anonymousVi.status).toBe(401);
  expect(anonymousVi.body.message).toBe('Vui lòng đăng nhập');
  expect((await s.api('not-a-token').get('/staff')).status).toBe(401);
  expect((await s.api().get('/role')).status).toBe(401);
});
