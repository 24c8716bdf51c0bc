/**
 * The import check (`POST <path>/import?dry_run=1`): the real import's code path in a transaction that is rolled back.
 * A bad file comes back as the uploaded workbook with the bad cells red and the message in a cell note (vi or en), and
 * the errors of whole rows in a last column; a good one answers what a real import would do and writes nothing.
 * Composite import keys: re-importing a staff member's family updates instead of duplicating.
 */
import ExcelJS from 'exceljs';
import { familyRelationship, importKeyFields, staff } from '@portal/contracts';
import { IMPORT_ERROR_FILL, IMPORT_ERRORS_HEADER, IMPORT_KEY_FILL } from '@portal/service-kit';
import { importFieldsOf } from './support/resources';
import { createSample } from './support/samples';
import { startTestStack, type Api, type ApiResponse, type TestStack } from './support/stack';

let s: TestStack;
let admin: Api;
let staffA: { id: string; code: string; full_name: string };
let staffB: { id: string; code: string; full_name: string };
beforeAll(async () => {
  s = await startTestStack();
  admin = s.api(await s.adminToken());
  staffA = (await createSample(admin, staff, 1)) as typeof staffA;
  staffB = (await createSample(admin, staff, 2)) as typeof staffB;
});
afterAll(async () => {
  await s?.close();
});

const FAMILY_HEADERS = importFieldsOf(familyRelationship).map(([, f]) => f.label.vi);
type Cells = Record<string, unknown>;

/** A family workbook: Vietnamese headers (all import columns, or the given ones) and one row per object. */
async function familyBook(rows: Cells[], headers = FAMILY_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Gia đình');
  ws.addRow(headers);
  const names = importFieldsOf(familyRelationship)
    .filter(([, f]) => headers.includes(f.label.vi))
    .map(([k]) => k);
  for (const row of rows) ws.addRow(names.map((k) => row[k] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const member = (who: { code: string }, fullName: string, extra: Cells = {}): Cells => ({
  staff_id: who.code,
  full_name: fullName,
  relationship: 'Con',
  dependent_person: 'Có',
  birthday: '15/05/2015',
  nationality: 'Việt Nam',
  ...extra,
});

async function upload(path: string, buf: Buffer, opts: { dryRun?: boolean; lang?: string; name?: string } = {}): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(buf)]), opts.name ?? 'gia-dinh.xlsx');
  return admin.raw('POST', `${path}/import${opts.dryRun ? '?dry_run=1' : ''}`, { body: form, headers: opts.lang ? { 'accept-language': opts.lang } : {} });
}

async function sheetOf(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

const noteText = (note: ExcelJS.Comment | string | undefined) =>
  note === undefined ? '' : typeof note === 'string' ? note : (note.texts ?? []).map((x) => x.text).join('');
const fillOf = (cell: ExcelJS.Cell) => (cell.fill?.type === 'pattern' ? cell.fill.fgColor?.argb : undefined);
const colOf = (ws: ExcelJS.Worksheet, header: string) => (ws.getRow(1).values as unknown[]).indexOf(header);

async function familyOf(staffId: string) {
  const res = await admin.get(`/familyRelationship?limit=300&f_staff_id=${staffId}&fields=*`);
  return res.body.data.items as { id: string; full_name: string; occupation: string | null; birthday: string }[];
}
const familyCount = async () => Number((await s.services.hr!.pool.query(`SELECT count(*)::int AS n FROM family_relationship`)).rows[0].n);

test('the template says which columns identify a row', async () => {
  expect(importKeyFields(familyRelationship)).toEqual(['staff_id', 'full_name']);
  const res = await admin.get('/familyRelationship/import-template', { 'accept-language': 'en' });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const staffCol = colOf(ws, 'Nhân viên *');
  const nameCol = colOf(ws, 'Họ và tên *');
  const birthdayCol = colOf(ws, 'Ngày sinh *');
  expect(fillOf(ws.getCell(1, staffCol))).toBe(IMPORT_KEY_FILL);
  expect(fillOf(ws.getCell(1, nameCol))).toBe(IMPORT_KEY_FILL);
  expect(fillOf(ws.getCell(1, birthdayCol))).toBeUndefined();
  expect(noteText(ws.getCell(1, nameCol).note)).toMatch(/Identifies the row.*Staff, Full name/);
  const guide = wb.worksheets[1]!;
  const text: string[] = [];
  guide.eachRow((row) => text.push(String(row.getCell(1).value)));
  expect(text.join('\n')).toMatch(/Columns identifying a row \(yellow\): Staff, Full name/);
});

test('a bad row: the workbook comes back with the bad cell red and its message in a note (vi, en); nothing written', async () => {
  const before = await familyCount();
  const buf = await familyBook([
    member(staffA, 'Nguyễn Văn An'),
    member(staffA, 'Nguyễn Thị Bình', { birthday: '31/02/2016' }),
    member(staffB, 'Trần Văn Cường'),
  ]);
  for (const [lang, message] of [
    ['vi', 'Ngày không hợp lệ (dd/mm/yyyy)'],
    ['en', 'Invalid date (dd/mm/yyyy)'],
  ] as const) {
    const res = await upload('/familyRelationship', buf, { dryRun: true, lang });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="gia-dinh-errors\.xlsx"/);
    expect(res.headers.get('x-import-errors')).toBe('1');
    const ws = await sheetOf(res.buffer!);
    const birthday = colOf(ws, 'Ngày sinh');
    const bad = ws.getCell(3, birthday);
    expect(fillOf(bad)).toBe(IMPORT_ERROR_FILL);
    expect(noteText(bad.note)).toBe(message);
    // The good rows and the other cells of the bad row are untouched; the data is the uploaded data.
    expect(fillOf(ws.getCell(2, birthday))).toBeUndefined();
    expect(fillOf(ws.getCell(4, birthday))).toBeUndefined();
    expect(fillOf(ws.getCell(3, colOf(ws, 'Họ và tên')))).toBeUndefined();
    expect(ws.getCell(3, colOf(ws, 'Họ và tên')).value).toBe('Nguyễn Thị Bình');
    // The errors column is there, empty: this row's error is on its cell.
    const errorsCol = colOf(ws, IMPORT_ERRORS_HEADER);
    expect(errorsCol).toBe(FAMILY_HEADERS.length + 1);
    expect(ws.getCell(3, errorsCol).value).toBeNull();
  }
  expect(await familyCount()).toBe(before);
  // The real import of the same file refuses it with row/column errors and writes nothing either.
  const real = await upload('/familyRelationship', buf, { lang: 'en' });
  expect(real.status).toBe(400);
  expect(real.body.errors).toEqual([{ path: 'row 3: Birthday', message: 'Invalid date (dd/mm/yyyy)' }]);
  expect(await familyCount()).toBe(before);
});

test('errors of a whole row go to the last column "Lỗi / Errors"; references, duplicates and uniqueness are checked', async () => {
  // No "Quốc tịch" (nationality) column: every row misses a required value that has no cell to mark.
  const headers = FAMILY_HEADERS.filter((h) => h !== 'Quốc tịch');
  const buf = await familyBook([member(staffA, 'Lê Văn Dũng'), member({ code: 'KHONG-CO' }, 'Phạm Thị Em'), member(staffA, 'lê văn dũng')], headers);
  const res = await upload('/familyRelationship', buf, { dryRun: true, lang: 'vi' });
  expect(res.status).toBe(200);
  const ws = await sheetOf(res.buffer!);
  const errorsCol = colOf(ws, IMPORT_ERRORS_HEADER);
  expect(errorsCol).toBe(headers.length + 1);
  for (const row of [2, 3, 4]) expect(ws.getCell(row, errorsCol).value).toBe('Quốc tịch: Vui lòng nhập giá trị');
  // An unknown staff code: the reference cell.
  const staffCell = ws.getCell(3, colOf(ws, 'Nhân viên'));
  expect(fillOf(staffCell)).toBe(IMPORT_ERROR_FILL);
  expect(noteText(staffCell.note)).toBe('Không tìm thấy "KHONG-CO"');
  // Row 4 repeats row 2's key (same staff, same name in another case): both key cells say so.
  for (const header of ['Nhân viên', 'Họ và tên']) {
    const cell = ws.getCell(4, colOf(ws, header));
    expect(fillOf(cell)).toBe(IMPORT_ERROR_FILL);
    expect(noteText(cell.note)).toBe('Trùng với dòng 2');
  }
  expect(Number(res.headers.get('x-import-errors'))).toBe(3 + 1 + 2);
  expect(res.headers.get('x-import-error-rows')).toBe('3');

  // Uniqueness is the database's (a unique index), so only a write finds it: the check writes, then rolls back.
  const taken = (await admin.get(`/staff/${staffA.id}`)).body.data.company_email as string;
  const staffBook = new ExcelJS.Workbook();
  const sheet = staffBook.addWorksheet('Nhân viên');
  sheet.addRow(['Mã nhân viên', 'Họ và tên', 'Email công ty']);
  sheet.addRow(['NV-MOI-1', 'Người Mới', 'nguoi.moi@example.com']);
  sheet.addRow(['NV-MOI-2', 'Người Trùng Email', taken.toUpperCase()]);
  const staffRes = await upload('/staff', Buffer.from(await staffBook.xlsx.writeBuffer()), { dryRun: true, lang: 'en' });
  expect(staffRes.headers.get('x-import-errors')).toBe('1');
  const staffSheet = await sheetOf(staffRes.buffer!);
  expect(fillOf(staffSheet.getCell(3, 3))).toBe(IMPORT_ERROR_FILL);
  expect(noteText(staffSheet.getCell(3, 3).note)).toMatch(/already exists/);
  expect(fillOf(staffSheet.getCell(2, 3))).toBeUndefined();
  expect((await admin.get('/staff?q=NV-MOI')).body.data.totalRows).toBe(0);
});

test('a good file: the counts a real import would make, and nothing written; the marked file fixed and uploaded again passes', async () => {
  const before = await familyCount();
  const rows = [member(staffA, 'Hoàng Văn Giang'), member(staffB, 'Hoàng Thị Hoa', { relationship: 'Vợ', dependent_person: 'Không' })];
  const res = await upload('/familyRelationship', await familyBook(rows), { dryRun: true });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, data: { dry_run: true, total: 2, created: 2, updated: 0 } });
  expect(await familyCount()).toBe(before);

  // The workbook of a failed check, fixed and uploaded again: its "Lỗi / Errors" column is ignored.
  const failed = await upload('/familyRelationship', await familyBook([rows[0]!, { ...rows[1]!, birthday: 'hôm qua' }]), { dryRun: true });
  expect(failed.headers.get('x-import-errors')).toBe('1');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(failed.buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  ws.getCell(3, colOf(ws, 'Ngày sinh')).value = '20/10/1990';
  // Checked again with another mistake: only the current error is marked, the fixed cell is clean again.
  ws.getCell(2, colOf(ws, 'Quốc tịch')).value = null;
  const other = await upload('/familyRelationship', Buffer.from(await wb.xlsx.writeBuffer()), { dryRun: true });
  expect(other.headers.get('x-import-errors')).toBe('1');
  const marked = await sheetOf(other.buffer!);
  expect(fillOf(marked.getCell(3, colOf(marked, 'Ngày sinh')))).toBeUndefined();
  expect(noteText(marked.getCell(3, colOf(marked, 'Ngày sinh')).note)).toBe('');
  expect(fillOf(marked.getCell(2, colOf(marked, 'Quốc tịch')))).toBe(IMPORT_ERROR_FILL);
  expect(colOf(marked, IMPORT_ERRORS_HEADER)).toBe(FAMILY_HEADERS.length + 1);
  ws.getCell(2, colOf(ws, 'Quốc tịch')).value = 'Việt Nam';
  const fixed = Buffer.from(await wb.xlsx.writeBuffer());
  const again = await upload('/familyRelationship', fixed, { dryRun: true });
  expect(again.body.data).toEqual({ dry_run: true, total: 2, created: 2, updated: 0 });
  const real = await upload('/familyRelationship', fixed);
  expect(real.status).toBe(200);
  expect(real.body.data).toEqual({ total: 2, created: 2, updated: 0 });
  expect(await familyCount()).toBe(before + 2);
});

test('composite key: re-importing the family updates the matching members instead of duplicating', async () => {
  const who = (await createSample(admin, staff, 3)) as typeof staffA;
  const first = await upload('/familyRelationship', await familyBook([member(who, 'Đặng Văn Khoa'), member(who, 'Đặng Thị Lan')]));
  expect(first.body.data).toEqual({ total: 2, created: 2, updated: 0 });
  const created = await familyOf(who.id);
  expect(created).toHaveLength(2);

  // Same staff (by code) and names in another case; a changed occupation; one new member.
  const second = [
    member(who, 'ĐẶNG VĂN KHOA', { occupation: 'Kỹ sư' }),
    member(who, 'đặng thị lan', { occupation: 'Giáo viên' }),
    member(who, 'Đặng Minh Mạnh'),
  ];
  const check = await upload('/familyRelationship', await familyBook(second), { dryRun: true });
  expect(check.body.data).toEqual({ dry_run: true, total: 3, created: 1, updated: 2 });
  const real = await upload('/familyRelationship', await familyBook(second));
  expect(real.body.data).toEqual({ total: 3, created: 1, updated: 2 });
  const after = await familyOf(who.id);
  expect(after).toHaveLength(3);
  const byId = new Map(after.map((x) => [x.id, x]));
  for (const c of created) expect(byId.get(c.id)?.occupation).toMatch(/Kỹ sư|Giáo viên/);
  expect(byId.get(created.find((c) => c.full_name === 'Đặng Văn Khoa')!.id)!.full_name).toBe('ĐẶNG VĂN KHOA');

  // The same names under another staff member are other people; an INACTIVE member no longer matches.
  const other = await upload('/familyRelationship', await familyBook([member(staffB, 'Đặng Văn Khoa')]), { dryRun: true });
  expect(other.body.data).toEqual({ dry_run: true, total: 1, created: 1, updated: 0 });
  const lan = after.find((x) => x.full_name === 'đặng thị lan')!;
  expect((await admin.del(`/familyRelationship/${lan.id}`)).status).toBe(200);
  const reAdd = await upload('/familyRelationship', await familyBook([member(who, 'Đặng Thị Lan')]), { dryRun: true });
  expect(reAdd.body.data).toEqual({ dry_run: true, total: 1, created: 1, updated: 0 });
});

test('the dry run keeps the import checks: xlsx only, and errors of the whole file stay JSON', async () => {
  const notXlsx = await upload('/familyRelationship', Buffer.from('a,b\n1,2'), { dryRun: true, name: 'data.csv' });
  expect(notXlsx.status).toBe(415);
  const fake = await upload('/familyRelationship', Buffer.from('not a workbook'), { dryRun: true });
  expect(fake.status).toBe(415);
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('x').addRow(['Cột lạ']);
  const unknown = await upload('/familyRelationship', Buffer.from(await wb.xlsx.writeBuffer()), { dryRun: true, lang: 'en' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.message).toBe('Unknown columns: Cột lạ');
});
