/**
 * A hostile-insider test through the gateway on the demo company: an id is one value
 * whatever the case it is sent in (a register number is never issued twice in a book), and text a user wrote never
 * starts a line of its own in a calendar file, nor makes a spreadsheet or a Word file unreadable.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { officialDocument } from '@portal/contracts';
import { nextCode } from '@portal/service-kit';
import { startTestStack, type TestStack, EN, okData as ok } from '../support/stack';
import { companyTime as at, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(120_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const year = new Date().getUTCFullYear();
const no = (n: number) => `${String(n).padStart(3, '0')}/${year}`;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
});
afterAll(async () => {
  await s?.close();
});

test('9. a register number deleted and asked again with the type id in upper case is the next number, not the same one twice', async () => {
  const type = ok(await api('admin').post('/document-type', { code: 'CV-HOA', name: 'Công văn (chữ hoa)' })).id as string;
  const letter = (document_type_id: string) =>
    api('hr').post('/document', { direction: 'IN', document_type_id, summary: 'Công văn về tiến độ', partner: 'Sở Xây dựng' }, EN);
  const first = ok(await letter(type));
  expect(first.register_no).toBe(no(1));
  expect((await api('hr').del(`/document/${first.id}`)).status).toBe(200);
  const again = ok(await letter(type.toUpperCase()));
  // One book, whatever the case the type came in: the number after the deleted one, and the type as stored.
  expect([again.register_no, again.document_type_id]).toEqual([no(2), type]);
  const numbers = (await s.services.admin!.pool.query(`SELECT register_no FROM document WHERE document_type_id = $1 ORDER BY register_no`, [type])).rows.map(
    (r) => r.register_no,
  );
  expect(numbers).toEqual([no(1), no(2)]);
  // The same type in upper case is not a move to another book, nor is the record's id in upper case another record.
  const edited = await api('hr').put(
    `/document/${String(again.id).toUpperCase()}`,
    { document_type_id: type.toUpperCase(), summary: 'Công văn về tiến độ (sửa)' },
    EN,
  );
  expect([edited.status, edited.body.errors, edited.body.data?.id]).toEqual([200, undefined, again.id]);
  // The counter itself keys on one form, whoever calls it (a hook, an import).
  const client = await s.services.admin!.pool.connect();
  try {
    expect(await nextCode(client, officialDocument, 'register_no', { direction: 'IN', document_type_id: type.toUpperCase() })).toBe(no(3));
  } finally {
    client.release();
  }
});

/** The lines of a calendar file as a reader that ends a line at CR, LF or CRLF reads them, unfolded (RFC 5545 §3.1). */
const icsLines = (ics: string) =>
  ics.split(/\r\n|\r|\n/).reduce<string[]>((out, line) => {
    if (/^[ \t]/.test(line) && out.length) out[out.length - 1] += line.slice(1);
    else if (line) out.push(line);
    return out;
  }, []);

test("10. a bare CR in a booking's name or note never starts a property of its .ics", async () => {
  const area = ok(await api('admin').post('/administrator-area', { code: 'HQ-ICS', name: 'Trụ sở lịch', address: '3 Lê Duẩn' })).id;
  const room = ok(await api('admin').post('/room', { code: 'ICS-A', name: 'Phòng Lịch A', area_id: area, capacity: 10 })).id;
  const name = 'Họp giao ban\rATTENDEE;CN=Kẻ gian:mailto:evil@example.com\rURL:http://evil.example';
  const note = 'Mang báo cáo\rURL:http://evil.example/2\r\nDòng hai';
  const made = ok(await api('eng').post('/book-room', { name, note, room_id: room, start_time: at(9, '09:00'), end_time: at(9, '10:00') }, EN));
  const file = await api('eng').raw('GET', `/book-room/${made.id}/ics`);
  expect(file.status).toBe(200);
  const lines = icsLines(file.buffer!.toString('utf8'));
  // Nobody was invited and nothing links anywhere: the name's and the note's lines are text of their properties.
  expect(lines.filter((l) => /^(ATTENDEE|URL)\b/i.test(l))).toEqual([]);
  expect(lines.filter((l) => l.startsWith('SUMMARY'))).toEqual([
    'SUMMARY:Họp giao ban\\nATTENDEE\\;CN=Kẻ gian:mailto:evil@example.com\\nURL:http://evil.example',
  ]);
  expect(lines.find((l) => l.startsWith('DESCRIPTION'))).toMatch(/\\nMang báo cáo\\nURL:http:\/\/evil\.example\/2\\nDòng hai$/);
  // Every line is a property a calendar knows, as RFC 5545 writes it (NAME[;params]:value).
  for (const l of lines) expect(l).toMatch(/^[A-Z][A-Z0-9-]*[;:]/);
});

/** What XML 1.0 forbids in a document (§2.2): one such character and Excel or Word calls the file corrupt. */
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

test("a record's text with characters XML forbids still exports to a spreadsheet and a Word file that open, and a formula stays text", async () => {
  const title = 'Sửa máy in\uffff tầng 2\ufffe';
  const made = ok(await api('eng').post('/ticket', { title, description: '=HYPERLINK("http://evil.example","Bấm")\r\nDòng \u0086hai' }, EN));
  const sheet = await api('eng').raw('GET', `/ticket/export?q=${encodeURIComponent('Sửa máy in')}`);
  expect(sheet.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(sheet.buffer! as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).map(String);
  const cell = (label: string) => ws.getRow(2).getCell(header.indexOf(label));
  expect(cell('Tiêu đề').value).toBe('Sửa máy in tầng 2');
  // A text starting with "=" is a string cell, never a formula.
  expect([cell('Mô tả').type, cell('Mô tả').value]).toEqual([ExcelJS.ValueType.String, '=HYPERLINK("http://evil.example","Bấm")\nDòng hai']);
  const word = await api('eng').raw('GET', `/ticket/${made.id}/word`);
  expect(word.status).toBe(200);
  const zip = await JSZip.loadAsync(word.buffer!);
  for (const part of ['word/document.xml', 'docProps/core.xml']) {
    const xml = await zip.file(part)!.async('string');
    expect([part, XML_INVALID.test(xml)]).toEqual([part, false]);
  }
  expect(await zip.file('word/document.xml')!.async('string')).toContain('Sửa máy in tầng 2');
});
