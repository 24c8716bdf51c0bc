/**
 * Word export (`GET <path>/:id/word`, resources declaring `word`): the record's fields with labels and readable values
 * in the caller's language, a section per resource whose `parent` points to it with its ACTIVE records, within the
 * caller's data scope. A .docx is a zip: its text is read back from word/document.xml.
 */
import JSZip from 'jszip';
import { DEMO_PASSWORD, startTestStack, type Api, type ApiResponse, type TestStack } from './support/stack';

let s: TestStack;
let admin: Api;
let head: Api;
let dept: Record<string, string>;
let staffId: string;
beforeAll(async () => {
  s = await startTestStack({ demo: true });
  admin = s.api(await s.adminToken());
  head = s.api((await s.signIn('head.kttc@portal.local', DEMO_PASSWORD)).accessToken);
  const orgs = (await admin.get('/organization?limit=300')).body.data.items as { id: string; code: string }[];
  dept = Object.fromEntries(orgs.map((o) => [o.code, o.id]));
  const created = await admin.post('/staff', {
    code: 'NV-WORD-1',
    full_name: 'Phạm Thị Word',
    birthday: '1990-05-15',
    gender: 'FEMALE',
    status: 'OFFICIAL',
    department_id: dept.KTTC,
    probation_salary: 15_000_000,
    entry_date: '2020-03-01',
    nationality: 'Việt Nam',
  });
  expect(created.status).toBe(200);
  staffId = created.body.data.id;
  expect(
    (
      await admin.post('/labor-contract', {
        staff_id: staffId,
        code: 'HD-WORD-01',
        name: 'Hợp đồng chính thức',
        type: 1,
        status: 1,
        start_date: '2020-03-01',
        base_salary: 18_500_000,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await admin.post('/familyRelationship', {
        staff_id: staffId,
        full_name: 'Phạm Văn Bố',
        relationship: 3,
        dependent_person: true,
        birthday: '1960-01-20',
        nationality: 'Việt Nam',
      })
    ).status,
  ).toBe(200);
  const gone = await admin.post('/familyRelationship', {
    staff_id: staffId,
    full_name: 'Người Đã Xóa',
    relationship: 7,
    birthday: '2015-01-01',
    nationality: 'Việt Nam',
  });
  expect((await admin.del(`/familyRelationship/${gone.body.data.id}`)).status).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

/** The document's text, one string per paragraph (runs joined), from word/document.xml. */
async function docText(res: ApiResponse): Promise<string[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  const zip = await JSZip.loadAsync(res.buffer!);
  const xml = await zip.file('word/document.xml')!.async('string');
  const decode = (x: string) =>
    x
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => decode([...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')));
}

/** The value in the row after a label of the two-column table (the paragraph after the label's). */
const after = (paras: string[], label: string) => paras[paras.indexOf(label) + 1];

test("staff to Word in Vietnamese: title, labels, formatted values, and the staff member's records", async () => {
  const res = await admin.get(`/staff/${staffId}/word`);
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="Nhan vien - Pham Thi Word.docx"; filename*=UTF-8''${encodeURIComponent('Nhân viên - Phạm Thị Word.docx')}`,
  );
  const p = await docText(res);
  expect(p[0]).toBe('Nhân viên - Phạm Thị Word');
  expect(after(p, 'Mã nhân viên')).toBe('NV-WORD-1');
  expect(after(p, 'Ngày sinh')).toBe('15/05/1990');
  expect(after(p, 'Giới tính')).toBe('Nữ');
  expect(after(p, 'Tình trạng')).toBe('Chính thức');
  expect(after(p, 'Lương thử việc')).toBe('15.000.000 VND');
  expect(after(p, 'Phòng ban')).toBe('Phòng Kỹ thuật - Thi công');
  expect(p).toContain('Ngày vào công ty');
  // Every section of a record that belongs to a staff member, each with its count.
  expect(p).toContain('Hợp đồng lao động (1)');
  expect(p).toContain('Quan hệ gia đình (1)');
  expect(p).toContain('Bảng lương (0)');
  const contracts = p.indexOf('Hợp đồng lao động (1)');
  expect(p.slice(contracts)).toEqual(
    expect.arrayContaining(['Số hợp đồng', 'HD-WORD-01', 'Không xác định thời hạn', 'Hiệu lực', '01/03/2020', '18.500.000 VND']),
  );
  // The staff column is left out of a staff member's own records; inactive records are not listed.
  expect(p.slice(contracts)).not.toContain('Nhân viên');
  expect(p).toEqual(expect.arrayContaining(['Phạm Văn Bố', 'Bố', 'Có', '20/01/1960']));
  expect(p).not.toContain('Người Đã Xóa');
});

test('in English with accept-language: labels, option labels, money, booleans', async () => {
  const p = await docText(await admin.get(`/staff/${staffId}/word`, { 'accept-language': 'en' }));
  expect(p[0]).toBe('Staff - Phạm Thị Word');
  expect(after(p, 'Staff code')).toBe('NV-WORD-1');
  expect(after(p, 'Gender')).toBe('Female');
  expect(after(p, 'Probation salary')).toBe('15,000,000 VND');
  expect(p).toEqual(expect.arrayContaining(['Labor contract (1)', 'Family relationship (1)', 'Father', 'Yes', 'Indefinite', '18,500,000 VND']));
});

test("the caller's data scope: a staff member outside it is 404, one inside it is 200", async () => {
  const everyone = (await admin.get('/staff?limit=300')).body.data.items as { id: string; department_id: string }[];
  const other = everyone.find((x) => x.department_id && ![dept.KTTC, dept.BCH].includes(x.department_id))!;
  const res = await head.get(`/staff/${other.id}/word`, { 'accept-language': 'en' });
  expect(res.status).toBe(404);
  expect(res.body.message).toBe('Record not found');
  const own = await docText(await head.get(`/staff/${staffId}/word`));
  expect(own).toContain('Hợp đồng lao động (1)');
  expect((await admin.get('/staff/00000000-0000-4000-8000-000000000000/word')).status).toBe(404);
  expect((await s.api().get(`/staff/${staffId}/word`)).status).toBe(401);
});

test('a resource without `word` has no Word route: 404', async () => {
  const contract = (await admin.get(`/labor-contract?f_staff_id=${staffId}`)).body.data.items[0];
  const res = await admin.get(`/labor-contract/${contract.id}/word`);
  expect(res.status).toBe(404);
});
