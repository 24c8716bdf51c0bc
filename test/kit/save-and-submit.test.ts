/**
 * "Save and send for approval" (issue 32 point 4): `POST <path>/save-and-submit` creates a record and submits it in one
 * transaction — both or neither — through the create's and the submit's own checks, so that nobody sends through it
 * what they could not send by saving and then sending; `PUT <path>/:id/save-and-submit` does the same for a record being
 * edited (a draft, or a refused or cancelled one, resubmitted); and `?dry_run=1` (on both, and on `…/:id/submit` and
 * `…/:id/resubmit`) answers whom it would go to and writes nothing. A service app built here over a real PostgreSQL,
 * called with gateway-signed contexts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import type { FastifyInstance } from 'fastify';
import { defineResource, resourceRoutes, type CallerContext } from '@portal/contracts';
import { AppError, LocalBus, contextCodec, createPool, createServiceApp, declaredStatements, migrate } from '@portal/service-kit';
import { dropDatabase, ensureDatabase, withDatabase } from '../../scripts/lib/postgres';
import { callAs, callerContext } from '../support/signed';

const KEY = randomBytes(32).toString('hex');
const codec = contextCodec(KEY);

/** A trip: whoever may add one enters it; only a sender (the approve right on payments) sends it for approval. */
const trip = defineResource({
  name: 'testTrip',
  domain: 'implementation',
  path: '/test-trip',
  table: 'test_trip',
  feature: 'payment',
  label: { vi: 'Chuyến đi', en: 'Trip' },
  fields: {
    title: { type: 'text', label: { vi: 'Tiêu đề', en: 'Title' }, required: true, min: 3, max: 200 },
    amount: { type: 'money', label: { vi: 'Số tiền', en: 'Amount' } },
  },
  defaultOrder: 'created_date desc',
  titleField: 'title',
  approval: { documentType: 'trip', amountField: 'amount', costLimit: 'SUPPLIER' },
  actors: { sender: { right: { action: 'approve', feature: 'payment' }, label: { vi: 'người gửi', en: 'a sender' } } },
  acts: { submit: { by: ['sender'] } },
});

const users = {
  sender: randomUUID(),
  clerk: randomUUID(),
  a1: randomUUID(),
  big: randomUUID(),
  outsider: randomUUID(),
  editor: randomUUID(),
  fixer: randomUUID(),
};
const ability: Record<keyof typeof users, CallerContext['ability']> = {
  sender: [{ action: 'manage', subject: 'payment' }],
  // May add and view, not approve: not a sender.
  clerk: [
    { action: 'add', subject: 'payment' },
    { action: 'view', subject: 'payment' },
  ],
  a1: [{ action: 'manage', subject: 'payment' }],
  big: [{ action: 'manage', subject: 'payment' }],
  // Not even add.
  outsider: [{ action: 'view', subject: 'payment' }],
  // May add and edit, not approve: edits any trip, sends none (not a sender).
  editor: [
    { action: 'add', subject: 'payment' },
    { action: 'edit', subject: 'payment' },
    { action: 'view', subject: 'payment' },
  ],
  // A sender who may edit but not add: the submit route (the add right) is closed to them.
  fixer: [
    { action: 'approve', subject: 'payment' },
    { action: 'edit', subject: 'payment' },
    { action: 'view', subject: 'payment' },
  ],
};

let pool: Pool;
let app: FastifyInstance;
let base: string;
let dbName: string;

const call = (who: keyof typeof users, method: string, path: string, body?: unknown) =>
  callAs(base, codec, callerContext({ userId: users[who], ability: ability[who] }), method, path, body);
const count = async (title: string) => Number((await pool.query('SELECT count(*) AS n FROM test_trip WHERE title = $1', [title])).rows[0].n);
const requests = async () => Number((await pool.query(`SELECT count(*) AS n FROM approval_request WHERE resource = 'testTrip'`)).rows[0].n);
const outboxAfter = async (seq: number) =>
  (await pool.query<{ subject: string }>('SELECT subject FROM outbox WHERE seq > $1 ORDER BY seq', [seq])).rows.map((r) => r.subject);
const lastSeq = async () => Number((await pool.query('SELECT coalesce(max(seq), 0) AS m FROM outbox')).rows[0].m);
const name = (s: string) => `${s} ${randomUUID().slice(0, 6)}`;
const stored = async (id: string) =>
  (
    await pool.query<{ title: string; amount: number | null; approval_status: string }>('SELECT title, amount, approval_status FROM test_trip WHERE id = $1', [
      id,
    ])
  ).rows[0];
const requestOf = async (id: string) =>
  (await pool.query(`SELECT status FROM approval_request WHERE resource = 'testTrip' AND record_id = $1`, [id])).rows[0]?.status ?? null;
/** A trip saved (a draft), by the sender unless told otherwise. */
const draft = async (title: string, amount = 100, who: keyof typeof users = 'sender') => {
  const r = await call(who, 'POST', '/test-trip', { title, amount });
  expect(r.status).toBe(200);
  return r.body.data.id as string;
};

beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL!;
  dbName = `t_save_submit_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(admin, dbName);
  pool = createPool(withDatabase(admin, dbName), 8);
  await migrate(pool, join(__dirname, '..', 'no-service-migrations'));
  for (const s of declaredStatements([trip])) await pool.query(s.sql);
  // Up to 10 000 000: a1 approves; above it, the sender alone — who may not approve what they send (no approver left).
  await pool.query(`UPDATE approval_cost_limit SET max_cost = 10000000 WHERE kind = 'SUPPLIER'`);
  await pool.query(
    `INSERT INTO approval_flow (document_type, name, cost_band, levels) VALUES ('trip', 'small', 'UP_TO_LIMIT', $1), ('trip', 'large', 'ABOVE_LIMIT', $2)`,
    [JSON.stringify([{ level: 1, scope: 'USERS', approver_ids: [users.a1] }]), JSON.stringify([{ level: 1, scope: 'USERS', approver_ids: [users.sender] }])],
  );
  // A resource hook refusing a submit (as a leave whose first day has passed is refused): title "refuse …".
  const hooks = {
    testTrip: {
      beforeApproval: (action: string, record: Record<string, unknown>) => {
        if (action === 'submit' && String(record.title).startsWith('refuse')) throw new AppError(422, 'invalid');
      },
    },
  };
  ({ app } = await createServiceApp({
    domain: 'implementation',
    pool,
    bus: new LocalBus(),
    internalKey: KEY,
    resources: [trip],
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

test('declared with the approval routes, with the add right (as create and submit)', () => {
  const decl = resourceRoutes(trip).find((r) => r.path === '/test-trip/save-and-submit');
  expect(decl).toMatchObject({ method: 'POST', access: { feature: 'payment', action: 'add' } });
  // A record being edited: the edit right, as its PUT (the handler asks `add` for the send, as the submit route does).
  const edit = resourceRoutes(trip).find((r) => r.path === '/test-trip/:id/save-and-submit');
  expect(edit).toMatchObject({ method: 'PUT', access: { feature: 'payment', action: 'edit' } });
  const { approval: _a, ...plain } = trip;
  expect(resourceRoutes(plain as typeof trip).some((r) => r.path.endsWith('/save-and-submit'))).toBe(false);
});

test('saved and sent in one transaction: the record, its request PENDING at level 1, and every event of both, once', async () => {
  const title = name('site visit');
  const seq = await lastSeq();
  const r = await call('sender', 'POST', '/test-trip/save-and-submit', { record: { title, amount: 500_000 }, description: 'please' });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ title, approval_status: 'PENDING', created_by: users.sender });
  const view = (await call('sender', 'GET', `/test-trip/${r.body.data.id}/approval`)).body.data;
  expect(view.request).toMatchObject({ status: 'PENDING', current_level: 1, approver_ids: [users.a1], submitted_by: users.sender });
  expect(view.steps.map((s: { action: string; comment: string }) => [s.action, s.comment])).toEqual([['SUBMIT', 'please']]);
  const subjects = await outboxAfter(seq);
  expect(subjects.filter((s) => s === 'portal.implementation.testTrip.created')).toHaveLength(1);
  expect(subjects.filter((s) => s === 'portal.implementation.testTrip.approval.submit')).toHaveLength(1);
  // One transaction: every row it wrote carries its one start time.
  const { rows } = await pool.query(`SELECT DISTINCT created_at FROM outbox WHERE seq > $1`, [seq]);
  expect(rows).toHaveLength(1);
});

test('refused submit: nothing is saved — no record, no request, no event — and the refusal is the submit route’s own', async () => {
  // No approver left (the large band's only approver is the sender): 422, as submitting separately answers.
  const big = name('big trip');
  let seq = await lastSeq();
  const before = await requests();
  const r1 = await call('sender', 'POST', '/test-trip/save-and-submit', { record: { title: big, amount: 50_000_000 } });
  expect(r1.status).toBe(422);
  expect(await count(big)).toBe(0);
  expect(await requests()).toBe(before);
  expect(await outboxAfter(seq)).toEqual([]);
  const saved = await call('sender', 'POST', '/test-trip', { title: big, amount: 50_000_000 });
  const separately = await call('sender', 'POST', `/test-trip/${saved.body.data.id}/submit`, {});
  expect([separately.status, separately.body.message]).toEqual([422, r1.body.message]);

  // A resource hook refusing the submit: the create is rolled back with it.
  const refused = name('refuse me');
  seq = await lastSeq();
  const r2 = await call('sender', 'POST', '/test-trip/save-and-submit', { record: { title: refused, amount: 1 } });
  expect(r2.status).toBe(422);
  expect(await count(refused)).toBe(0);
  expect(await outboxAfter(seq)).toEqual([]);

  // A bad record: 400 on its field (the field's own path, as the create route answers), nothing written.
  const r3 = await call('sender', 'POST', '/test-trip/save-and-submit', { record: { title: 'x' } });
  expect(r3.status).toBe(400);
  expect(r3.body.errors?.map((e: { path: string }) => e.path)).toEqual(['title']);
  const r4 = await call('sender', 'POST', '/test-trip/save-and-submit', { title: 'no record' });
  expect(r4.status).toBe(400);
});

test('whoever could not send separately cannot send through save-and-submit (and saves nothing trying)', async () => {
  // The clerk may add a trip but is not among the actors who send it.
  const title = name('clerk trip');
  const saved = await call('clerk', 'POST', '/test-trip', { title, amount: 100 });
  expect(saved.status).toBe(200);
  const separately = await call('clerk', 'POST', `/test-trip/${saved.body.data.id}/submit`, {});
  expect(separately.status).toBe(403);
  const other = name('clerk trip');
  const together = await call('clerk', 'POST', '/test-trip/save-and-submit', { record: { title: other, amount: 100 } });
  expect([together.status, together.body.message]).toEqual([403, separately.body.message]);
  expect(await count(other)).toBe(0);
  // Nor does its dry run tell them whom it would go to.
  expect((await call('clerk', 'POST', '/test-trip/save-and-submit?dry_run=1', { record: { title: other, amount: 100 } })).status).toBe(403);

  // Without the add right, neither route (the service checks the declared access again, as the gateway does).
  const outsider = await call('outsider', 'POST', '/test-trip/save-and-submit', { record: { title: name('outsider'), amount: 1 } });
  expect(outsider.status).toBe(403);

  // Naming oneself as the approver does not make one: where the flow names nobody, a sender who picks only themself
  // has no approver left (as at submit).
  await pool.query(`UPDATE approval_flow SET state = 'INACTIVE' WHERE document_type = 'trip'`);
  try {
    const self = name('self approved');
    const r = await call('sender', 'POST', '/test-trip/save-and-submit', { record: { title: self, amount: 1 }, approver_ids: [users.sender] });
    expect(r.status).toBe(422);
    expect(await count(self)).toBe(0);
    // With no approver picked: the real call is a 400 on approver_ids, nothing saved; its dry run says to pick them.
    const none = await call('sender', 'POST', '/test-trip/save-and-submit', { record: { title: self, amount: 1 } });
    expect([none.status, none.body.errors?.map((e: { path: string }) => e.path)]).toEqual([400, ['approver_ids']]);
    expect(await count(self)).toBe(0);
    const dry = await call('sender', 'POST', '/test-trip/save-and-submit?dry_run=1', { record: { title: self, amount: 1 } });
    expect([dry.status, dry.body.data]).toEqual([200, { levels: [], pick: true }]);
    // A bad record is still refused on its field in a dry run (not taken for "pick the approvers").
    expect((await call('sender', 'POST', '/test-trip/save-and-submit?dry_run=1', { record: { title: 'x' } })).status).toBe(400);
    const picked = await call('sender', 'POST', '/test-trip/save-and-submit', { record: { title: self, amount: 1 }, approver_ids: [users.big, users.sender] });
    expect(picked.status).toBe(200);
    const view = (await call('sender', 'GET', `/test-trip/${picked.body.data.id}/approval`)).body.data;
    expect(view.request.approver_ids).toEqual([users.big]);
    // The sender cannot approve it either.
    expect((await call('sender', 'POST', `/test-trip/${picked.body.data.id}/approve`, {})).status).toBe(403);
  } finally {
    await pool.query(`UPDATE approval_flow SET state = 'ACTIVE' WHERE document_type = 'trip'`);
  }
});

test('dry run: whom it would go to, with nothing written — for a new record and for a saved one', async () => {
  const title = name('dry');
  const seq = await lastSeq();
  const before = await requests();
  const r = await call('sender', 'POST', '/test-trip/save-and-submit?dry_run=1', { record: { title, amount: 100 } });
  expect(r.status).toBe(200);
  expect(r.body.data).toEqual({ levels: [{ level: 1, approver_ids: [users.a1] }], pick: false });
  expect(await count(title)).toBe(0);
  expect(await requests()).toBe(before);
  expect(await outboxAfter(seq)).toEqual([]);

  const saved = await call('sender', 'POST', '/test-trip', { title, amount: 100 });
  const seq2 = await lastSeq();
  const dry = await call('sender', 'POST', `/test-trip/${saved.body.data.id}/submit?dry_run=1`, {});
  expect([dry.status, dry.body.data.levels]).toEqual([200, [{ level: 1, approver_ids: [users.a1] }]]);
  expect(await outboxAfter(seq2)).toEqual([]);
  expect((await call('sender', 'GET', `/test-trip/${saved.body.data.id}/approval`)).body.data.request).toBeNull();
  // The real submit goes where the dry run said.
  const real = await call('sender', 'POST', `/test-trip/${saved.body.data.id}/submit`, {});
  expect(real.body.data.approver_ids).toEqual([users.a1]);
});

test('a draft edited and sent in one transaction: the change, its request PENDING, the events of both, once', async () => {
  const id = await draft(name('edited draft'), 100);
  expect(await stored(id)).toMatchObject({ approval_status: 'DRAFT' });
  const title = name('edited and sent');
  const seq = await lastSeq();
  const r = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title, amount: 300 }, description: 'changed, please' });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ id, title, amount: 300, approval_status: 'PENDING' });
  const view = (await call('sender', 'GET', `/test-trip/${id}/approval`)).body.data;
  expect(view.request).toMatchObject({ status: 'PENDING', current_level: 1, approver_ids: [users.a1], submitted_by: users.sender });
  expect(view.steps.map((s: { action: string; comment: string }) => [s.action, s.comment])).toEqual([['SUBMIT', 'changed, please']]);
  const subjects = await outboxAfter(seq);
  expect(subjects.filter((s) => s === 'portal.implementation.testTrip.updated')).toHaveLength(1);
  expect(subjects.filter((s) => s === 'portal.implementation.testTrip.approval.submit')).toHaveLength(1);
  const { rows } = await pool.query(`SELECT DISTINCT created_at FROM outbox WHERE seq > $1`, [seq]);
  expect(rows).toHaveLength(1);
  // Sent: locked as any request under way — neither edited nor sent again through it.
  const again = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title: name('again') } });
  expect([again.status, again.body.message]).toEqual([422, (await call('sender', 'PUT', `/test-trip/${id}`, { title: name('again') })).body.message]);
  expect((await stored(id)).title).toBe(title);
});

test('both or neither on an edit: a refused send leaves the record as it was — no change, no request, no event', async () => {
  const title = name('kept');
  const id = await draft(title, 100);
  const before = await stored(id);
  // The resource hook refuses a submit of a trip titled "refuse …": the edit to that title is rolled back with it.
  let seq = await lastSeq();
  const r1 = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title: name('refuse me'), amount: 5 } });
  expect(r1.status).toBe(422);
  expect(await stored(id)).toEqual(before);
  expect(await requestOf(id)).toBeNull();
  expect(await outboxAfter(seq)).toEqual([]);
  // No approver left (the large band names only the sender): the real submit's own 422, the amount not changed.
  seq = await lastSeq();
  const r2 = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { amount: 50_000_000 } });
  const big = await draft(name('big'), 50_000_000);
  const separately = await call('sender', 'POST', `/test-trip/${big}/submit`, {});
  expect([r2.status, r2.body.message]).toEqual([422, separately.body.message]);
  expect(await stored(id)).toEqual(before);
  expect(await outboxAfter(seq)).not.toContain('portal.implementation.testTrip.updated');
  // A bad record: 400 on its field (the update route's own path), nothing written.
  const r3 = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title: 'x' } });
  expect([r3.status, r3.body.errors?.map((e: { path: string }) => e.path)]).toEqual([400, ['title']]);
  expect((await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { title: 'no record' })).status).toBe(400);
  expect(await stored(id)).toEqual(before);
  // Unknown or malformed ids: the update route's 404.
  expect((await call('sender', 'PUT', `/test-trip/${randomUUID()}/save-and-submit`, { record: { amount: 1 } })).status).toBe(404);
});

test('whoever could not edit and then send separately cannot here either (and changes nothing trying)', async () => {
  const title = name('guarded');
  const id = await draft(title, 100);
  // The editor edits it alone, but is not among the actors who send it: the submit's own 403, the edit rolled back.
  const separately = await call('editor', 'POST', `/test-trip/${id}/submit`, {});
  expect(separately.status).toBe(403);
  const together = await call('editor', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title: name('by editor') } });
  expect([together.status, together.body.message]).toEqual([403, separately.body.message]);
  expect((await stored(id)).title).toBe(title);
  expect(await requestOf(id)).toBeNull();
  // Nor does its dry run tell them whom it would go to.
  expect((await call('editor', 'PUT', `/test-trip/${id}/save-and-submit?dry_run=1`, { record: { title: name('by editor') } })).status).toBe(403);
  // The clerk may add but not edit: refused as their PUT is (the declared edit right, checked again by the service).
  expect((await call('clerk', 'PUT', `/test-trip/${id}`, { title: name('by clerk') })).status).toBe(403);
  expect((await call('clerk', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title: name('by clerk') } })).status).toBe(403);
  // A sender who may edit but not add: the submit route is closed to them, and so is the send here.
  expect((await call('fixer', 'POST', `/test-trip/${id}/submit`, {})).status).toBe(403);
  expect((await call('fixer', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title: name('by fixer') } })).status).toBe(403);
  expect((await call('fixer', 'PUT', `/test-trip/${id}/save-and-submit?dry_run=1`, { record: {} })).status).toBe(403);
  expect((await stored(id)).title).toBe(title);
  expect(await requestOf(id)).toBeNull();
});

test('dry run of an edit: whom it would go to, the edit counted (its amount picks the flow), nothing written', async () => {
  const title = name('dry edit');
  const id = await draft(title, 100);
  const before = await stored(id);
  const seq = await lastSeq();
  const dry = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit?dry_run=1`, { record: { title: name('dry changed'), amount: 200 } });
  expect([dry.status, dry.body.data]).toEqual([200, { levels: [{ level: 1, approver_ids: [users.a1] }], pick: false }]);
  // The amount as edited decides: above the limit only the sender is named, who may not approve what they send.
  const above = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit?dry_run=1`, { record: { amount: 50_000_000 } });
  expect(above.status).toBe(422);
  expect(await stored(id)).toEqual(before);
  expect(await requestOf(id)).toBeNull();
  expect(await outboxAfter(seq)).toEqual([]);
});

test('resubmit after a refusal: the dry run names the approvers (on …/resubmit and on the edit), then edited and resubmitted in one step', async () => {
  const id = await draft(name('to refuse'), 100);
  expect((await call('sender', 'POST', `/test-trip/${id}/submit`, {})).status).toBe(200);
  expect((await call('a1', 'POST', `/test-trip/${id}/refuse`, { description: 'too vague' })).status).toBe(200);
  expect(await requestOf(id)).toBe('REFUSE');
  const before = await stored(id);

  // The resubmit's dry run: whom it would go to, nothing written.
  let seq = await lastSeq();
  const dry = await call('sender', 'POST', `/test-trip/${id}/resubmit?dry_run=1`, {});
  expect([dry.status, dry.body.data]).toEqual([200, { levels: [{ level: 1, approver_ids: [users.a1] }], pick: false }]);
  const dryEdit = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit?dry_run=1`, { record: { title: name('clearer') } });
  expect([dryEdit.status, dryEdit.body.data]).toEqual([200, dry.body.data]);
  expect(await requestOf(id)).toBe('REFUSE');
  expect(await stored(id)).toEqual(before);
  expect(await outboxAfter(seq)).toEqual([]);
  // Whoever may not send it is refused the dry run as the real call.
  expect((await call('editor', 'POST', `/test-trip/${id}/resubmit?dry_run=1`, {})).status).toBe(403);
  // A dry run of a submit on a refused record: the submit's own 422 (its status does not permit it).
  expect((await call('sender', 'POST', `/test-trip/${id}/submit?dry_run=1`, {})).status).toBe(422);

  // Edited and resubmitted at once: RESUBMIT at level 1, the change kept.
  const title = name('clearer');
  seq = await lastSeq();
  const r = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { title }, description: 'clearer now' });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ title, approval_status: 'RESUBMIT' });
  const view = (await call('sender', 'GET', `/test-trip/${id}/approval`)).body.data;
  expect(view.request).toMatchObject({ status: 'RESUBMIT', current_level: 1, approver_ids: [users.a1] });
  expect(view.steps.map((s: { action: string; comment: string | null }) => [s.action, s.comment])).toEqual([
    ['SUBMIT', null],
    ['REFUSE', 'too vague'],
    ['RESUBMIT', 'clearer now'],
  ]);
  const subjects = await outboxAfter(seq);
  expect(subjects.filter((s) => s === 'portal.implementation.testTrip.updated')).toHaveLength(1);
  expect(subjects.filter((s) => s === 'portal.implementation.testTrip.approval.resubmit')).toHaveLength(1);

  // Cancelled by its sender: resubmitted the same way, its dry run first.
  expect((await call('sender', 'POST', `/test-trip/${id}/cancel`, {})).status).toBe(200);
  expect((await call('sender', 'POST', `/test-trip/${id}/resubmit?dry_run=1`, {})).body.data).toEqual(dry.body.data);
  expect(await requestOf(id)).toBe('CANCELLED');
  const again = await call('sender', 'PUT', `/test-trip/${id}/save-and-submit`, { record: { amount: 150 } });
  expect([again.status, again.body.data.approval_status, again.body.data.amount]).toEqual([200, 'RESUBMIT', 150]);
});
