/**
 * Deep pages and totals of the list contract (ResourceRepository.list, resource/counts.ts): a page past the first
 * anchor is exactly the rows a plain OFFSET gives, before and after the anchors are computed — with ties in the order's first column, microseconds in its
 * values, filters, the department head's scope and every NOT NULL order — and a write shows at once in totals and pages.
 */
import type { Pool } from 'pg';
import { DEMO_PASSWORD, eventually, startTestStack, type Api, type TestStack } from './support/stack';

let s: TestStack;
let admin: Api;
let head: Api;
let hr: Pool;
let scopeDepts: string[];
let headStaffId: string;
beforeAll(async () => {
  s = await startTestStack({ demo: true });
  admin = s.api(await s.adminToken());
  const signed = await s.signIn('head.kttc@portal.local', DEMO_PASSWORD);
  head = s.api(signed.accessToken);
  headStaffId = signed.body.data.userStaff.id;
  hr = s.services.hr!.pool;
  const { rows } = await hr.query<{ id: string; code: string }>(`SELECT id, code FROM organization WHERE code IN ('KTTC', 'BCH', 'KD', 'MEP')`);
  const ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  scopeDepts = [ids.KTTC!, ids.BCH!];
  // 1,500 staff over four departments: seven at a time share a created_date, some differ only by microseconds.
  await hr.query(
    `
    INSERT INTO staff (code, full_name, department_id, status, created_date, updated_date)
    SELECT 'PG' || i, 'Trang ' || i, ($1::uuid[])[1 + i % 4], (ARRAY['OFFICIAL','PROBATION','LEAVE'])[1 + i % 3],
      timestamptz '2021-03-01 08:00:00+07' + (i / 7) * interval '1 hour' + (i % 2) * interval '1 microsecond',
      timestamptz '2022-01-01 00:00:00+07' + (i % 50) * interval '1 minute'
    FROM generate_series(1, 1500) i`,
    [[ids.KTTC, ids.BCH, ids.KD, ids.MEP]],
  );
  // The demo company's events are all out (each one starts a new generation of totals and anchors).
  await eventually(async () => expect(Number((await hr.query(`SELECT count(*) AS n FROM outbox WHERE published_at IS NULL`)).rows[0].n)).toBe(0), 15_000);
});
afterAll(async () => {
  await s?.close();
});

const ids = (items: { id: string }[]) => items.map((x) => x.id);

/**
 * A page asked for twice: the first time a list's anchors are computed in the background (that answer comes from a
 * plain OFFSET), the second answer starts from an anchor. Both must be the same rows.
 */
async function twice(api: Api, path: string): Promise<string[]> {
  const first = await api.get(path);
  expect(first.status).toBe(200);
  await new Promise((r) => setTimeout(r, 150));
  const second = await api.get(path);
  expect(ids(second.body.data.items)).toEqual(ids(first.body.data.items));
  return ids(second.body.data.items);
}

async function plain(where: string, order: string, offset: number, limit: number, values: unknown[] = []) {
  const { rows } = await hr.query<{ id: string }>(
    `SELECT t.id FROM staff t WHERE t.state = 'ACTIVE' ${where} ORDER BY ${order}, t.id ASC LIMIT ${limit} OFFSET ${offset}`,
    values,
  );
  return rows.map((r) => r.id);
}

const ORDERS: [query: string, sql: string][] = [
  ['', 't.created_date DESC'],
  ['&order=created_date%20asc', 't.created_date ASC'],
  ['&order=updated_date%20desc', 't.updated_date DESC'],
  ['&order=updated_date%20asc,created_date%20desc', 't.updated_date ASC, t.created_date DESC'],
  ['&order=state%20asc,created_date%20desc', 't.state ASC, t.created_date DESC'],
];

test.each(ORDERS)('admin, order%s: every deep page is the plain OFFSET page', async (query, sql) => {
  for (const [page, limit] of [
    [6, 40],
    [13, 40],
    [27, 50],
    [38, 40],
    [5, 300],
    [2, 300],
    [40, 40],
  ] as const) {
    expect(await twice(admin, `/staff?page=${page}&limit=${limit}${query}`)).toEqual(await plain('', sql, (page - 1) * limit, limit));
  }
});

test('admin, filtered: deep pages of f_status are the plain OFFSET pages', async () => {
  for (const page of [6, 9, 12]) {
    expect(await twice(admin, `/staff?page=${page}&limit=40&f_status=PROBATION`)).toEqual(
      await plain(`AND t.status = 'PROBATION'`, 't.created_date DESC', (page - 1) * 40, 40),
    );
  }
});

test('department head: deep pages within the scope are the plain OFFSET pages', async () => {
  const where = 'AND (t.department_id = ANY($1::uuid[]) OR t.id = $2)';
  const total = (await head.get('/staff?limit=10')).body.data.totalRows as number;
  expect(total).toBe(Number((await hr.query(`SELECT count(*) AS n FROM staff t WHERE t.state = 'ACTIVE' ${where}`, [scopeDepts, headStaffId])).rows[0].n));
  for (const page of [6, 10, Math.ceil(total / 40)]) {
    expect(await twice(head, `/staff?page=${page}&limit=40`)).toEqual(
      await plain(where, 't.created_date DESC', (page - 1) * 40, 40, [scopeDepts, headStaffId]),
    );
  }
});

test('a write shows at once: the total and the deep pages after a create and a delete', async () => {
  const before = (await admin.get('/staff?page=20&limit=40')).body.data;
  const created = await admin.post('/staff', { code: 'PG-NEW', full_name: 'Mới Tạo' });
  expect(created.status).toBe(200);
  const after = (await admin.get('/staff?page=20&limit=40')).body.data;
  expect(after.totalRows).toBe(before.totalRows + 1);
  // The newest record comes first: every later row moves down by one (and the anchors of before the write are gone).
  expect(ids(after.items)).toEqual(await plain('', 't.created_date DESC', 19 * 40, 40));
  expect(ids(after.items)[1]).toBe(ids(before.items)[0]);
  expect(await twice(admin, '/staff?page=20&limit=40')).toEqual(ids(after.items));
  expect((await admin.del(`/staff/${created.body.data.id}`)).status).toBe(200);
  const again = (await admin.get('/staff?page=20&limit=40')).body.data;
  expect(again.totalRows).toBe(before.totalRows);
  expect(ids(again.items)).toEqual(ids(before.items));
});

test('a page beyond the total is empty, not an error', async () => {
  const res = await admin.get('/staff?page=500&limit=40');
  expect(res.status).toBe(200);
  expect(res.body.data.items).toEqual([]);
});
