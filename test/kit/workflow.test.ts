/**
 * Declared status workflows (service-kit resource/workflow.ts) on a test-only resource: the move table,
 * the 422 naming both statuses in the caller's language, the right a move takes, the hooks, the activity entry and the
 * events. Recruitment requests and candidates use the same workflow (test/hr/recruitment.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { defineResource, f, resourceRoutes } from '@portal/contracts';
import { AppError } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';

const STATUS = ['NEW', 'DOING', 'DONE', 'CANCELLED'] as const;
const ticket = defineResource({
  name: 'testFlowTicket',
  domain: 'admin',
  path: '/test-flow-ticket',
  table: 'test_flow_ticket',
  feature: 'ticket',
  label: { vi: 'Phiếu yêu cầu', en: 'Ticket' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  workflow: { field: 'status', moves: { NEW: ['DOING', 'CANCELLED'], DOING: ['DONE', 'CANCELLED'], DONE: [], CANCELLED: [] } },
  fields: {
    title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { required: true, list: true }),
    status: f.enum(
      STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        list: true,
        default: 'NEW',
        valueLabels: {
          NEW: { vi: 'Mới', en: 'New' },
          DOING: { vi: 'Đang xử lý', en: 'In progress' },
          DONE: { vi: 'Hoàn thành', en: 'Done' },
          CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
        },
      },
    ),
    done_note: f.text({ vi: 'Kết quả', en: 'Outcome' }, { readonly: true }),
  },
});

let s: KitService;
const me = randomUUID();
const seen: string[] = [];
const move = (id: string, body: unknown, lang: 'vi' | 'en' = 'en', ability?: { action: string; subject: string }[]) =>
  s.call({ userId: me, lang, ...(ability ? { ability: ability as never } : {}) }, 'POST', `/test-flow-ticket/${id}/status`, body);
const newTicket = async () => (await s.call(me, 'POST', '/test-flow-ticket', { title: `t ${randomUUID().slice(0, 4)}` })).body.data.id as string;

beforeAll(async () => {
  s = await startKitService({
    domain: 'admin',
    resources: [ticket],
    hooks: {
      testFlowTicket: {
        // DONE needs an outcome in the body, written with the move; a move's effects run after it.
        beforeStatus: (m) => {
          if (m.to !== 'DONE') return;
          if (typeof m.body.outcome !== 'string' || !m.body.outcome) throw new AppError(400, 'bad_request', {}, [{ path: 'outcome', key: 'required' }]);
          return { done_note: m.body.outcome };
        },
        afterStatus: (m, row) => {
          seen.push(`${m.from}>${m.to}:${String(row.status)}`);
        },
      },
    },
  });
});
afterAll(async () => s?.close());

test('the contracts declare POST <path>/:id/status for a resource with a workflow', () => {
  expect(
    resourceRoutes(ticket)
      .filter((r) => r.path.endsWith('/status'))
      .map((r) => `${r.method} ${r.path}`),
  ).toEqual(['POST /test-flow-ticket/:id/status']);
  expect(() => defineResource({ ...ticket, name: 'bad', workflow: { field: 'status', moves: { NEW: ['LOST'] } } })).toThrow(/LOST/);
  expect(() => defineResource({ ...ticket, name: 'bad', workflow: { field: 'title', moves: {} } })).toThrow(/readonly enum/);
});

test('a move in the table writes the status, the activity entry and the events; afterStatus sees the record as written', async () => {
  const id = await newTicket();
  const r = await move(id, { status: 'DOING', note: 'bắt đầu' });
  expect([r.status, r.body.data.status]).toEqual([200, 'DOING']);
  expect(seen).toContain('NEW>DOING:DOING');
  const { rows } = await s.pool.query(`SELECT subject, payload FROM outbox WHERE payload->>'id' = $1 OR payload->>'record_id' = $1 ORDER BY seq`, [id]);
  const subjects = rows.map((x) => x.subject);
  expect(subjects).toEqual(expect.arrayContaining(['portal.admin.testFlowTicket.updated', 'portal.admin.testFlowTicket.status']));
  expect(rows.find((x) => x.subject === 'portal.admin.testFlowTicket.status')!.payload).toMatchObject({ from: 'NEW', to: 'DOING', note: 'bắt đầu' });
  const activity = rows.filter((x) => x.subject.includes('activity')).map((x) => x.payload.description);
  expect(activity).toContain('bắt đầu');
  // Without a note, the entry says the move in both languages.
  const other = await newTicket();
  await move(other, { status: 'CANCELLED' });
  const { rows: logged } = await s.pool.query(
    `SELECT payload->>'description' AS d FROM outbox WHERE payload->>'record_id' = $1 AND payload->>'action' = 'update'`,
    [other],
  );
  expect(logged.map((x) => x.d)).toEqual(['Cập nhật trạng thái: Mới → Đã hủy / Update status: New → Cancelled']);
});

test("a move the table does not allow is a 422 naming both statuses, in the caller's language; nothing changes", async () => {
  const id = await newTicket();
  const en = await move(id, { status: 'DONE', outcome: 'x' });
  expect([en.status, en.body.message]).toEqual([422, 'This ticket cannot go from "New" to "Done"']);
  const vi = await move(id, { status: 'DONE', outcome: 'x' }, 'vi');
  expect(vi.body.message).toBe('Không thể chuyển phiếu yêu cầu từ "Mới" sang "Hoàn thành"');
  expect((await s.call(me, 'GET', `/test-flow-ticket/${id}`)).body.data.status).toBe('NEW');
  // An unknown status, a missing one, a note too long: 400 with the field.
  for (const bad of [{ status: 'LOST' }, {}, { status: 'DOING', note: 'x'.repeat(1001) }]) {
    const r = await move(id, bad);
    expect([r.status, r.body.success]).toEqual([400, false]);
  }
  // A status is never set through an edit.
  await s.call(me, 'PUT', `/test-flow-ticket/${id}`, { status: 'DONE', title: 'edited' });
  expect((await s.call(me, 'GET', `/test-flow-ticket/${id}`)).body.data.status).toBe('NEW');
});

test('the hooks: beforeStatus refuses a move or writes more with it; the move takes the edit right; an unknown record is 404, a removed one 422', async () => {
  const id = await newTicket();
  await move(id, { status: 'DOING' });
  const missing = await move(id, { status: 'DONE' });
  expect([missing.status, missing.body.errors?.[0].path]).toEqual([400, 'outcome']);
  expect((await s.call(me, 'GET', `/test-flow-ticket/${id}`)).body.data.status).toBe('DOING');
  const done = await move(id, { status: 'DONE', outcome: 'Đã sửa máy in' });
  expect(done.body.data).toMatchObject({ status: 'DONE', done_note: 'Đã sửa máy in' });
  const viewer = await move(await newTicket(), { status: 'DOING' }, 'en', [{ action: 'view', subject: 'ticket' }]);
  expect(viewer.status).toBe(403);
  expect((await move(randomUUID(), { status: 'DOING' })).status).toBe(404);
  // A removed record stays readable but does not move.
  const gone = await newTicket();
  await s.call(me, 'DELETE', `/test-flow-ticket/${gone}`);
  const inactive = await move(gone, { status: 'DOING' });
  expect([inactive.status, inactive.body.message]).toEqual([422, 'The record is inactive']);
});
