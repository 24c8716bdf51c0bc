/**
 * References resolved by the kit (service-kit resource/titles.ts), on the real stack: the system
 * service's accounts point at HR staff records, its roles at HR departments (lists of references) and at its own roles.
 * Lists, details and xlsx exports carry the titles (Word exports read the same rows); an import names another service's records by code or name;
 * a rename in the owning service shows at once; the owning service down leaves a list readable and refuses an export.
 */
import ExcelJS from 'exceljs';
import { eventually, startTestStack, type Api, type TestStack } from '../support/stack';

let s: TestStack;
let admin: Api;
const staff: Record<string, { id: string; full_name: string }> = {};
const org: Record<string, { id: string; name: string }> = {};

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  admin = s.api(await s.adminToken());
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code, full_name FROM staff`)).rows) staff[r.code] = r;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code, name FROM organization`)).rows) org[r.code] = r;
});
afterAll(async () => s?.close());

const engineerRow = async (path: string) => (await admin.get(path)).body.data.items.find((u: any) => u.username === 'engineer');

async function sheet(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).map(String);
  return { ws, col: (label: string) => header.indexOf(label) };
}

test('a list and a detail carry the title of a reference into another service, and the titles of a list of references', async () => {
  const u = await engineerRow('/user?limit=300');
  const own = (await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = 'engineer'`)).rows[0].staff_id;
  const name = Object.values(staff).find((x) => x.id === own)!.full_name;
  expect(u.staff_id__title).toBe(name);
  const roles = (await s.services.system!.pool.query(`SELECT id, name FROM role`)).rows;
  expect(u.role_ids__titles).toEqual(u.role_ids.map((id: string) => roles.find((r) => r.id === id)!.name));
  const detail = (await admin.get(`/user/${u.id}`)).body.data;
  expect(detail.staff_id__title).toBe(name);
  // A role's departments (HR) by name, in the order of the ids.
  const role = (
    await admin.post('/role', {
      code: 'TITLES-1',
      name: 'Titles',
      staff_scope: 'VIEW_RELATED_DEPARTMENT',
      project_scope: 'VIEW_ALL',
      staff_department_ids: [org.KTTC!.id, org.HCNS!.id],
      permissions: [],
    })
  ).body.data;
  expect((await admin.get(`/role/${role.id}`)).body.data.staff_department_ids__titles).toEqual([org.KTTC!.name, org.HCNS!.name]);
});

test('the xlsx export prints names, never a raw id', async () => {
  const res = await admin.raw('GET', '/user/export?limit=300');
  expect(res.status).toBe(200);
  const { ws, col } = await sheet(res.buffer!);
  const staffCol = col('Nhân viên');
  const rolesCol = col('Vai trò');
  expect(staffCol).toBeGreaterThan(0);
  const cells: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) cells.push(String(row.getCell(staffCol).value ?? ''), String(row.getCell(rolesCol).value ?? ''));
  });
  expect(cells.join('\n')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  const engineerStaff = (await engineerRow('/user?limit=300')).staff_id__title;
  expect(cells).toContain(engineerStaff);
});

test("an import names another service's records by code or by name", async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Vai trò');
  ws.addRow(['Mã *', 'Tên *', 'Phạm vi nhân sự *', 'Phạm vi dự án *', 'Phòng ban được xem']);
  ws.addRow(['TITLES-IMP', 'Imported', 'VIEW_RELATED_DEPARTMENT', 'VIEW_ALL', `KTTC, ${org.HCNS!.name}`]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'roles.xlsx');
  const res = await admin.raw('POST', '/role/import', { body: form });
  expect([res.status, res.body?.message]).toEqual([200, undefined]);
  const { rows } = await s.services.system!.pool.query(`SELECT staff_department_ids FROM role WHERE code = 'TITLES-IMP'`);
  expect(rows[0].staff_department_ids.sort()).toEqual([org.KTTC!.id, org.HCNS!.id].sort());
  // A name nobody has is reported on its cell.
  ws.getRow(2).getCell(1).value = 'TITLES-IMP2';
  ws.getRow(2).getCell(5).value = 'Phòng không có';
  const bad = new FormData();
  bad.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'roles.xlsx');
  const refused = await admin.raw('POST', '/role/import', { body: bad, headers: { 'accept-language': 'en' } });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body.errors)).toMatch(/Phòng không có/);
});

test('a rename in the owning service shows in the next list', async () => {
  const u = await engineerRow('/user?limit=300');
  expect((await s.api(await s.adminToken()).put(`/staff/${u.staff_id}`, { full_name: 'Kỹ Sư Đổi Tên' })).status).toBe(200);
  await eventually(async () => expect((await engineerRow('/user?limit=300')).staff_id__title).toBe('Kỹ Sư Đổi Tên'));
});

test('the owning service down: the list still answers (without the titles it cannot get), the export is a 503', async () => {
  // Titles already read are kept; a reference never read before is asked for, and HR is not there to answer.
  await s.services.hr!.app.close();
  const role = (
    await admin.post('/role', {
      code: 'TITLES-2',
      name: 'Titles 2',
      staff_scope: 'VIEW_RELATED_DEPARTMENT',
      project_scope: 'VIEW_ALL',
      staff_department_ids: [org.BCH!.id],
      permissions: [],
    })
  ).body.data;
  const list = await admin.get('/role?limit=300&fields=staff_department_ids');
  expect(list.status).toBe(200);
  const row = list.body.data.items.find((r: any) => r.id === role.id);
  expect(row.staff_department_ids__titles).toEqual([null]);
  const exp = await admin.get('/role/export', { 'accept-language': 'en' });
  expect([exp.status, exp.body.success]).toEqual([503, false]);
});
