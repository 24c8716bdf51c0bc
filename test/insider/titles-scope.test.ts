/**
 * The hostile-insider test, round two, hole 4: a limited document's title showed through a public reply. A
 * public OUT reply to a limited IN letter carried `reply_to_id__title` on its detail, its list row and the export to
 * someone who gets 404 on the letter itself; a public letter answered by a limited reply did the same through
 * `answered_by_id__title`. A reference to a record the reader may not read now shows no title, on every read path.
 */
import ExcelJS from 'exceljs';
import { startTestStack, type TestStack, EN, okData } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(120_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
let cv: string;
const api = (who: DemoPerson) => s.api(tok[who]);
const SECRET = 'TOP SECRET: kế hoạch sáp nhập';
const SECRET_REPLY = 'TOP SECRET: trả lời về sáp nhập';

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  cv = okData(await api('admin').post('/document-type', { code: 'CV-TS', name: 'Công văn (thử tiêu đề)' })).id;
});
afterAll(async () => {
  await s?.close();
});

const register = async (who: DemoPerson, body: Record<string, unknown>) =>
  okData(await api(who).post('/document', { document_type_id: cv, partner: 'Chủ đầu tư', ...body }, EN));

/** The cells of `who`'s export of the document register, as one string. */
async function exported(who: DemoPerson): Promise<string> {
  const res = await api(who).raw('GET', '/document/export');
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.buffer as unknown as ArrayBuffer);
  return JSON.stringify(book.worksheets[0]!.getSheetValues());
}

describe("4. a limited document's title shows through a public reply", () => {
  let letter: Record<string, any>;
  let reply: Record<string, any>;

  beforeAll(async () => {
    // The HR manager registers a limited letter for themselves and answers it with a public reply the head of KTTC handles.
    letter = await register('hr', { direction: 'IN', summary: SECRET, visibility: 0, handler_id: ids.NV002 });
    reply = await register('hr', { direction: 'OUT', summary: 'Trả lời công văn của chủ đầu tư', reply_to_id: letter.id, handler_id: ids.NV003 });
  });

  test('the head reads the reply, not the letter: neither its detail, its list row nor the export names the letter', async () => {
    expect((await api('head').get(`/document/${letter.id}`)).status).toBe(404);
    const detail = okData(await api('head').get(`/document/${reply.id}`));
    expect(detail.reply_to_id).toBe(letter.id);
    expect(detail.reply_to_id__title).toBeNull();
    const list = (await api('head').get(`/document?limit=300&fields=reply_to_id,answered_by_id&f_reply_to_id=${letter.id}`)).body.data.items as Record<
      string,
      unknown
    >[];
    expect(list.map((r) => [r.id, r.reply_to_id__title])).toEqual([[reply.id, null]]);
    const cells = await exported('head');
    expect(cells).toContain('Trả lời công văn của chủ đầu tư');
    expect(cells).not.toContain('TOP SECRET');
    // Nor a raw id in its place: the export prints the kit's placeholder.
    expect(cells).not.toContain(letter.id);
    expect(cells).toContain('(không xem được)');
  });

  test('the director (every department, not named) neither', async () => {
    expect((await api('director').get(`/document/${letter.id}`)).status).toBe(404);
    expect(okData(await api('director').get(`/document/${reply.id}`)).reply_to_id__title).toBeNull();
    expect(await exported('director')).not.toContain('TOP SECRET');
  });

  test('whoever may read the letter still reads its title through the reply, and its answer through the letter', async () => {
    expect(okData(await api('hr').get(`/document/${reply.id}`)).reply_to_id__title).toBe(SECRET);
    const read = okData(await api('hr').get(`/document/${letter.id}`));
    expect([read.answered_by_id, read.answered_by_id__title]).toEqual([reply.id, 'Trả lời công văn của chủ đầu tư']);
    expect(okData(await api('admin').get(`/document/${reply.id}`)).reply_to_id__title).toBe(SECRET);
    expect(await exported('hr')).toContain(SECRET);
  });

  test("a public letter answered by a limited reply: its answer's title shows to nobody who may not read the answer", async () => {
    const open = await register('head', { direction: 'IN', summary: 'Đề nghị báo cáo tiến độ', handler_id: ids.NV003 });
    const hidden = await register('hr', { direction: 'OUT', summary: SECRET_REPLY, visibility: 0, reply_to_id: open.id, handler_id: ids.NV002 });
    const seen = okData(await api('head').get(`/document/${open.id}`));
    expect([seen.answered_by_id, seen.answered_by_id__title]).toEqual([hidden.id, null]);
    const list = (await api('head').get(`/document?limit=300&fields=answered_by_id&f_answered_by_id=${hidden.id}`)).body.data.items as Record<
      string,
      unknown
    >[];
    expect(list.map((r) => [r.id, r.answered_by_id__title])).toEqual([[open.id, null]]);
    expect(await exported('head')).not.toContain('TOP SECRET');
    expect(okData(await api('hr').get(`/document/${open.id}`)).answered_by_id__title).toBe(SECRET_REPLY);
  });
});
