/**
 * The document register through the gateway, on the demo company: register numbers gapless per book
 * (direction and type) and year, 100 registrations at once giving 100 consecutive numbers; the book fixed once
 * numbered; limited visibility applied on every read path — list, detail, count, export, the files attached, the
 * history — with the named staff, the named unit's staff, the handler and the creator seeing it; replies linking an
 * outgoing document to a visible incoming one, which reads its answer; `today_count`; the release workflow.
 */
import ExcelJS from 'exceljs';
import { defineResource, officialDocument } from '@portal/contracts';
import { nextCode } from '@portal/service-kit';
import { startTestStack, type TestStack, EN, okData } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(120_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = EN;
const year = new Date().getUTCFullYear();
const no = (n: number) => `${String(n).padStart(3, '0')}/${year}`;
let types: Record<'CV' | 'QD', string>;

const register = (who: DemoPerson, direction: 'IN' | 'OUT', type: 'CV' | 'QD', extra: Record<string, unknown> = {}) =>
  api(who).post('/document', { direction, document_type_id: types[type], summary: `Văn bản ${direction} ${type}`, partner: 'Sở Xây dựng', ...extra }, en);
const ok = okData;
const listIds = async (who: DemoPerson, query = '') => (await api(who).get(`/document?limit=300${query}`)).body.data.items.map((d: { id: string }) => d.id);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  types = {
    CV: ok(await api('admin').post('/document-type', { code: 'CV-T', name: 'Công văn (thử)' })).id,
    QD: ok(await api('admin').post('/document-type', { code: 'QĐ-T', name: 'Quyết định (thử)' })).id,
  };
});
afterAll(async () => {
  await s?.close();
});

test('each direction and type is a book of its own, numbered from 1 this year; the book is fixed once numbered; a refused registration takes no number', async () => {
  const a = ok(await register('hr', 'IN', 'CV'));
  const b = ok(await register('hr', 'IN', 'CV'));
  const c = ok(await register('hr', 'OUT', 'CV'));
  const d = ok(await register('hr', 'IN', 'QD'));
  expect([a.register_no, b.register_no, c.register_no, d.register_no]).toEqual([no(1), no(2), no(1), no(1)]);
  // A number belongs to its book: direction and type stay.
  const moved = await api('hr').put(`/document/${a.id}`, { direction: 'OUT' }, en);
  expect([moved.status, moved.body.errors]).toEqual([400, [{ path: 'direction', message: 'Cannot change once numbered: the number belongs to this book' }]]);
  expect((await api('hr').put(`/document/${a.id}`, { document_type_id: types.QD }, en)).body.errors[0].path).toBe('document_type_id');
  // The number is the server's: one sent is passed over.
  expect(ok(await register('hr', 'IN', 'CV', { register_no: '999/2000' })).register_no).toBe(no(3));
  const refused = await register('hr', 'IN', 'CV', { reply_to_id: c.id });
  expect(refused.status).toBe(400);
  expect(ok(await register('hr', 'IN', 'CV')).register_no).toBe(no(4));
  expect(ok(await api('hr').put(`/document/${a.id}`, { summary: 'Công văn về an toàn lao động' })).register_no).toBe(no(1));
});

test("a book starts again at midnight on 1 January, company time; a book's fields must be required enums or references a create gives", async () => {
  const client = await s.services.admin!.pool.connect();
  try {
    const book = { direction: 'IN', document_type_id: types.CV };
    const at = (iso: string, row = book) => nextCode(client, officialDocument, 'register_no', row, new Date(iso));
    expect([
      await at('2031-12-31T16:59:59Z'),
      await at('2031-12-31T17:00:00Z'),
      await at('2031-06-01T00:00:00Z'),
      await at('2032-03-01T00:00:00Z', { ...book, direction: 'OUT' }),
    ]).toEqual(['001/2031', '001/2032', '002/2031', '001/2032']);
  } finally {
    client.release();
  }
  const withBook = (per: string[]) => () =>
    defineResource({
      ...officialDocument,
      name: 'bad',
      fields: { ...officialDocument.fields, register_no: { ...officialDocument.fields.register_no, generate: { pattern: '{n}', per } } },
    });
  expect(withBook(['summary'])).toThrow(/generate.per summary/);
  expect(withBook(['release'])).toThrow(/generate.per release/);
  expect(withBook(['direction'])).not.toThrow();
});

test('100 registrations at once in one book: 100 consecutive numbers, no gap, no duplicate', async () => {
  const before = (await s.services.admin!.pool.query(`SELECT count(*)::int AS n FROM document WHERE direction = 'OUT' AND document_type_id = $1`, [types.QD]))
    .rows[0].n;
  const all = await Promise.all(Array.from({ length: 100 }, (_, i) => register('hr', 'OUT', 'QD', { summary: `Quyết định số ${i}` })));
  const numbers = all.map((r) => ok(r).register_no as string).sort();
  expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => no(before + i + 1)));
  // Behind the counter, the database itself refuses a number twice in one book.
  await expect(
    s.services.admin!.pool.query(`INSERT INTO document (direction, document_type_id, register_no, summary) VALUES ('OUT', $1, $2, 'x')`, [
      types.QD,
      numbers[0],
    ]),
  ).rejects.toThrow(/uq_document__direction__document_type_id__register_no/);
});

test('a limited document is seen — in the list, its detail, the count, the export, its files and its history — only by whom it names, its handler and its creator', async () => {
  // The HR manager registers it for the engineer and the finance unit, handled by the head of KTTC.
  const doc = ok(
    await register('hr', 'IN', 'QD', {
      summary: 'Quyết định lương mật',
      visibility: 0,
      viewer_ids: [ids['engineer:staff']],
      viewer_department_ids: [ids.TCKT],
      handler_id: ids.NV003,
    }),
  );
  const open = ok(await register('hr', 'IN', 'QD', { summary: 'Thông báo chung', handler_id: ids.NV003 }));
  expect(doc).toMatchObject({ visibility: 0, department_id: ids.KTTC, handler_id: ids.NV003 });
  const file = new FormData();
  file.append('file', new Blob([new TextEncoder().encode('mật')], { type: 'text/plain' }), 'luong.txt');
  const uploaded = await api('hr').raw('POST', `/files?context=document:${doc.id}`, { body: file });
  expect(uploaded.status).toBe(200);
  const fileId = uploaded.body.data.data[0].id;
  // A limited document's files are never public.
  const pub = new FormData();
  pub.append('file', new Blob([new TextEncoder().encode('x')], { type: 'text/plain' }), 'x.txt');
  const publicTry = await api('hr').raw('POST', `/files?is_public=true&context=document:${doc.id}`, { body: pub, headers: en });
  expect([publicTry.status, publicTry.body.errors?.[0]?.path]).toEqual([400, 'is_public']);

  // The director sees every department, yet is not named: the document does not exist for them.
  expect(await listIds('director')).toContain(open.id);
  expect(await listIds('director')).not.toContain(doc.id);
  expect((await api('director').get(`/document/${doc.id}`)).status).toBe(404);
  expect((await api('director').get(`/document?limit=300&q=${encodeURIComponent('lương mật')}`)).body.data.totalRows).toBe(0);
  expect((await api('director').get(`/files/${fileId}`)).status).toBe(404);
  expect((await api('director').get(`/files?context=document:${doc.id}`)).body.data.items).toEqual([]);
  const history = await api('director').get(`/activity-log?q=document:${doc.id}`);
  expect([history.status, history.body.data.totalRows]).toEqual([200, 0]);
  const exported = await api('director').raw('GET', '/document/export');
  expect(exported.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(exported.buffer as unknown as ArrayBuffer);
  const cells = JSON.stringify(book.worksheets[0]!.getSheetValues());
  expect(cells).toContain('Thông báo chung');
  expect(cells).not.toContain('lương mật');

  // Named, handling, creating, or in the named unit: they see it, its files and its history (the creator's).
  expect(await listIds('eng')).toContain(doc.id);
  expect((await api('eng').get(`/document/${doc.id}`)).status).toBe(200);
  expect((await api('eng').get(`/files/${fileId}`)).status).toBe(200);
  expect(await listIds('head')).toContain(doc.id);
  expect(await listIds('hr')).toContain(doc.id);
  expect((await api('hr').get(`/activity-log?q=document:${doc.id}`)).body.data.totalRows).toBeGreaterThan(0);
  expect(await listIds('admin')).toContain(doc.id);
  // A unit named: its own staff see it, whoever handles it.
  const forKttc = ok(await register('hr', 'IN', 'QD', { summary: 'Chỉ đạo nội bộ', visibility: 0, viewer_department_ids: [ids.KTTC], handler_id: ids.NV002 }));
  expect(await listIds('head')).toContain(forKttc.id);
  expect((await api('eng').get(`/document/${forKttc.id}`)).status).toBe(200);
  expect((await api('director').get(`/document/${forKttc.id}`)).status).toBe(404);

  // Made public, it follows the department scope again: the director sees it.
  ok(await api('hr').put(`/document/${doc.id}`, { visibility: 1 }));
  expect((await api('director').get(`/document/${doc.id}`)).status).toBe(200);
  ok(await api('hr').put(`/document/${doc.id}`, { visibility: 0 }));
  expect((await api('director').get(`/document/${doc.id}`)).status).toBe(404);
  // Not named, a document manager can neither read nor write it: the administrator registers one for the director alone.
  const forDirector = ok(await register('admin', 'IN', 'QD', { summary: 'Nhân sự cấp cao', visibility: 0, handler_id: ids.NV001 }));
  expect((await api('hr').get(`/document/${forDirector.id}`)).status).toBe(404);
  expect((await api('hr').put(`/document/${forDirector.id}`, { summary: 'x' })).status).toBe(404);
  expect((await api('hr').del(`/document/${forDirector.id}`)).status).toBe(404);
  expect((await api('hr').post(`/document/${forDirector.id}/status`, { status: 'PUBLISH' })).status).toBe(404);
  expect((await api('director').get(`/document/${forDirector.id}`)).status).toBe(200);
});

test("an outgoing reply answers a visible incoming document, which reads its answer; wrong links are refused by name; today_count counts today's registrations in the caller's scope", async () => {
  const incoming = ok(await register('hr', 'IN', 'CV', { summary: 'Đề nghị báo giá', due_date: '2099-01-10', handler_id: ids.NV003 }));
  const hidden = ok(await register('hr', 'IN', 'CV', { summary: 'Mật', visibility: 0 }));
  const out = ok(await register('head', 'OUT', 'CV', { summary: 'Trả lời đề nghị báo giá', reply_to_id: incoming.id }));
  expect(out.department_id).toBe(ids.KTTC);
  expect(ok(await api('head').get(`/document/${incoming.id}`)).answered_by_id).toBe(out.id);
  const wrong = async (body: Record<string, unknown>, direction: 'IN' | 'OUT', path: string, message: string) => {
    const r = await register('head', direction, 'CV', body);
    expect([r.status, r.body.errors]).toEqual([400, [{ path, message }]]);
  };
  await wrong({ reply_to_id: incoming.id }, 'IN', 'reply_to_id', 'Only an outgoing document answers an incoming one');
  await wrong({ reply_to_id: out.id }, 'OUT', 'reply_to_id', 'The document answered must be an active incoming document');
  await wrong({ reply_to_id: hidden.id }, 'OUT', 'reply_to_id', 'The document answered was not found');
  // The reply withdrawn, the incoming document waits for an answer again.
  expect((await api('hr').del(`/document/${out.id}`)).status).toBe(200);
  expect(ok(await api('head').get(`/document/${incoming.id}`)).answered_by_id).toBeNull();
  // The link is checked when made: a reply stays editable after the letter it answers is withdrawn.
  const withdrawn = ok(await register('hr', 'IN', 'CV', { summary: 'Đề nghị rút lại', handler_id: ids.NV003 }));
  const later = ok(await register('head', 'OUT', 'CV', { summary: 'Trả lời đề nghị rút lại', reply_to_id: withdrawn.id }));
  expect((await api('hr').del(`/document/${withdrawn.id}`)).status).toBe(200);
  expect(ok(await api('head').put(`/document/${later.id}`, { summary: 'Trả lời đề nghị rút lại (sửa)' })).reply_to_id).toBe(withdrawn.id);

  const list = (await api('admin').get('/document?f_direction=IN')).body.data;
  const {
    rows: [today],
  } = await s.services.admin!.pool.query(`SELECT count(*)::int AS n FROM document WHERE state = 'ACTIVE' AND direction = 'IN'
      AND (created_date AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = (now() AT TIME ZONE 'Asia/Ho_Chi_Minh')::date`);
  expect(list.today_count).toBe(today.n);
  expect(list.today_count).toBeGreaterThan(0);
  // In the caller's scope: the head counts only what he reads — not the limited letter registered today, nor other departments'.
  const headList = (await api('head').get('/document?f_direction=IN&limit=300')).body.data;
  const seen = headList.items.map((d: { id: string }) => d.id);
  expect(seen).not.toContain(hidden.id);
  const {
    rows: [headToday],
  } = await s.services.admin!.pool.query(
    `SELECT count(*)::int AS n FROM document WHERE id = ANY($1::uuid[])
      AND (created_date AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = (now() AT TIME ZONE 'Asia/Ho_Chi_Minh')::date`,
    [seen],
  );
  expect(headList.today_count).toBe(headToday.n);
  expect(headList.today_count).toBeLessThan(list.today_count);
  // Registered three days ago (set by hand; the next registration makes the list count again), it is not today's.
  await s.services.admin!.pool.query(`UPDATE document SET created_date = now() - interval '3 days' WHERE id = $1`, [incoming.id]);
  ok(await register('hr', 'OUT', 'CV'));
  expect((await api('admin').get('/document?f_direction=IN')).body.data.today_count).toBe(today.n - 1);
});

test('release: pending → published, and never back', async () => {
  const d = ok(await register('hr', 'OUT', 'CV'));
  expect(d.release).toBe('PENDING');
  expect(ok(await api('hr').post(`/document/${d.id}/status`, { status: 'PUBLISH' })).release).toBe('PUBLISH');
  expect((await api('hr').post(`/document/${d.id}/status`, { status: 'PENDING' })).status).toBe(422);
  // Reading is not releasing: the engineer may only view.
  const e = ok(await register('hr', 'OUT', 'CV'));
  expect((await api('eng').post(`/document/${e.id}/status`, { status: 'PUBLISH' })).status).toBe(403);
});
