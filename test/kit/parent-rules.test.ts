/**
 * What a parent says about writing its children (service-kit resource/parent-rules.ts), on test-only resources over real
 * HTTP and a real PostgreSQL: `parentEdit` — a line's create, change and delete are edits of its sheet, by whom and when
 * the sheet's `acts.edit` allows (its author, while a draft); `parentOpen` — a note is written only while its sheet is
 * in a declared status, whoever writes it; and a line written as its sheet moves is either written or refused, the two
 * waiting for each other (the sheet's row is locked).
 */
import { randomUUID } from 'node:crypto';
import { defineResource, f } from '@portal/contracts';
import { startKitService, type KitService } from '../support/kit-service';

const STATUS = ['DRAFT', 'SENT'] as const;
const sheet = defineResource({
  name: 'testSheet',
  domain: 'admin',
  path: '/test-sheet',
  table: 'test_sheet',
  feature: 'ticket',
  label: { vi: 'Bảng kê thử', en: 'Test sheet' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  workflow: { field: 'status', moves: { DRAFT: ['SENT'], SENT: ['DRAFT'] } },
  actors: { author: { creator: true, label: { vi: 'người lập', en: 'its author' } } },
  acts: { edit: { by: ['author'], in: ['DRAFT'] }, delete: { by: ['author'], in: ['DRAFT'] }, moves: { '*': { by: ['author'] } } },
  fields: {
    title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { required: true, list: true }),
    status: f.enum(
      STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        list: true,
        default: 'DRAFT',
        valueLabels: { DRAFT: { vi: 'Nháp', en: 'Draft' }, SENT: { vi: 'Đã gửi', en: 'Sent' } },
      },
    ),
  },
});
const line = defineResource({
  name: 'testSheetLine',
  domain: 'admin',
  path: '/test-sheet-line',
  table: 'test_sheet_line',
  feature: 'ticket',
  label: { vi: 'Dòng bảng kê', en: 'Sheet line' },
  titleField: 'item',
  defaultOrder: 'created_date asc',
  parent: 'sheet_id',
  parentEdit: true,
  fields: {
    sheet_id: f.ref('testSheet', { vi: 'Bảng kê', en: 'Sheet' }, { required: true, list: true, filter: true }),
    item: f.text({ vi: 'Mục', en: 'Item' }, { required: true, max: 20, list: true }),
    amount: f.int({ vi: 'Số tiền', en: 'Amount' }, { required: true, min: 0, list: true }),
  },
});
const note = defineResource({
  name: 'testSheetNote',
  domain: 'admin',
  path: '/test-sheet-note',
  table: 'test_sheet_note',
  feature: 'ticket',
  label: { vi: 'Ghi chú bảng kê', en: 'Sheet note' },
  titleField: 'text',
  defaultOrder: 'created_date asc',
  parent: 'sheet_id',
  parentOpen: ['DRAFT'],
  fields: {
    sheet_id: f.ref('testSheet', { vi: 'Bảng kê', en: 'Sheet' }, { required: true, list: true, filter: true }),
    text: f.text({ vi: 'Nội dung', en: 'Text' }, { required: true, list: true }),
  },
});

let s: KitService;
const author = randomUUID();
const colleague = randomUUID();

beforeAll(async () => {
  s = await startKitService({ domain: 'admin', resources: [sheet, line, note] });
});
afterAll(async () => {
  await s?.close();
});

const newSheet = async () => (await s.call(author, 'POST', '/test-sheet', { title: `Bảng kê ${randomUUID().slice(0, 4)}` })).body.data.id as string;
const move = (id: string, status: string) => s.call(author, 'POST', `/test-sheet/${id}/status`, { status });

test("parentEdit: a line is written by whom the sheet's edit allows, while it allows it", async () => {
  const id = await newSheet();
  const made = await s.call(author, 'POST', '/test-sheet-line', { sheet_id: id, item: 'Xi măng', amount: 100 });
  expect(made.status).toBe(200);
  const lineId = made.body.data.id as string;
  // A colleague with every right on the feature is not the sheet's author: no line of it is theirs to write.
  const notAuthor = /^Only its author may change this test sheet$/;
  for (const [method, path, body] of [
    ['POST', '/test-sheet-line', { sheet_id: id, item: 'Thép', amount: 5 }],
    ['PUT', `/test-sheet-line/${lineId}`, { amount: 1 }],
    ['DELETE', `/test-sheet-line/${lineId}`, undefined],
  ] as const) {
    const r = await s.call(colleague, method, path, body);
    expect([method, r.status, r.body.message]).toEqual([method, 403, expect.stringMatching(notAuthor)]);
  }
  // Sent, the sheet is no longer the author's to edit either: 422 naming its status.
  expect((await move(id, 'SENT')).status).toBe(200);
  const late = await s.call(author, 'PUT', `/test-sheet-line/${lineId}`, { amount: 2 });
  expect([late.status, late.body.message]).toEqual([422, expect.stringContaining('"Sent"')]);
  expect((await s.call(author, 'DELETE', `/test-sheet-line/${lineId}`)).status).toBe(422);
  expect((await s.call(author, 'POST', '/test-sheet-line', { sheet_id: id, item: 'Cát', amount: 1 })).status).toBe(422);
  // Reopened, it is again.
  expect((await move(id, 'DRAFT')).status).toBe(200);
  expect((await s.call(author, 'PUT', `/test-sheet-line/${lineId}`, { amount: 2 })).body.data.amount).toBe(2);
  const { rows } = await s.pool.query(`SELECT item, amount FROM test_sheet_line WHERE sheet_id = $1 AND state = 'ACTIVE'`, [id]);
  expect(rows).toEqual([{ item: 'Xi măng', amount: 2 }]);
});

test('parentOpen: a note is written only while its sheet is a draft, by anyone with the right', async () => {
  const id = await newSheet();
  expect((await s.call(colleague, 'POST', '/test-sheet-note', { sheet_id: id, text: 'Kiểm tra lại đơn giá' })).status).toBe(200);
  expect((await move(id, 'SENT')).status).toBe(200);
  const closed = await s.call(colleague, 'POST', '/test-sheet-note', { sheet_id: id, text: 'Muộn' });
  expect([closed.status, closed.body.message]).toEqual([422, 'The test sheet is "Sent": its lines can no longer be added, changed or removed']);
  const vi = await s.call({ userId: colleague, lang: 'vi' }, 'POST', '/test-sheet-note', { sheet_id: id, text: 'Muộn' });
  expect(vi.body.message).toBe('Không thể thêm, sửa hay xóa nội dung khi bảng kê thử đang ở trạng thái "Đã gửi"');
});

test('a line written as its sheet is sent: written before the move or refused after it, never a deadlock or a 500', async () => {
  for (let round = 0; round < 6; round++) {
    const id = await newSheet();
    const [written, moved] = await Promise.all([
      s.call(author, 'POST', '/test-sheet-line', { sheet_id: id, item: `Dòng ${round}`, amount: round }),
      move(id, 'SENT'),
    ]);
    expect([moved.status, [200, 422].includes(written.status)]).toEqual([200, true]);
    const { rows } = await s.pool.query(`SELECT count(*)::int AS n FROM test_sheet_line WHERE sheet_id = $1`, [id]);
    expect(rows[0].n).toBe(written.status === 200 ? 1 : 0);
  }
});
