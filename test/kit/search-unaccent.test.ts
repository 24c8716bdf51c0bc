/**
 * Search that finds (issue 32, point 2), on a kit service over real HTTP and a real PostgreSQL: a list's `q` ignores
 * accents and case ("nguyen" finds Nguyễn, "quan" finds Quân, "dang" finds Đặng), through the kit's portal_fold and a
 * trigram index over each searchable column; the service's navbar search (`GET /<domain>/search`) answers each findable
 * resource's own list query — a record outside the caller's data scope is not found, a resource the caller may not list
 * answers nothing, and the directory stands in for the staff list only for callers who cannot read it.
 */
import { randomUUID } from 'node:crypto';
import { defineResource, f, resourceByName, searchPath, type Feature, type ResourceDef } from '@portal/contracts';
import { Params, searchCondition, searchIndexName } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';

jest.setTimeout(120_000);

const people = defineResource({
  name: 'testSearchPerson',
  domain: 'admin',
  path: '/test-search-person',
  table: 'test_search_person',
  feature: 'payment',
  label: { vi: 'Người', en: 'Person' },
  titleField: 'full_name',
  defaultOrder: 'full_name asc',
  findable: true,
  scope: { staffDepartment: 'department_id' },
  fields: {
    code: f.code({ vi: 'Mã', en: 'Code' }, { required: true, list: true, search: true }),
    full_name: f.text({ vi: 'Họ tên', en: 'Full name' }, { required: true, list: true, search: true, sort: true }),
    phone: f.phone({ vi: 'Điện thoại', en: 'Phone' }, { list: true, search: true }),
    department_id: f.ref('organization', { vi: 'Phòng', en: 'Department' }, { required: true, list: true, filter: true }),
  },
});
/** The people's directory (as HR's contacts are of staff): found for callers who cannot list the people themselves. */
const directory = defineResource({
  name: 'testSearchDirectory',
  domain: 'admin',
  path: '/test-search-directory',
  table: 'test_search_person',
  feature: 'contact',
  label: { vi: 'Danh bạ', en: 'Directory' },
  titleField: 'full_name',
  defaultOrder: 'full_name asc',
  findable: { insteadOf: 'testSearchPerson' },
  scope: { staffDepartment: 'department_id' },
  projection: { of: 'testSearchPerson' },
  fields: {
    code: f.code({ vi: 'Mã', en: 'Code' }, { list: true, search: true }),
    full_name: f.text({ vi: 'Họ tên', en: 'Full name' }, { list: true, search: true, sort: true }),
    department_id: f.ref('organization', { vi: 'Phòng', en: 'Department' }, { list: true }),
  },
});
const notes = defineResource({
  name: 'testSearchNote',
  domain: 'admin',
  path: '/test-search-note',
  table: 'test_search_note',
  feature: 'ticket',
  label: { vi: 'Ghi chú', en: 'Note' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  findable: true,
  fields: { title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { required: true, list: true, search: true }) },
});

const [D1, D2] = [randomUUID(), randomUUID()];
const admin = { userId: randomUUID(), isAdmin: true };
let svc: KitService;

/** A caller with `view` on these features, limited to department D1 unless `all`. */
const reader = (features: Feature[], all = false) => ({
  userId: randomUUID(),
  ability: features.map((subject) => ({ action: 'view' as const, subject })),
  staffScope: all ? { type: 'VIEW_ALL' as const, departmentIds: null } : { type: 'VIEW_SPECIFIC_DEPARTMENT' as const, departmentIds: [D1] },
});

beforeAll(async () => {
  for (const r of [people, directory, notes] as ResourceDef[]) resourceByName.set(r.name, r);
  svc = await startKitService({ domain: 'admin', resources: [people, directory, notes] });
  const add = async (path: string, body: Record<string, unknown>) => {
    const a = await svc.call(admin, 'POST', path, body);
    expect([a.status, a.body.message]).toEqual([200, undefined]);
  };
  await add('/test-search-person', { code: 'NV-A1', full_name: 'Nguyễn Văn An', phone: '0901 111 222', department_id: D1 });
  await add('/test-search-person', { code: 'NV-A2', full_name: 'Trần Minh Quân', department_id: D1 });
  await add('/test-search-person', { code: 'NV-A3', full_name: 'ĐẶNG THỊ HỒNG', department_id: D1 });
  // Typed on a keyboard that sends combining marks (decomposed, NFD): found all the same.
  await add('/test-search-person', { code: 'NV-A4', full_name: 'Lê Thị Thủy'.normalize('NFD'), department_id: D1 });
  await add('/test-search-person', { code: 'NV-B1', full_name: 'Nguyễn Thị Bích', department_id: D2 });
  await add('/test-search-note', { title: 'Họp giao ban tuần' });
});
afterAll(async () => {
  await svc?.close();
  for (const r of [people, directory, notes]) resourceByName.delete(r.name);
});

const names = async (caller: Parameters<KitService['call']>[0], q: string) => {
  const a = await svc.call(caller, 'GET', `/test-search-person?q=${encodeURIComponent(q)}`);
  expect(a.status).toBe(200);
  return (a.body.data.items as { full_name: string }[]).map((x) => x.full_name.normalize('NFC')).sort();
};

test('a list finds accented names typed without accents, in any case, and stays a substring match', async () => {
  expect(await names(admin, 'nguyen')).toEqual(['Nguyễn Thị Bích', 'Nguyễn Văn An']);
  expect(await names(admin, 'quan')).toEqual(['Trần Minh Quân']);
  expect(await names(admin, 'dang thi')).toEqual(['ĐẶNG THỊ HỒNG']);
  expect(await names(admin, 'thuy')).toEqual(['Lê Thị Thủy']);
  // Typed with accents, or half of them: the same records.
  expect(await names(admin, 'NGUYỄN VĂN')).toEqual(['Nguyễn Văn An']);
  expect(await names(admin, 'Quan')).toEqual(['Trần Minh Quân']);
  // Any searchable field: a code, a phone.
  expect(await names(admin, 'nv-a2')).toEqual(['Trần Minh Quân']);
  expect(await names(admin, '111 222')).toEqual(['Nguyễn Văn An']);
  // LIKE's own characters are text, not wildcards.
  expect(await names(admin, '%')).toEqual([]);
  expect(await names(admin, 'nguy_n')).toEqual([]);
  // The scope of the list still holds: a D1 reader does not find D2's Nguyễn.
  expect(await names(reader(['payment']), 'nguyen')).toEqual(['Nguyễn Văn An']);
});

test('each searchable column has a trigram index over its folded text, and the list q condition is served by them', async () => {
  const { rows } = await svc.pool.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'test_search_person' AND indexname LIKE '%\\_\\_q' ORDER BY indexname`,
  );
  expect(rows.map((r) => r.indexname)).toEqual(['code', 'full_name', 'phone'].map((c) => searchIndexName('test_search_person', c)));
  for (const r of rows) expect(r.indexdef).toMatch(/USING gin \(portal_fold\(\w+\) gin_trgm_ops\)/);
  // The list's own `q` condition (query.ts searchCondition, what whereClause adds for `q`) is served by those indexes: with
  // whole-table scans ruled out, the plan reads each folded column's index (a condition they did not serve would
  // still be a Seq Scan). Whether PostgreSQL prefers them over a scan is its cost estimate: on a table of a few
  // thousand rows a scan costs about as much.
  const p = new Params();
  const condition = searchCondition(people, 'nguyen', p)!;
  const client = await svc.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT t.id FROM test_search_person t WHERE ${condition}`, p.values)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    for (const c of ['code', 'full_name', 'phone']) expect(plan).toContain(`Bitmap Index Scan on ${searchIndexName('test_search_person', c)}`);
    expect(plan).not.toContain('Seq Scan');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
});

const search = async (caller: Parameters<KitService['call']>[0], q: string) => {
  const a = await svc.call(caller, 'GET', `${searchPath('admin')}?q=${encodeURIComponent(q)}`);
  expect(a.status).toBe(200);
  return a.body.data.groups as { resource: string; totalRows: number; items: { id: string; title: string; code: string | null; match: string | null }[] }[];
};
const found = (groups: Awaited<ReturnType<typeof search>>) =>
  Object.fromEntries(groups.map((g) => [g.resource, g.items.map((x) => x.title.normalize('NFC')).sort()]));

test('the search route answers each findable resource as its list would: scope, rights, and the directory instead of staff', async () => {
  // Everything, for a reader of every record.
  expect(found(await search(reader(['payment', 'ticket'], true), 'nguyen'))).toEqual({ testSearchPerson: ['Nguyễn Thị Bích', 'Nguyễn Văn An'] });
  // Outside the caller's data scope: not found (D2's Nguyễn), exactly as the list leaves it out.
  expect(found(await search(reader(['payment', 'ticket']), 'nguyen'))).toEqual({ testSearchPerson: ['Nguyễn Văn An'] });
  // Without the read right on notes, nothing of them; with it, the note.
  expect(found(await search(reader(['payment']), 'giao ban'))).toEqual({});
  expect(found(await search(reader(['ticket']), 'giao ban'))).toEqual({ testSearchNote: ['Họp giao ban tuần'] });
  // A caller who cannot list people finds them through the directory (in scope); one who can is not answered it twice.
  expect(found(await search(reader(['contact']), 'quan'))).toEqual({ testSearchDirectory: ['Trần Minh Quân'] });
  expect(found(await search(reader(['contact', 'payment']), 'quan'))).toEqual({ testSearchPerson: ['Trần Minh Quân'] });
  expect(found(await search(reader(['contact']), 'bich'))).toEqual({});
  // No right at all: nothing.
  expect(await search(reader([]), 'nguyen')).toEqual([]);
});

test('a found record carries its code, the other field that matched, and the list total; short text finds nothing', async () => {
  const [group] = await search(reader(['payment'], true), '0901');
  expect(group).toEqual({ resource: 'testSearchPerson', totalRows: 1, items: [expect.objectContaining({ code: 'NV-A1', match: '0901 111 222' })] });
  expect((await search(reader(['payment'], true), 'nv-a'))[0]!.totalRows).toBe(4);
  expect(await search(reader(['payment'], true), 'n')).toEqual([]);
  expect(await search(reader(['payment'], true), '')).toEqual([]);
  // Not signed in: refused, as every /api/v1 route.
  const res = await fetch(`${svc.base}/api/v1${searchPath('admin')}?q=nguyen`);
  expect(res.status).toBe(401);
});
