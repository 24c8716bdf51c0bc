/**
 * The kit's approval engine (service-kit/src/approval) over real HTTP and a real PostgreSQL database: a service
 * app built here with a test-only resource that declares `approval`, called with contexts signed like the
 * gateway's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import type { FastifyInstance } from 'fastify';
import { defineResource, resourceRoutes } from '@portal/contracts';
import {
  AppError,
  LocalBus,
  contextCodec,
  createPool,
  createServiceApp,
  declaredStatements,
  migrate,
  TRANSITIONS,
  type ApprovalAction,
  type ApprovalStatus,
  type ServiceKit,
} from '@portal/service-kit';
import { dropDatabase, ensureDatabase, withDatabase } from '../scripts/lib/postgres';
import { callAs, callerContext } from './support/signed';

const KEY = randomBytes(32).toString('hex');
const codec = contextCodec(KEY);

const expense = defineResource({
  name: 'testExpense',
  domain: 'implementation',
  path: '/test-expense',
  table: 'test_expense',
  feature: 'payment',
  label: { vi: 'Chi phí', en: 'Expense' },
  fields: {
    title: { type: 'text', label: { vi: 'Tiêu đề', en: 'Title' }, required: true, max: 200 },
    amount: { type: 'money', label: { vi: 'Số tiền', en: 'Amount' } },
  },
  defaultOrder: 'created_date desc',
  titleField: 'title',
  approval: { documentType: 'expense', amountField: 'amount', costLimit: 'SUPPLIER' },
});

let pool: Pool;
let app: FastifyInstance;
let kit: ServiceKit;
let base: string;
let dbName: string;
/** What the afterApproval hook saw: [record id, outcome, status before]. */
const outcomes: [string, string, string | null][] = [];
const outcomesOf = (id: string) => outcomes.filter(([x]) => x === id).map(([, o, from]) => [o, from]);

const users = {
  submitter: randomUUID(),
  other: randomUUID(),
  a1: randomUUID(),
  a2: randomUUID(),
  big1: randomUUID(),
  big2: randomUUID(),
  deputy: randomUUID(),
  boss: randomUUID(),
  admin: randomUUID(),
};

const call = (user: string, method: string, path: string, body?: unknown, opts: { admin?: boolean; lang?: 'vi' | 'en' } = {}) =>
  callAs(base, codec, callerContext({ userId: user, isAdmin: Boolean(opts.admin), lang: opts.lang ?? 'en' }), method, path, body);

async function newExpense(amount: number, title = `exp ${randomUUID().slice(0, 6)}`): Promise<string> {
  const r = await call(users.submitter, 'POST', '/test-expense', { title, amount });
  expect(r.status).toBe(200);
  return r.body.data.id as string;
}

const act = (user: string, id: string, segment: string, body: unknown = {}, opts: { admin?: boolean; lang?: 'vi' | 'en' } = {}) =>
  call(user, 'POST', `/test-expense/${id}/${segment}`, body, opts);
const adm = (method: string, path: string, body?: unknown, lang: 'vi' | 'en' = 'en') => call(users.admin, method, path, body, { admin: true, lang });
const approval = async (id: string, user = users.submitter) => (await call(user, 'GET', `/test-expense/${id}/approval`)).body.data;

beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL!;
  dbName = `t_approval_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(admin, dbName);
  pool = createPool(withDatabase(admin, dbName), 8);
  await migrate(pool, join(__dirname, 'no-service-migrations'));
  for (const s of declaredStatements([expense])) await pool.query(s.sql);
  // Cost bands against the supplier cost limit (10 000 000): up to it one level; above it two levels.
  await pool.query(`UPDATE approval_cost_limit SET max_cost = 10000000 WHERE kind = 'SUPPLIER'`);
  await pool.query(
    `INSERT INTO approval_flow (document_type, name, cost_band, levels) VALUES
    ('expense', 'small', 'UP_TO_LIMIT', $1), ('expense', 'large', 'ABOVE_LIMIT', $2), ('other', 'other', 'ALL', $3)`,
    [
      JSON.stringify([{ level: 1, scope: 'USERS', approver_ids: [users.a1] }]),
      JSON.stringify([
        { level: 1, scope: 'USERS', approver_ids: [users.big1] },
        { level: 2, scope: 'USERS', approver_ids: [users.big2] },
      ]),
      JSON.stringify([{ level: 1, scope: 'USERS', approver_ids: [users.other] }]),
    ],
  );
  // The outcome hook (afterApproval) as a service would use it: here it notes what it saw, and refuses an amount of 13.
  const hooks = {
    testExpense: {
      afterApproval: (outcome: string, record: Record<string, unknown>, _ctx: unknown, _tx: unknown, from: string | null) => {
        if (Number(record.amount) === 13) throw new AppError(422, 'invalid');
        outcomes.push([String(record.id), outcome, from]);
      },
    },
  };
  ({ app, kit } = await createServiceApp({
    domain: 'implementation',
    pool,
    bus: new LocalBus(),
    internalKey: KEY,
    resources: [expense],
    logger: false,
    hooks,
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await dropDatabase(process.env.TEST_DATABASE_URL!, dbName);
});

test('the contracts declare the approval routes only for a resource that declares approval', () => {
  const paths = resourceRoutes(expense).map((r) => `${r.method} ${r.path} ${typeof r.access === 'object' ? r.access.action : r.access}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      'GET /test-expense/:id/approval view',
      'POST /test-expense/:id/submit add',
      'POST /test-expense/:id/resubmit add',
      'POST /test-expense/:id/cancel add',
      'POST /test-expense/:id/approve approve',
      'POST /test-expense/:id/refuse approve',
      'POST /test-expense/:id/submit-superiors approve',
    ]),
  );
  const { approval: _a, ...plain } = expense;
  expect(resourceRoutes(plain).some((r) => r.path.endsWith('/approval') || r.path.endsWith('/submit'))).toBe(false);
});

test('happy path over two levels (large amount): PENDING → APPROVING → APPROVED, notifications and timeline', async () => {
  const id = await newExpense(50_000_000);
  const s = await act(users.submitter, id, 'submit', { description: 'please', approver_ids: [], origin_data: { a: 1 }, updated_data: { a: 2 } });
  expect(s.status).toBe(200);
  expect(s.body.data).toMatchObject({ status: 'PENDING', current_level: 1, levels_count: 2, approver_ids: [users.big1], submitted_by: users.submitter });
  expect((await approval(id, users.big1)).can_approve).toBe(true);
  expect((await approval(id, users.big2)).can_approve).toBe(false);

  const a1 = await act(users.big1, id, 'approve', { description: 'ok 1' });
  expect(a1.body.data).toMatchObject({ status: 'APPROVING', current_level: 2, approver_ids: [users.big2] });
  const a2 = await act(users.big2, id, 'approve', { description: 'ok 2', origin_data: { x: 1 }, updated_data: { x: 2 } });
  expect(a2.body.data).toMatchObject({ status: 'APPROVED', approver_ids: [] });

  const view = await approval(id);
  expect(view.current_approver_ids).toEqual([]);
  expect(view.steps.map((st: any) => [st.action, st.status_from, st.status_to, st.actor_id, st.comment, st.level])).toEqual([
    ['SUBMIT', null, 'PENDING', users.submitter, 'please', 1],
    ['APPROVE', 'PENDING', 'APPROVING', users.big1, 'ok 1', 1],
    ['APPROVE', 'APPROVING', 'APPROVED', users.big2, 'ok 2', 2],
  ]);
  expect(view.steps[0]).toMatchObject({ origin_data: { a: 1 }, updated_data: { a: 2 } });

  const { rows: notes } = await pool.query(
    `SELECT payload AS d FROM outbox WHERE subject = 'portal.implementation.notification.requested' AND payload->>'context' = $1 ORDER BY seq`,
    [`testExpense:${id}`],
  );
  expect(notes.map((n) => [n.d.type, n.d.user_ids])).toEqual([
    ['APPROVE_REQUEST', [users.big1]],
    ['APPROVE_REQUEST', [users.big2]],
    ['APPROVED', [users.submitter]],
  ]);
});

test('every step writes its approval_step, activity-log entry, approval event and notification in the same transaction (outbox)', async () => {
  const id = await newExpense(100);
  const before = Number((await pool.query('SELECT max(seq) AS m FROM outbox')).rows[0].m);
  await act(users.submitter, id, 'submit', { description: 'go' });
  // now() is the transaction's start time: equal for every row written by one transaction.
  const { rows } = await pool.query(`SELECT subject, payload AS d, created_at::text AS tx FROM outbox WHERE seq > $1 ORDER BY seq`, [before]);
  expect(rows.map((r) => r.subject)).toEqual([
    'portal.implementation.activity.logged',
    'portal.implementation.testExpense.approval.submit',
    'portal.implementation.notification.requested',
  ]);
  expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
  const { rows: steps } = await pool.query(
    `SELECT r.created_date::text AS tx, s.action FROM approval_step s JOIN approval_request r ON r.id = s.request_id WHERE r.record_id = $1`,
    [id],
  );
  expect(steps).toEqual([{ tx: rows[0].tx, action: 'SUBMIT' }]);
  expect(rows[0].d).toMatchObject({ context: 'testExpense', record_id: id, action: 'status', feature: 'payment', actor_id: users.submitter });
  expect(rows[1].d).toMatchObject({ id, action: 'submit', status_from: null, status_to: 'PENDING', approver_ids: [users.a1] });
});

test('cost bands choose the flow: a small amount has one level, a large one two; no flow uses the approvers given', async () => {
  const small = await newExpense(10_000_000);
  expect((await act(users.submitter, small, 'submit', {})).body.data).toMatchObject({ levels_count: 1, approver_ids: [users.a1] });
  const large = await newExpense(10_000_001);
  expect((await act(users.submitter, large, 'submit', {})).body.data).toMatchObject({ levels_count: 2, approver_ids: [users.big1] });
  const { rows: flows } = await pool.query(
    `SELECT r.record_id, f.name FROM approval_request r JOIN approval_flow f ON f.id = r.flow_id WHERE r.record_id = ANY($1::uuid[])`,
    [[small, large]],
  );
  expect(Object.fromEntries(flows.map((f) => [f.record_id, f.name]))).toEqual({ [small]: 'small', [large]: 'large' });
  expect((await act(users.a1, small, 'approve', {})).body.data.status).toBe('APPROVED');

  // Without any flow for the document type: one level with the approvers given at submit (required).
  await pool.query(`UPDATE approval_flow SET state = 'INACTIVE' WHERE document_type = 'expense'`);
  try {
    const none = await newExpense(5);
    const missing = await act(users.submitter, none, 'submit', { approver_ids: [] });
    expect(missing.status).toBe(400);
    expect(await approval(none)).toMatchObject({ request: null });
    const given = await act(users.submitter, none, 'submit', { approver_ids: [users.other] });
    expect(given.body.data).toMatchObject({ status: 'PENDING', levels_count: 1, flow_id: null, approver_ids: [users.other] });
  } finally {
    await pool.query(`UPDATE approval_flow SET state = 'ACTIVE' WHERE document_type = 'expense'`);
  }
});

test('every transition from a wrong status is 422 with a clear message and changes nothing', async () => {
  // A record in each reachable status.
  const at: Partial<Record<ApprovalStatus | 'none', string>> = {};
  at.none = await newExpense(1);
  at.PENDING = await newExpense(1);
  await act(users.submitter, at.PENDING, 'submit', {});
  at.APPROVING = await newExpense(20_000_000);
  await act(users.submitter, at.APPROVING, 'submit', {});
  await act(users.big1, at.APPROVING, 'approve', {});
  at.APPROVED = await newExpense(1);
  await act(users.submitter, at.APPROVED, 'submit', {});
  await act(users.a1, at.APPROVED, 'approve', {});
  at.REFUSE = await newExpense(1);
  await act(users.submitter, at.REFUSE, 'submit', {});
  await act(users.a1, at.REFUSE, 'refuse', {});
  at.CANCELLED = await newExpense(1);
  await act(users.submitter, at.CANCELLED, 'submit', {});
  await act(users.submitter, at.CANCELLED, 'cancel', {});
  at.RESUBMIT = await newExpense(1);
  await act(users.submitter, at.RESUBMIT, 'submit', {});
  await act(users.a1, at.RESUBMIT, 'refuse', {});
  await act(users.submitter, at.RESUBMIT, 'resubmit', {});
  at.SUBMIT_SUPERIORS = await newExpense(1);
  await act(users.submitter, at.SUBMIT_SUPERIORS, 'submit', {});
  await act(users.a1, at.SUBMIT_SUPERIORS, 'submit-superiors', { approver_ids: [users.boss] });

  const segments: Record<ApprovalAction, string> = {
    submit: 'submit',
    resubmit: 'resubmit',
    approve: 'approve',
    submit_superiors: 'submit-superiors',
    refuse: 'refuse',
    cancel: 'cancel',
  };
  let checked = 0;
  for (const [status, id] of Object.entries(at) as [ApprovalStatus | 'none', string][]) {
    expect((await approval(id)).request?.status ?? 'none').toBe(status);
    for (const action of Object.keys(segments) as ApprovalAction[]) {
      if (TRANSITIONS[action].includes(status === 'none' ? null : status)) continue;
      const before = await pool.query(
        `SELECT (SELECT row_to_json(r)::text FROM approval_request r WHERE record_id = $1) AS req, (SELECT count(*) FROM approval_step s JOIN approval_request r ON r.id = s.request_id WHERE r.record_id = $1) AS steps, (SELECT count(*) FROM outbox) AS events`,
        [id],
      );
      // Every approver and the admin try, so only the status refuses.
      const res = await act(users.admin, id, segments[action], { approver_ids: [users.boss] }, { admin: true });
      expect([status, action, res.status]).toEqual([status, action, 422]);
      expect(res.body.message).toBe(
        `Cannot ${action === 'submit_superiors' ? 'submit to superiors' : action} while the approval is ${status === 'none' ? '-' : status}`,
      );
      const after = await pool.query(
        `SELECT (SELECT row_to_json(r)::text FROM approval_request r WHERE record_id = $1) AS req, (SELECT count(*) FROM approval_step s JOIN approval_request r ON r.id = s.request_id WHERE r.record_id = $1) AS steps, (SELECT count(*) FROM outbox) AS events`,
        [id],
      );
      expect(after.rows[0]).toEqual(before.rows[0]);
      checked++;
    }
  }
  expect(checked).toBe(6 * 8 - 20); // 8 statuses × 6 actions, 20 permitted.
  const vi = await act(users.admin, at.APPROVED!, 'approve', {}, { admin: true, lang: 'vi' });
  expect(vi.body.message).toBe('Không thể phê duyệt khi yêu cầu phê duyệt đang ở trạng thái APPROVED');
});

test('a caller who is not a current approver gets 403 "You are not permission to approved" (vi too); nothing changes', async () => {
  const id = await newExpense(20_000_000);
  await act(users.submitter, id, 'submit', {});
  for (const segment of ['approve', 'refuse', 'submit-superiors']) {
    const r = await act(users.big2, id, segment, { approver_ids: [users.boss] });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You are not permission to approved');
  }
  const vi = await act(users.submitter, id, 'approve', {}, { lang: 'vi' });
  expect([vi.status, vi.body.message]).toEqual([403, 'Bạn không có quyền phê duyệt']);
  // Even an admin is not an approver.
  expect((await act(users.admin, id, 'approve', {}, { admin: true })).status).toBe(403);
  const view = await approval(id);
  expect(view.request).toMatchObject({ status: 'PENDING', current_level: 1 });
  expect(view.steps).toHaveLength(1);
  // Without the approve permission the route itself is refused.
  const noRight = await callAs(
    base,
    codec,
    callerContext({ userId: users.big1, ability: [{ action: 'view', subject: 'payment' }] }),
    'POST',
    `/test-expense/${id}/approve`,
    {},
  );
  expect(noRight.status).toBe(403);
});

test('cancel: refused to a non-submitter (even an approver), allowed to the submitter and to an admin', async () => {
  const id = await newExpense(1);
  await act(users.submitter, id, 'submit', {});
  for (const u of [users.other, users.a1]) {
    const r = await act(u, id, 'cancel', {});
    expect([r.status, r.body.message]).toEqual([403, 'Only the submitter or an administrator can cancel the approval']);
  }
  expect((await approval(id)).request.status).toBe('PENDING');
  expect((await act(users.submitter, id, 'cancel', { description: 'no longer needed' })).body.data.status).toBe('CANCELLED');

  const byAdmin = await newExpense(1);
  await act(users.submitter, byAdmin, 'submit', {});
  expect((await act(users.admin, byAdmin, 'cancel', {}, { admin: true })).body.data.status).toBe('CANCELLED');
  const { rows } = await pool.query(
    `SELECT payload AS d FROM outbox WHERE subject = 'portal.implementation.notification.requested' AND payload->>'context' = $1 ORDER BY seq`,
    [`testExpense:${byAdmin}`],
  );
  expect(rows.map((r) => [r.d.type, r.d.user_ids])).toEqual([
    ['APPROVE_REQUEST', [users.a1]],
    ['CANCELLED', [users.submitter]],
  ]);
});

test('resubmit after refuse starts again at level 1, then approves; the refusal notifies the submitter', async () => {
  const id = await newExpense(20_000_000);
  await act(users.submitter, id, 'submit', {});
  await act(users.big1, id, 'approve', {});
  const refused = await act(users.big2, id, 'refuse', { description: 'too expensive' });
  expect(refused.body.data).toMatchObject({ status: 'REFUSE', approver_ids: [] });
  // The amount dropped: the resubmit chooses the small band.
  await call(users.submitter, 'PUT', `/test-expense/${id}`, { amount: 900 });
  const again = await act(users.submitter, id, 'resubmit', { description: 'cheaper now' });
  expect(again.body.data).toMatchObject({ status: 'RESUBMIT', current_level: 1, levels_count: 1, approver_ids: [users.a1] });
  expect((await act(users.a1, id, 'approve', {})).body.data.status).toBe('APPROVED');
  const view = await approval(id);
  expect(view.steps.map((st: any) => `${st.action}:${st.status_to}`)).toEqual([
    'SUBMIT:PENDING',
    'APPROVE:APPROVING',
    'REFUSE:REFUSE',
    'RESUBMIT:RESUBMIT',
    'APPROVE:APPROVED',
  ]);
  const { rows } = await pool.query(
    `SELECT payload->>'type' AS t FROM outbox WHERE subject = 'portal.implementation.notification.requested' AND payload->>'context' = $1 ORDER BY seq`,
    [`testExpense:${id}`],
  );
  expect(rows.map((r) => r.t)).toEqual(['APPROVE_REQUEST', 'APPROVE_REQUEST', 'REFUSED', 'APPROVE_REQUEST', 'APPROVED']);
  // The outcome hook ran once per ending, never on a step between levels.
  expect(outcomesOf(id)).toEqual([
    ['refused', 'APPROVING'],
    ['approved', 'RESUBMIT'],
  ]);
});

test("the outcome hook (afterApproval) runs in the action's transaction: cancelled from any status; a refusal by the hook changes nothing", async () => {
  const id = await newExpense(1);
  await act(users.submitter, id, 'submit', {});
  await act(users.submitter, id, 'cancel', {});
  expect(outcomesOf(id)).toEqual([['cancelled', 'PENDING']]);
  const refusedByHook = await newExpense(13);
  await act(users.submitter, refusedByHook, 'submit', {});
  expect((await act(users.a1, refusedByHook, 'approve', {})).status).toBe(422);
  expect((await approval(refusedByHook)).request.status).toBe('PENDING');
  expect(outcomesOf(refusedByHook)).toEqual([]);
});

test("submit-superiors approves and passes to the named approvers, ahead of the flow's remaining levels", async () => {
  const id = await newExpense(20_000_000);
  await act(users.submitter, id, 'submit', {});
  expect((await act(users.big1, id, 'submit-superiors', {})).status).toBe(400);
  const up = await act(users.big1, id, 'submit-superiors', { approver_ids: [users.boss], description: 'boss should see' });
  expect(up.body.data).toMatchObject({ status: 'SUBMIT_SUPERIORS', current_level: 2, levels_count: 3, approver_ids: [users.boss] });
  expect((await act(users.boss, id, 'approve', {})).body.data).toMatchObject({ status: 'APPROVING', current_level: 3, approver_ids: [users.big2] });
  expect((await act(users.big2, id, 'approve', {})).body.data.status).toBe('APPROVED');
});

test('the record must be readable: an unknown record is 404 for every approval route', async () => {
  const id = randomUUID();
  expect((await call(users.submitter, 'GET', `/test-expense/${id}/approval`)).status).toBe(404);
  for (const segment of ['submit', 'resubmit', 'cancel', 'approve', 'refuse', 'submit-superiors']) {
    expect((await act(users.submitter, id, segment, { approver_ids: [users.a1] })).status).toBe(404);
  }
  expect((await act(users.submitter, await newExpense(1), 'submit', { approver_ids: ['nope'] })).status).toBe(400);
});

test('approval cost limits: GET lists supplier, subcontractor and additional; PUT {id} sets one (with the spec message) and moves amounts between bands', async () => {
  const list = await adm('GET', '/implementation/approval-cost-limit');
  expect(list.status).toBe(200);
  expect(list.body.data.items.map((r: any) => r.kind)).toEqual(['SUPPLIER', 'SUBCONTRACTOR', 'ADDITIONAL']);
  // The list contract, as every list: page and limit honoured, the total of all pages.
  const second = await adm('GET', '/implementation/approval-cost-limit?page=2&limit=2');
  expect(second.body.data).toMatchObject({ totalRows: 3, page: 2, limit: 2, items: [expect.objectContaining({ kind: 'ADDITIONAL' })] });
  const supplier = list.body.data.items[0];
  expect(supplier.max_cost).toBe(10_000_000);
  expect((await adm('GET', `/implementation/approval-cost-limit/${supplier.id}`)).body.data).toMatchObject({ kind: 'SUPPLIER', max_cost: 10_000_000 });
  expect((await adm('GET', `/implementation/approval-cost-limit/${randomUUID()}`)).status).toBe(404);
  for (const bad of [{ max_cost: -1 }, { max_cost: 'abc' }, {}, { max_cost: 5, extra: 1 }]) {
    const r = await adm('PUT', `/implementation/approval-cost-limit/${supplier.id}`, bad);
    expect([r.status, r.body.success]).toEqual([400, false]);
  }
  try {
    const put = await adm('PUT', `/implementation/approval-cost-limit/${supplier.id}`, { max_cost: 60_000_000 }, 'vi');
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Cập nhật hạn mức phê duyệt thành công');
    expect((await adm('PUT', `/implementation/approval-cost-limit/${supplier.id}`, { max_cost: 60_000_000 })).body.message).toBe(
      'Update approval cost limit success',
    );
    // 50 000 000 is now "up to the limit": the one-level flow.
    const id = await newExpense(50_000_000);
    expect((await act(users.submitter, id, 'submit', {})).body.data).toMatchObject({ levels_count: 1, approver_ids: [users.a1] });
  } finally {
    await adm('PUT', `/implementation/approval-cost-limit/${supplier.id}`, { max_cost: 10_000_000 });
  }
});

test('approval flows: create, list, update and deactivate with validation; a running request keeps the levels it started with', async () => {
  const base = '/implementation/approval-flow';
  // The settings need the `setting` feature (the callers here hold only `payment`); an admin passes.
  expect((await call(users.submitter, 'GET', base)).status).toBe(403);
  expect((await call(users.submitter, 'PUT', `/implementation/approval-cost-limit/${randomUUID()}`, { max_cost: 1 })).status).toBe(403);
  const listed = await adm('GET', `${base}?f_document_type=expense`);
  expect(listed.body.data.document_types).toEqual(['expense']);
  expect(listed.body.data.items.map((f: any) => f.name).sort()).toEqual(['large', 'small']);
  const paged = await adm('GET', `${base}?f_document_type=expense&limit=1&page=0`);
  expect(paged.body.data).toMatchObject({ totalRows: 2, page: 1, limit: 1 });
  expect(paged.body.data.items).toHaveLength(1);

  const bad = [
    { document_type: 'nope', name: 'x', levels: [{ level: 1, scope: 'USERS' }] },
    { document_type: 'expense', name: '', levels: [{ level: 1, scope: 'USERS' }] },
    { document_type: 'expense', name: 'x', levels: [] },
    { document_type: 'expense', name: 'x', levels: [{ level: 1, scope: 'ROLE' }] },
    { document_type: 'expense', name: 'x', levels: [{ level: 1, scope: 'POSITION_OF_PROJECT' }] },
    {
      document_type: 'expense',
      name: 'x',
      levels: [
        { level: 1, scope: 'USERS' },
        { level: 3, scope: 'USERS' },
      ],
    },
    { document_type: 'expense', name: 'x', cost_band: 'HUGE', levels: [{ level: 1, scope: 'USERS' }] },
    { document_type: 'expense', name: 'x', levels: [{ level: 1, scope: 'USERS', approver_ids: ['x'] }] },
  ];
  for (const b of bad) {
    const r = await adm('POST', base, b);
    expect([r.status, r.body.success, JSON.stringify(b)]).toEqual([400, false, JSON.stringify(b)]);
    expect(r.body.errors!.length).toBeGreaterThan(0);
  }
  const roleRule = await adm('POST', base, { document_type: 'expense', name: 'x', levels: [{ level: 1, scope: 'ROLE' }] });
  expect(roleRule.body.errors).toEqual([{ path: 'levels.0.role_id', message: 'Please make a selection' }]);

  // A newer ALL flow does not displace the band flows; the band flow wins.
  const created = await adm('POST', base, { document_type: 'expense', name: 'fallback', levels: [{ level: 1, scope: 'USERS', approver_ids: [users.other] }] });
  expect(created.status).toBe(200);
  expect(created.body.data).toMatchObject({ name: 'fallback', cost_band: 'ALL', state: 'ACTIVE' });
  const flowId = created.body.data.id as string;
  const small = await newExpense(1);
  expect((await act(users.submitter, small, 'submit', {})).body.data.approver_ids).toEqual([users.a1]);

  // Deactivate the bands: the ALL flow applies. Editing it later leaves the running request alone.
  const { rows: bands } = await pool.query(`SELECT id FROM approval_flow WHERE document_type = 'expense' AND cost_band <> 'ALL'`);
  try {
    for (const b of bands) expect((await adm('DELETE', `${base}/${b.id}`)).status).toBe(200);
    const running = await newExpense(1);
    expect((await act(users.submitter, running, 'submit', {})).body.data.approver_ids).toEqual([users.other]);
    const upd = await adm('PUT', `${base}/${flowId}`, {
      document_type: 'expense',
      name: 'fallback 2',
      cost_band: 'ALL',
      levels: [{ level: 1, scope: 'USERS', approver_ids: [users.boss] }],
    });
    expect(upd.body.data).toMatchObject({ name: 'fallback 2', levels: [{ level: 1, scope: 'USERS', approver_ids: [users.boss] }] });
    expect((await approval(running)).current_approver_ids).toEqual([users.other]);
    expect((await act(users.other, running, 'approve', {})).body.data.status).toBe('APPROVED');
    const inactive = await adm('GET', `${base}?f_state=INACTIVE`);
    expect((await adm('GET', `${base}?f_state=ALL&f_document_type=expense`)).body.data.items.length).toBe(3);
    expect(inactive.body.data.items.map((f: any) => f.id).sort()).toEqual(bands.map((b) => b.id).sort());
  } finally {
    for (const b of bands) await pool.query(`UPDATE approval_flow SET state = 'ACTIVE' WHERE id = $1`, [b.id]);
    await adm('DELETE', `${base}/${flowId}`);
  }
  expect((await adm('PUT', `${base}/${randomUUID()}`, { document_type: 'expense', name: 'x', levels: [{ level: 1, scope: 'USERS' }] })).status).toBe(404);
  expect((await adm('DELETE', `${base}/not-a-uuid`)).status).toBe(404);
  // Every change is in the outbox as an activity-log entry.
  const { rows } = await pool.query(
    `SELECT count(*)::int AS n FROM outbox WHERE subject LIKE 'portal.implementation.activity%' AND payload->>'context' = 'approval_flow' AND payload->>'record_id' = $1`,
    [flowId],
  );
  expect(rows[0].n).toBe(3);
});

test('reminders: a step waiting longer than the threshold reminds its approvers once per period, and not a finished request', async () => {
  const id = await newExpense(1, 'waiting one');
  await act(users.submitter, id, 'submit', {});
  const done = await newExpense(1);
  await act(users.submitter, done, 'submit', {});
  await act(users.a1, done, 'approve', {});
  await pool.query(`UPDATE approval_request SET updated_date = now() - interval '2 days'`);
  const engine = kit.approvals.get('testExpense')!;
  const before = Number((await pool.query('SELECT max(seq) AS m FROM outbox')).rows[0].m);
  expect(await engine.remindWaiting(24 * 3_600_000)).toBeGreaterThanOrEqual(1);
  const { rows } = await pool.query(
    `SELECT payload AS d FROM outbox WHERE seq > $1 AND subject = 'portal.implementation.notification.requested' ORDER BY seq`,
    [before],
  );
  const mine = rows.filter((r) => r.d.context === `testExpense:${id}`);
  expect(mine).toHaveLength(1);
  expect(mine[0].d).toMatchObject({ type: 'APPROVE_REQUEST', user_ids: [users.a1], title: { en: 'Reminder: Expense waiting for your approval: waiting one' } });
  expect(rows.some((r) => r.d.context === `testExpense:${done}`)).toBe(false);
  // Reminded just now: not again within the period; a step taken resets the clock.
  expect(await engine.remindWaiting(24 * 3_600_000)).toBe(0);
  const { rows: req } = await pool.query('SELECT reminded_at FROM approval_request WHERE record_id = $1', [id]);
  expect(req[0].reminded_at).not.toBeNull();
  await act(users.a1, id, 'refuse', {});
  expect((await pool.query('SELECT reminded_at FROM approval_request WHERE record_id = $1', [id])).rows[0].reminded_at).toBeNull();
});

test('a record in approval or approved is neither edited nor deleted (422); cancelling an approved one frees it', async () => {
  const id = await newExpense(1, 'locked');
  await act(users.submitter, id, 'submit', {});
  const edit = await call(users.submitter, 'PUT', `/test-expense/${id}`, { title: 'changed', amount: 2 });
  expect([edit.status, edit.body.message]).toEqual([422, 'The record is in approval or approved: cancel the approval first']);
  expect((await call(users.submitter, 'DELETE', `/test-expense/${id}`)).status).toBe(422);
  await act(users.a1, id, 'approve', {});
  expect((await call(users.submitter, 'PUT', `/test-expense/${id}`, { title: 'changed', amount: 2 })).status).toBe(422);
  // Plans change: the submitter cancels the approved record, which is then editable again.
  expect((await act(users.submitter, id, 'cancel', { description: 'plans changed' })).body.data.status).toBe('CANCELLED');
  expect((await call(users.submitter, 'PUT', `/test-expense/${id}`, { title: 'changed', amount: 2 })).status).toBe(200);
  expect((await call(users.submitter, 'DELETE', `/test-expense/${id}`)).status).toBe(200);
});
