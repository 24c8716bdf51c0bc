/**
 * The company directory `/contacts`: a read-only view of HR's staff (ResourceDef.projection) read with
 * the `contact` right — names, positions, units, phones, emails and nothing else of a staff record — in the caller's
 * data scope, searchable and filtered by unit and department, staff who quit left out, on the list, the record and the
 * export alike; it takes no writes.
 */
import ExcelJS from 'exceljs';
import { contact } from '@portal/contracts';
import { startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const SYSTEM = ['id', 'state', 'created_date', 'updated_date', 'created_by', 'updated_by'];

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  // A KTTC engineer who quit last month.
  await s.services.hr!.pool.query(`UPDATE staff SET status = 'QUIT' WHERE code = 'NV015'`);
});
afterAll(async () => {
  await s?.close();
});

test('an employee reads the directory of their scope: the contact fields only, searchable and filtered, without those who quit', async () => {
  const r = await api('eng').get('/contacts?limit=100');
  expect(r.status).toBe(200);
  const items = r.body.data.items as Record<string, unknown>[];
  expect(items.length).toBeGreaterThan(3);
  // Their departments' people (the related ones of their data scope), not the office's.
  const depts = new Set(items.map((x) => x.department_id));
  expect([depts.has(ids.KTTC), depts.has(ids.HCNS), depts.has(ids.TCKT), depts.has(ids.BGD)]).toEqual([true, false, false, false]);
  expect(items.map((x) => x.code)).not.toContain('NV015');
  const allowed = new Set([...SYSTEM, ...Object.keys(contact.fields)]);
  for (const item of items) for (const k of Object.keys(item)) expect([k, allowed.has(k.replace(/__titles?$/, ''))]).toEqual([k, true]);
  // Nothing else of a staff record reaches the directory, asked for or not.
  const asked = await api('eng').get('/contacts?fields=birthday,identity_no&limit=1');
  expect(asked.status).toBe(400);
  // Search by phone, filter by department.
  const someone = items.find((x) => x.code === 'NV014')!;
  expect((await api('eng').get(`/contacts?q=${encodeURIComponent(String(someone.phone))}`)).body.data.items.map((x: any) => x.code)).toEqual(['NV014']);
  expect((await api('hr').get(`/contacts?f_department_id=${ids.TCKT}&limit=100`)).body.data.items.every((x: any) => x.department_id === ids.TCKT)).toBe(true);
  // One record in scope, not one outside it nor one who quit.
  expect((await api('eng').get(`/contacts/${ids.NV014}`)).body.data.full_name).toBe(someone.full_name);
  expect((await api('eng').get(`/contacts/${ids.NV002}`)).status).toBe(404);
  expect((await api('hr').get(`/contacts/${ids.NV015}`)).status).toBe(404);
  // The company-wide reader sees every unit.
  expect(new Set((await api('hr').get('/contacts?limit=100')).body.data.items.map((x: any) => x.department_id)).size).toBeGreaterThan(3);
});

test('the export holds the same people and fields; the directory takes no writes; without the contact right it is closed', async () => {
  const r = await api('eng').raw('GET', '/contacts/export');
  expect(r.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.buffer! as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toContain('Họ và tên');
  expect(header.some((h) => /lương|ngày sinh|CMND|CCCD/i.test(h))).toBe(false);
  const rows = (await api('eng').get('/contacts?limit=100')).body.data.totalRows as number;
  expect(sheet.actualRowCount - 1).toBe(rows);
  for (const [method, path] of [
    ['POST', '/contacts'],
    ['PUT', `/contacts/${ids.NV014}`],
    ['DELETE', `/contacts/${ids.NV014}`],
    ['POST', '/contacts/import'],
    ['GET', '/contacts/import-template'],
  ] as const) {
    const w = await api('admin').raw(
      method,
      path,
      method === 'GET' || method === 'DELETE' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } },
    );
    expect([method, path, w.status]).toEqual([method, path, 404]);
  }
  expect((await s.services.hr!.pool.query(`SELECT count(*)::int AS n FROM staff WHERE code = 'NV014' AND state = 'ACTIVE'`)).rows[0].n).toBe(1);
  const role = await api('admin').post('/role', {
    code: 'NO-CONTACT',
    name: 'Không danh bạ',
    staff_scope: 'VIEW_ALL',
    project_scope: 'VIEW_ALL',
    permissions: [{ feature: 'leave', actions: ['view'] }],
  });
  const user = await api('admin').post('/user', {
    username: 'nocontact',
    email: 'nocontact@example.com',
    full_name: 'No Contact',
    role_ids: [role.body.data.id],
  });
  expect((await api('admin').post(`/user/${user.body.data.id}/password`, { password: 'NoContact@2026' })).status).toBe(200);
  const nobody = s.api((await s.signIn('nocontact', 'NoContact@2026')).accessToken);
  expect((await nobody.get('/contacts')).status).toBe(403);
  expect((await nobody.get(`/contacts/${ids.NV014}`)).status).toBe(403);
});

test('"My information": every employee reads their own staff record (GET /staff/me), and only it', async () => {
  // The engineer may not read staff records: the list and his own record by id stay closed.
  const me = await api('eng').get('/staff/me');
  expect(me.status).toBe(200);
  const staffId = ids['engineer:staff'];
  expect(me.body.data.id).toBe(staffId);
  expect(me.body.data.full_name).toEqual(expect.any(String));
  expect((await api('eng').get(`/staff/${staffId}`)).status).toBe(403);
  expect((await api('eng').get('/staff?limit=1')).status).toBe(403);
  // Its one row: no other query reaches another record through it.
  expect((await api('eng').get(`/staff/me?id=${ids.NV002}`)).body.data.id).toBe(staffId);
  // The HR manager, who reads staff, gets his own too; an account without a staff record gets a message; nobody signed out.
  expect((await api('hr').get('/staff/me')).body.data.id).not.toBe(staffId);
  const admin = await s.api(await s.adminToken()).get('/staff/me', { 'accept-language': 'en' });
  expect([admin.status, admin.body.message]).toEqual([404, 'This account has no staff record']);
  expect((await s.api().get('/staff/me')).status).toBe(401);
});
