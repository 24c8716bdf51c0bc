/**
 * Declared bulk actions (service-kit resource/bulk.ts) on a test-only resource: create, delete and status
 * moves, each all or nothing with the errors of every row. Candidates use them (test/hr/recruitment.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { defineResource, f, resourceRoutes } from '@portal/contracts';
import { AppError } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';

const asset = defineResource({
  name: 'testBulkAsset',
  domain: 'assets',
  path: '/test-bulk-asset',
  table: 'test_bulk_asset',
  feature: 'ticket',
  label: { vi: 'Tài sản', en: 'Asset' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  workflow: { field: 'status', moves: { IN_STOCK: ['IN_USE', 'BROKEN'], IN_USE: ['IN_STOCK', 'BROKEN'], BROKEN: [] } },
  bulk: { create: true, delete: true, status: true },
  fields: {
    code: f.code({ vi: 'Mã', en: 'Code' }),
    name: f.text({ vi: 'Tên', en: 'Name' }, { required: true, list: true }),
    site: f.text({ vi: 'Công trường', en: 'Site' }, { list: true }),
    status: f.enum(
      ['IN_STOCK', 'IN_USE', 'BROKEN'],
      { vi: 'Tình trạng', en: 'Status' },
      {
        readonly: true,
        default: 'IN_STOCK',
        valueLabels: {
          IN_STOCK: { vi: 'Trong kho', en: 'In stock' },
          IN_USE: { vi: 'Đang dùng', en: 'In use' },
          BROKEN: { vi: 'Hỏng', en: 'Broken' },
        },
      },
    ),
  },
});

let s: KitService;
const me = randomUUID();
const post = (path: string, body: unknown) => s.call({ userId: me, lang: 'en' }, 'POST', `/test-bulk-asset${path}`, body);
const count = async () =>
  (await s.pool.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'ACTIVE')::int AS active FROM test_bulk_asset`)).rows[0] as {
    n: number;
    active: number;
  };

beforeAll(async () => {
  s = await startKitService({
    domain: 'assets',
    resources: [asset],
    // An asset named "locked" cannot be deleted: one refused row of a bulk delete.
    hooks: {
      testBulkAsset: {
        beforeDelete: (row) => {
          if (row.name === 'locked') throw new AppError(422, 'inactive_record');
        },
      },
    },
  });
});
afterAll(async () => s?.close());

test('the bulk routes exist only where declared', () => {
  expect(
    resourceRoutes(asset)
      .filter((r) => r.path.includes('/bulk-'))
      .map((r) => `${r.method} ${r.path} ${typeof r.access === 'object' ? r.access.action : ''}`),
  ).toEqual(['POST /test-bulk-asset/bulk-create add', 'POST /test-bulk-asset/bulk-delete delete', 'POST /test-bulk-asset/bulk-status edit']);
  const { bulk: _none, ...plain } = asset;
  expect(resourceRoutes(defineResource({ ...plain, name: 'plain' })).some((r) => r.path.includes('/bulk-'))).toBe(false);
  expect(() => defineResource({ ...plain, workflow: undefined, name: 'bad', bulk: { status: true } })).toThrow(/needs a workflow/);
});

test('bulk create: every item checked first, then written with the shared fields; any error writes nothing', async () => {
  const before = await count();
  const bad = await post('/bulk-create', { site: 'CT-1', items: [{ code: 'A-1', name: 'ok' }, { code: 'A-2' }, { code: 'bad code!', name: 'x' }] });
  expect([bad.status, bad.body.message]).toEqual([400, 'There are 2 errors; nothing was created']);
  expect(bad.body.errors!.map((e) => e.path)).toEqual(['items.1.name', 'items.2.code']);
  // A duplicate within the batch, or of a row already there: found when written, reported on its item.
  const dup = await post('/bulk-create', {
    items: [
      { code: 'A-1', name: 'one' },
      { code: 'a-1', name: 'two' },
    ],
  });
  expect([dup.status, dup.body.errors]).toEqual([400, [{ path: 'items.1.code', message: 'Code already exists' }]]);
  expect((await post('/bulk-create', { items: Array.from({ length: 201 }, (_, i) => ({ code: `M-${i}`, name: 'm' })) })).body.errors![0].path).toBe('items');
  expect((await post('/bulk-create', { items: [] })).status).toBe(400);
  expect(await count()).toEqual(before);
  const ok = await post('/bulk-create', {
    site: 'CT-1',
    items: [
      { code: 'B-1', name: 'one' },
      { code: 'B-2', name: 'two', site: 'ignored: the body shares CT-1' },
    ],
  });
  expect([ok.status, ok.body.data.created]).toEqual([200, 2]);
  expect(ok.body.data.items.map((x: any) => [x.code, x.site, x.status])).toEqual([
    ['B-1', 'CT-1', 'IN_STOCK'],
    ['B-2', 'CT-1', 'IN_STOCK'],
  ]);
});

test('bulk delete: all or nothing, a refused row named by its place in the list', async () => {
  const made = (
    await post('/bulk-create', {
      items: [
        { code: 'D-1', name: 'a' },
        { code: 'D-2', name: 'locked' },
        { code: 'D-3', name: 'c' },
      ],
    })
  ).body.data.items.map((x: any) => x.id);
  const refused = await post('/bulk-delete', { ids: made });
  expect([refused.status, refused.body.message, refused.body.errors]).toEqual([
    400,
    'There is 1 error; nothing was changed',
    [{ path: 'ids.1', message: 'The record is inactive' }],
  ]);
  expect((await s.pool.query(`SELECT count(*)::int AS n FROM test_bulk_asset WHERE id = ANY($1::uuid[]) AND state = 'ACTIVE'`, [made])).rows[0].n).toBe(3);
  const unknown = await post('/bulk-delete', { ids: [made[0], randomUUID()] });
  expect([unknown.status, unknown.body.errors!.map((e) => e.path)]).toEqual([400, ['ids.1']]);
  const done = await post('/bulk-delete', { ids: [made[0], made[2], made[0]] });
  expect([done.status, done.body.data.deleted]).toEqual([200, 2]);
  for (const bad of [{}, { ids: 'x' }, { ids: ['not-a-uuid'] }, { ids: [] }]) expect((await post('/bulk-delete', bad)).status).toBe(400);
});

test('bulk status: every record moves, or none; a move the table refuses is reported on its row', async () => {
  const made = (
    await post('/bulk-create', {
      items: [
        { code: 'S-1', name: 'a' },
        { code: 'S-2', name: 'b' },
      ],
    })
  ).body.data.items.map((x: any) => x.id);
  await post(`/${made[1]}/status`, { status: 'BROKEN' });
  const refused = await post('/bulk-status', { ids: made, status: 'IN_USE', note: 'giao công trường' });
  expect([refused.status, refused.body.errors]).toEqual([400, [{ path: 'ids.1', message: 'This asset cannot go from "Broken" to "In use"' }]]);
  expect((await s.call(me, 'GET', `/test-bulk-asset/${made[0]}`)).body.data.status).toBe('IN_STOCK');
  const other = (await post('/bulk-create', { items: [{ code: 'S-3', name: 'c' }] })).body.data.items[0].id;
  const moved = await post('/bulk-status', { ids: [made[0], other], status: 'IN_USE' });
  expect([moved.status, moved.body.data.moved, moved.body.data.items.map((x: any) => x.status)]).toEqual([200, 2, ['IN_USE', 'IN_USE']]);
  expect((await post('/bulk-status', { ids: [other], status: 'LOST' })).status).toBe(400);
});
