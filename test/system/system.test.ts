/** System service and gateway behaviours beyond the generic resource routes. */
import ExcelJS from 'exceljs';
import { FEATURE_KEYS } from '@portal/contracts';
import { createSample } from '../support/samples';
import { eventually, startTestStack, type Api, type TestStack } from '../support/stack';
import { resourceByName } from '@portal/contracts';

let s: TestStack;
let admin: Api;
beforeAll(async () => {
  s = await startTestStack({ env: { CORS_ORIGINS: 'https://portal.example.com' } });
  admin = s.api(await s.adminToken());
});
afterAll(async () => {
  await s?.close();
});

test('decentralization: on create its id lands on the staff record as decentralization_id; on delete it is cleared', async () => {
  const staff = await createSample(admin, resourceByName.get('staff')!, 1);
  const role = await createSample(admin, resourceByName.get('role')!, 1);
  const dec = await admin.post('/decentralization', { name: 'Quyền kế toán', staff_id: staff.id, role_ids: [role.id] });
  expect(dec.status).toBe(200);
  await eventually(async () => expect((await admin.get(`/staff/${staff.id}`)).body.data.decentralization_id).toBe(dec.body.data.id));
  expect((await admin.del(`/decentralization/${dec.body.data.id}`)).status).toBe(200);
  await eventually(async () => expect((await admin.get(`/staff/${staff.id}`)).body.data.decentralization_id).toBeNull());
});

test('bookmarks: each user reads and replaces their own list; bad entries are 400 with the path', async () => {
  expect((await admin.get('/bookmarks/data')).body.data.items).toEqual([]);
  const items = [
    { title: 'Nhân viên', url: '/hr/staff' },
    { title: 'Vai trò', url: '/system/roles', icon: 'team' },
  ];
  expect((await admin.post('/bookmarks/update', { items })).status).toBe(200);
  expect((await admin.get('/bookmarks/data')).body.data.items).toEqual([{ ...items[0] }, items[1]]);
  const bad = await admin.post('/bookmarks/update', { items: [{ title: '', url: 'javascript:alert(1)' }] });
  expect(bad.status).toBe(400);
  expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['items.0.title', 'items.0.url']);
  expect((await admin.get('/bookmarks/data')).body.data.items).toHaveLength(2);
  // One row per page: a replacement keeps the pages still there (renamed, moved), adds the new, removes the rest.
  const before = (await admin.get('/bookmark?limit=50')).body.data.items as { id: string; url: string }[];
  const again = [
    { title: 'Roles', url: '/system/roles', icon: 'team' },
    { title: 'Leave', url: '/hr/staff-leave' },
  ];
  expect((await admin.post('/bookmarks/update', { items: again })).body.data.items).toEqual(again);
  expect((await admin.get('/bookmarks/data')).body.data.items).toEqual(again);
  const after = (await admin.get('/bookmark?limit=50')).body.data.items as { id: string; url: string; ordering: number }[];
  expect(after.find((r) => r.url === '/system/roles')!.id).toBe(before.find((r) => r.url === '/system/roles')!.id);
  expect(after.map((r) => [r.url, r.ordering])).toEqual([
    ['/system/roles', 0],
    ['/hr/staff-leave', 1],
  ]);
  // Each user's own: another user starts empty, sees none of these, and cannot touch them by id.
  const role = await admin.post('/role', { code: 'BM', name: 'bm', staff_scope: 'VIEW_ALL', project_scope: 'VIEW_ALL', permissions: [] });
  const u = await admin.post('/user', { username: 'bookmarker', email: 'bookmarker@example.com', full_name: 'Book Marker', role_ids: [role.body.data.id] });
  await admin.post(`/user/${u.body.data.id}/password`, { password: 'Bookmark@2026' });
  const other = s.api((await s.signIn('bookmarker', 'Bookmark@2026')).accessToken);
  expect((await other.get('/bookmarks/data')).body.data.items).toEqual([]);
  expect((await other.get('/bookmark')).body.data.items).toEqual([]);
  expect((await other.put(`/bookmark/${after[0]!.id}`, { title: 'mine' })).status).toBe(404);
  const adminId = (await s.services.system!.pool.query(`SELECT id FROM app_user WHERE is_admin LIMIT 1`)).rows[0].id as string;
  const planted = await other.post('/bookmark', { title: 'x', url: '/hr', user_id: adminId }, { 'accept-language': 'en' });
  expect([planted.status, planted.body.errors]).toEqual([400, [{ path: 'user_id', message: 'Outside your data scope' }]]);
  const mine = await other.post('/bookmark', { title: 'Staff', url: '/hr/staff' });
  expect([mine.status, mine.body.data.user_id]).toEqual([200, u.body.data.id]);
  expect((await other.post('/bookmark', { title: 'Evil', url: '//evil.example' })).status).toBe(400);
  expect((await admin.get('/bookmarks/data')).body.data.items).toEqual(again);
});

test('activity log: POST a custom entry, find it by q=context:id and f_context; default limit 30', async () => {
  // An entry names a record the caller may change (its service is asked): a record that does not exist is refused.
  const missing = await admin.post('/activity-log', {
    activity_context: 'staff',
    description: 'x',
    searchLogsValue: 'staff:6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  });
  expect(missing.status).toBe(400);
  const id = (await admin.post('/staff', { code: 'LOG-1', full_name: 'Nhật Ký' })).body.data.id as string;
  const posted = await admin.post('/activity-log', {
    activity_context: 'staff',
    description: 'Cập nhật hồ sơ',
    message: 'Đã gửi email',
    searchLogsValue: `staff:${id}`,
    origin_data: { a: 1 },
    updated_data: { a: 2 },
  });
  expect(posted.status).toBe(200);
  const byRecord = await admin.get(`/activity-log?q=staff:${id}`);
  // (Its history also holds the record's creation.)
  const custom = byRecord.body.data.items.filter((e: { action: string }) => e.action === 'custom');
  expect(custom).toHaveLength(1);
  expect(custom[0]).toMatchObject({ context: 'staff', record_id: id, description: 'Cập nhật hồ sơ', origin_data: { a: 1 }, updated_data: { a: 2 } });
  const byContext = await admin.get('/activity-log?f_context=staff');
  expect(byContext.body.data.limit).toBe(30);
  expect(byContext.body.data.items.every((e: { context: string }) => e.context === 'staff')).toBe(true);
  expect((await admin.post('/activity-log', { description: 'x' })).status).toBe(400);
});

test('system log: sign-ins are recorded; the list pages and the export is an xlsx with Vietnamese headers', async () => {
  await s.api().post('/auth/sign-in', { email: s.adminEmail, password: 'wrong-password' });
  await s.signIn(s.adminEmail, 'Admin@Portal1');
  const log = await admin.get('/system_log?limit=5');
  expect(log.status).toBe(200);
  expect(log.body.data.items.map((e: { event: string }) => e.event)).toEqual(expect.arrayContaining(['sign_in', 'sign_in_failed']));
  expect(JSON.stringify(log.body.data.items)).not.toContain('wrong-password');
  const exp = await admin.get('/system_log/export');
  expect(exp.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(exp.buffer as unknown as ArrayBuffer);
  expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(['Thời gian', 'Mức độ', 'Nguồn', 'Sự kiện', 'Nội dung', 'Địa chỉ IP']);
});

test('the permission catalogue lists every feature, the five actions and both scope families', async () => {
  const res = await admin.get('/permission');
  expect(res.body.data.features.map((f: { key: string }) => f.key)).toEqual(FEATURE_KEYS);
  expect(res.body.data.actions.map((a: { key: string }) => a.key)).toEqual(['view', 'add', 'edit', 'delete', 'approve']);
  expect(res.body.data.staffScopes).toEqual(['VIEW_ALL', 'VIEW_RELATED_DEPARTMENT', 'VIEW_SPECIFIC_DEPARTMENT']);
  expect(res.body.data.projectScopes).toEqual(['VIEW_ALL', 'VIEW_RELATED_DEPARTMENT', 'VIEW_PROJECT_POSITION', 'VIEW_SPECIFIC_PROJECT']);
});

test('gateway: security headers, CORS only for the allow-list, /internal never reachable, unknown routes 404, OpenAPI served', async () => {
  const res = await fetch(`${s.url}/api/v1/openapi.json`, { headers: { origin: 'https://evil.example.com' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  const allowed = await fetch(`${s.url}/api/v1/openapi.json`, { headers: { origin: 'https://portal.example.com' } });
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://portal.example.com');
  // Downloads' names and the import check's counts are readable by an allowed origin.
  expect(allowed.headers.get('access-control-expose-headers')).toContain('x-import-errors');
  expect((await fetch(`${s.url}/internal/authz/x`)).status).toBe(404);
  expect((await admin.get('/internal/authz/x')).status).toBe(404);
  const unknown = await admin.get('/no-such-thing', { 'accept-language': 'en' });
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe('Route not found');
  const doc = (await res.json()) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/staff', '/api/v1/staff/{id}', '/api/v1/auth/sign-in']));
});

test('a service never accepts a request that did not come through the gateway', async () => {
  const hr = s.services.hr!.url;
  expect((await fetch(`${hr}/api/v1/staff`)).status).toBe(401);
  expect((await fetch(`${hr}/api/v1/staff`, { headers: { 'x-portal-context': 'forged.token.value' } })).status).toBe(401);
  expect((await fetch(`${hr}/internal/org/parents`)).status).toBe(401);
});
