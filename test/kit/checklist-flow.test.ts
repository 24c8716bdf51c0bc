/**
 * A checklist's fewer steps (issue 32 point 4), in the kit: a new item sent without its place goes to the end (the
 * parent's highest + 1, whatever the declared default), one given keeps it; ticking an item — a one-field write, as the
 * row's checkbox sends it — is an entry of the parent's own history, as are adding, changing and removing one. A service
 * app built here over a real PostgreSQL, called with gateway-signed contexts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '@portal/contracts';
import { LocalBus, contextCodec, createPool, createServiceApp, declaredStatements, migrate } from '@portal/service-kit';
import { dropDatabase, ensureDatabase, withDatabase } from '../../scripts/lib/postgres';
import { callAs, callerContext } from '../support/signed';

const KEY = randomBytes(32).toString('hex');
const codec = contextCodec(KEY);

const job = defineResource({
  name: 'testJob',
  domain: 'implementation',
  path: '/test-job',
  table: 'test_job',
  feature: 'payment',
  label: { vi: 'Việc', en: 'Job' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  fields: {
    title: { type: 'text', label: { vi: 'Tiêu đề', en: 'Title' }, required: true, max: 200 },
    total: { type: 'int', label: { vi: 'Số mục', en: 'Items' }, readonly: true, default: 0 },
    progress: { type: 'int', label: { vi: 'Tiến độ', en: 'Progress' }, readonly: true, default: 0 },
  },
});
const item = defineResource({
  name: 'testJobItem',
  domain: 'implementation',
  path: '/test-job-item',
  table: 'test_job_item',
  feature: 'payment',
  label: { vi: 'Mục', en: 'Item' },
  titleField: 'name',
  defaultOrder: 'pos asc',
  parent: 'job_id',
  scope: { via: 'job_id' },
  checklist: { done: 'done', total: 'total', progress: 'progress', order: 'pos' },
  fields: {
    job_id: { type: 'ref', ref: 'testJob', label: { vi: 'Việc', en: 'Job' }, required: true, filter: true },
    name: { type: 'text', label: { vi: 'Nội dung', en: 'Item' }, required: true, max: 200, list: true },
    done: { type: 'bool', label: { vi: 'Xong', en: 'Done' }, default: false, list: true },
    pos: { type: 'int', label: { vi: 'Thứ tự', en: 'Order' }, default: 0, min: 0, max: 999, sort: true },
  },
});

let pool: Pool;
let app: FastifyInstance;
let base: string;
let dbName: string;
const me = randomUUID();
const call = (method: string, path: string, body?: unknown) => callAs(base, codec, callerContext({ userId: me }), method, path, body);
/** The parent's history as the kit wrote it (activity entries about the job), oldest first. */
const historyOf = async (id: string) =>
  (
    await pool.query<{ d: { description: string | null; action: string; feature: string } }>(
      `SELECT payload AS d FROM outbox WHERE subject = 'portal.implementation.activity.logged' AND payload->>'context' = 'testJob' AND payload->>'record_id' = $1 ORDER BY seq`,
      [id],
    )
  ).rows.map((r) => r.d);

beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL!;
  dbName = `t_checklist_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(admin, dbName);
  pool = createPool(withDatabase(admin, dbName), 8);
  await migrate(pool, join(__dirname, '..', 'no-service-migrations'));
  for (const s of declaredStatements([job, item])) await pool.query(s.sql);
  ({ app } = await createServiceApp({ domain: 'implementation', pool, bus: new LocalBus(), internalKey: KEY, resources: [job, item], logger: false }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await dropDatabase(process.env.TEST_DATABASE_URL!, dbName);
});

test('a new item goes to the end; one given its place keeps it; the list reads in that order', async () => {
  const j = (await call('POST', '/test-job', { title: 'inspect' })).body.data;
  const add = async (name: string, extra: Record<string, unknown> = {}) => (await call('POST', '/test-job-item', { job_id: j.id, name, ...extra })).body.data;
  expect((await add('first')).pos).toBe(1);
  expect((await add('second')).pos).toBe(2);
  expect((await add('on top', { pos: 0 })).pos).toBe(0);
  expect((await add('last')).pos).toBe(3);
  // Another job's items have places of their own.
  const other = (await call('POST', '/test-job', { title: 'other' })).body.data;
  expect((await call('POST', '/test-job-item', { job_id: other.id, name: 'x' })).body.data.pos).toBe(1);
  const list = (await call('GET', `/test-job-item?f_job_id=${j.id}`)).body.data.items.map((r: { name: string }) => r.name);
  expect(list).toEqual(['on top', 'first', 'second', 'last']);
});

test("ticking, unticking, changing and removing an item are entries of the parent's history", async () => {
  const j = (await call('POST', '/test-job', { title: 'handover' })).body.data;
  const it = (await call('POST', '/test-job-item', { job_id: j.id, name: 'photos' })).body.data;
  // The row's checkbox: one field.
  const ticked = await call('PUT', `/test-job-item/${it.id}`, { done: true });
  expect([ticked.status, ticked.body.data.done]).toEqual([200, true]);
  expect((await call('GET', `/test-job/${j.id}`)).body.data).toMatchObject({ total: 1, progress: 100 });
  await call('PUT', `/test-job-item/${it.id}`, { done: false });
  await call('PUT', `/test-job-item/${it.id}`, { name: 'photos after' });
  // A write that changes nothing adds nothing.
  await call('PUT', `/test-job-item/${it.id}`, { name: 'photos after' });
  await call('DELETE', `/test-job-item/${it.id}`);
  const entries = (await historyOf(j.id)).map((e) => [e.action, e.description, e.feature]);
  expect(entries).toEqual([
    ['create', null, 'payment'],
    ['update', 'checklist.added: photos', 'payment'],
    ['update', 'checklist.done: photos', 'payment'],
    ['update', 'checklist.undone: photos', 'payment'],
    ['update', 'checklist.changed: photos after', 'payment'],
    ['update', 'checklist.removed: photos after', 'payment'],
  ]);
});
