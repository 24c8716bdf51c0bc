/**
 * Import progress (`POST <path>/import?progress=1`, packages/service-kit/src/resource/import-progress.ts): the answer is
 * newline-delimited JSON — progress lines as the rows go, then one result line with exactly what the plain request
 * answers (the import's counts, the check's counts, an error envelope, or the marked workbook of a check with errors).
 */
import ExcelJS from 'exceljs';
import { staff } from '@portal/contracts';
import { startTestStack, type Api, type TestStack } from './support/stack';

let s: TestStack;
let admin: Api;
let token: string;
beforeAll(async () => {
  s = await startTestStack();
  token = await s.adminToken();
  admin = s.api(token);
});
afterAll(async () => {
  await s?.close();
});

/** A staff workbook: Vietnamese headers, `n` rows (codes from `prefix`); `bad` rows get an impossible birthday. */
async function book(n: number, prefix: string, opts: { bad?: number[]; headers?: string[] } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Nhân viên');
  ws.addRow(opts.headers ?? [staff.fields.code!.label.vi, staff.fields.full_name!.label.vi, staff.fields.birthday!.label.vi]);
  for (let i = 1; i <= n; i++) ws.addRow([`${prefix}${i}`, `Nhân viên ${prefix} ${i}`, opts.bad?.includes(i) ? '31/02/1990' : '15/05/1990']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type Line =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; status: number; body?: any; file?: { name: string; base64: string; errors: number; errorRows: number; total: number } };

async function importWithProgress(buf: Buffer, query: string): Promise<{ status: number; type: string; lines: Line[] }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(buf)]), 'nhan-vien.xlsx');
  // Read as text: the lines are newline-delimited JSON, not one JSON document.
  const res = await fetch(`${s.url}/api/v1/staff/import?progress=1${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    lines: text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line),
  };
}

const total = async () => (await admin.get('/staff?limit=10')).body.data.totalRows as number;

test('an import streams its progress, then the plain answer; the rows are written', async () => {
  const before = await total();
  const res = await importWithProgress(await book(250, 'PRG'), '');
  expect(res.status).toBe(200);
  expect(res.type).toContain('application/x-ndjson');
  const progress = res.lines.filter((l): l is Extract<Line, { type: 'progress' }> => l.type === 'progress');
  expect(progress[0]).toEqual({ type: 'progress', done: 0, total: 0 });
  expect(progress.some((p) => p.total === 250 && p.done > 0 && p.done < 250)).toBe(true);
  expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
  expect(progress.at(-1)).toMatchObject({ done: 250, total: 250 });
  expect(res.lines.at(-1)).toEqual({ type: 'result', status: 200, body: { success: true, data: { total: 250, created: 250, updated: 0 } } });
  expect(await total()).toBe(before + 250);
});

test('a check streams its progress and answers its counts; nothing is written', async () => {
  const before = await total();
  const res = await importWithProgress(await book(30, 'CHK'), '&dry_run=1');
  expect(res.lines.at(-1)).toEqual({ type: 'result', status: 200, body: { success: true, data: { dry_run: true, total: 30, created: 30, updated: 0 } } });
  expect(await total()).toBe(before);
});

test('a check with errors ends with the marked workbook, as the plain check answers it', async () => {
  const res = await importWithProgress(await book(20, 'BAD', { bad: [3, 7] }), '&dry_run=1');
  const last = res.lines.at(-1) as Extract<Line, { type: 'result' }>;
  expect(last).toMatchObject({ type: 'result', status: 200, file: { name: 'nhan-vien-errors.xlsx', errors: 2, errorRows: 2, total: 20 } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(last.file!.base64, 'base64') as unknown as ArrayBuffer);
  const cell = wb.worksheets[0]!.getCell(4, 3); // row 3 of the data, the birthday column
  expect(cell.fill?.type === 'pattern' && cell.fill.fgColor?.argb).toBe('FFFFC7CE');
});

test('a refused import and an unreadable file end with the plain error envelope', async () => {
  const before = await total();
  const refused = await importWithProgress(await book(10, 'REF', { bad: [5] }), '');
  const last = refused.lines.at(-1) as Extract<Line, { type: 'result' }>;
  expect(last.status).toBe(400);
  expect(last.body.success).toBe(false);
  expect(last.body.errors[0].path).toMatch(/^row 6: /);
  expect(await total()).toBe(before);
  const unknown = await importWithProgress(await book(2, 'UNK', { headers: ['Không có cột này'] }), '');
  expect(unknown.lines.at(-1)).toMatchObject({ type: 'result', status: 400, body: { success: false } });
  // Errors of the request itself stay a plain 4xx before any stream.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('not a workbook'))]), 'notes.txt');
  const plain = await admin.raw('POST', '/staff/import?progress=1', { body: form });
  expect(plain.status).toBe(415);
});
