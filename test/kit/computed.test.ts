/**
 * Computed fields (contracts FieldDef.computed; service-kit schema/ddl.ts) on a test-only resource over a real
 * PostgreSQL: the value is the database's generated column, in the row after a create and after an edit of what it
 * reads; input naming it is ignored (a readonly field); lists sort and filter on it; exports show it, import templates
 * do not ask for it. The migration generator turns a plain column into a computed one (and back) on a table holding
 * rows, its index kept; declarations that cannot hold are refused.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { defineResource, f, type ResourceDef } from '@portal/contracts';
import { declaredStatements, diffMigration, type Snapshot } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';
import { callerContext } from '../support/signed';

const journey = defineResource({
  name: 'testJourney',
  domain: 'admin',
  path: '/test-journey',
  table: 'test_journey',
  feature: 'book_car',
  label: { vi: 'Hành trình', en: 'Journey' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  fields: {
    name: f.text({ vi: 'Tên', en: 'Name' }, { required: true, list: true, search: true }),
    km_start: f.int({ vi: 'Số km lúc đi', en: 'Odometer out' }, { required: true, min: 0 }),
    km_end: f.int({ vi: 'Số km lúc về', en: 'Odometer back' }, { min: 0 }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From' }, { required: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To' }, { required: true }),
    // Declared before the fields it reads on purpose: its column is still added after them.
    distance: f.int(
      { vi: 'Quãng đường (km)', en: 'Distance (km)' },
      { readonly: true, list: true, sort: true, filter: true, computed: { sql: 'km_end - km_start', from: ['km_start', 'km_end'] } },
    ),
    days: f.int({ vi: 'Số ngày', en: 'Days' }, { readonly: true, sort: true, computed: { sql: '(to_date - from_date) + 1', from: ['from_date', 'to_date'] } }),
  },
});

let s: KitService;
const me = randomUUID();
const tag = randomUUID().slice(0, 6);
const make = (name: string, km_start: number, km_end: number | null, extra: Record<string, unknown> = {}) =>
  s.call(me, 'POST', '/test-journey', { name: `${name} ${tag}`, km_start, km_end, from_date: '2031-03-01', to_date: '2031-03-03', ...extra });

beforeAll(async () => {
  s = await startKitService({ domain: 'admin', resources: [journey] });
});
afterAll(async () => {
  await s?.close();
});

test('a computed field is a stored generated column, added after the columns it reads, indexed when listed by it', () => {
  const sql = declaredStatements([journey]).map((x) => x.sql);
  const distance = 'ALTER TABLE test_journey ADD COLUMN distance integer GENERATED ALWAYS AS (km_end - km_start) STORED;';
  expect(sql).toContain(distance);
  expect(sql).toContain('ALTER TABLE test_journey ADD COLUMN days integer GENERATED ALWAYS AS ((to_date - from_date) + 1) STORED;');
  expect(sql.indexOf(distance)).toBeGreaterThan(sql.indexOf('ALTER TABLE test_journey ADD COLUMN km_end integer;'));
  expect(sql).toContain('CREATE INDEX ix_test_journey__distance ON test_journey (distance);');
});

test('the value is in the row after a create and after an edit of what it reads; input naming it is ignored', async () => {
  const made = await make('Đi Vũng Tàu', 1000, 1125, { distance: 5, days: 99 });
  expect(made.status).toBe(200);
  expect(made.body.data).toMatchObject({ km_start: 1000, km_end: 1125, distance: 125, days: 3 });
  const id = made.body.data.id;
  const edited = await s.call(me, 'PUT', `/test-journey/${id}`, { km_end: 1200, to_date: '2031-03-10', distance: 1 });
  expect(edited.status).toBe(200);
  expect(edited.body.data).toMatchObject({ km_end: 1200, distance: 200, days: 10 });
  // Only the computed field sent: nothing to write, the row as it was.
  const alone = await s.call(me, 'PUT', `/test-journey/${id}`, { distance: 7 });
  expect([alone.status, alone.body.data.distance]).toEqual([200, 200]);
  expect((await s.call(me, 'GET', `/test-journey/${id}`)).body.data).toMatchObject({ distance: 200, days: 10 });
  // A reading not yet taken: no distance, as SQL has it.
  expect((await make('Chưa về', 500, null)).body.data.distance).toBeNull();
  // The database refuses any other writer too.
  await expect(s.pool.query('UPDATE test_journey SET distance = 3 WHERE id = $1', [id])).rejects.toThrow(/can only be updated to DEFAULT/);
});

test('lists sort and filter on a computed field', async () => {
  for (const [name, a, b] of [
    ['Ngắn', 0, 40],
    ['Dài', 0, 900],
    ['Vừa', 100, 400],
  ] as const)
    expect((await make(name, a, b)).status).toBe(200);
  const names = async (query: string) => {
    const res = await s.call(me, 'GET', `/test-journey?q=${tag}&limit=300&${query}`);
    expect([query, res.status]).toEqual([query, 200]);
    return (res.body.data.items as { name: string; distance: number | null }[]).filter((x) => x.distance !== null).map((x) => x.name.split(' ')[0]);
  };
  expect(await names('order=distance%20asc')).toEqual(['Ngắn', 'Đi', 'Vừa', 'Dài']);
  expect(await names('order=distance%20desc')).toEqual(['Dài', 'Vừa', 'Đi', 'Ngắn']);
  expect(await names('f_distance=300')).toEqual(['Vừa']);
  expect(await names('f_distance=40,900&order=distance%20asc')).toEqual(['Ngắn', 'Dài']);
  const bad = await s.call(me, 'GET', '/test-journey?f_distance=far');
  expect([bad.status, bad.body.errors]).toEqual([400, [{ path: 'f_distance', message: 'Value is invalid' }]]);
});

test('an export shows the computed values; an import template does not ask for them', async () => {
  const ctx = callerContext({ userId: me, ability: [{ action: 'manage', subject: 'book_car' }] });
  const get = (path: string) => fetch(`${s.base}/api/v1${path}`, { headers: { 'x-portal-context': s.codec.sign(ctx) } });
  const sheet = async (path: string) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  };
  const exported = await sheet(`/test-journey/export?q=${encodeURIComponent(`Ngắn ${tag}`)}`);
  const headers = (exported.getRow(1).values as unknown[]).slice(1);
  expect(headers).toEqual(expect.arrayContaining(['Quãng đường (km)', 'Số ngày']));
  expect(exported.getRow(2).getCell(headers.indexOf('Quãng đường (km)') + 1).value).toBe(40);
  const template = (await sheet('/test-journey/import-template')).getRow(1).values as unknown[];
  expect(template).not.toContain('Quãng đường (km)');
  expect(template).toContain('Số km lúc về');
});

test('npm run migration:gen makes a plain column computed on a table holding rows (its index kept), and a computed one plain again', async () => {
  const plainFields = Object.fromEntries(Object.entries(journey.fields).map(([k, v]) => [k, { ...v, computed: undefined }]));
  const legacy = (fields: ResourceDef['fields']) => defineResource({ ...journey, name: 'testLegacy', path: '/test-legacy', table: 'test_legacy', fields });
  const plain = legacy(plainFields);
  const computed = legacy(journey.fields);
  const snapshotOf = (def: ResourceDef): Snapshot => Object.fromEntries(declaredStatements([def]).map((x) => [x.id, x.sql]));
  for (const st of declaredStatements([plain])) await s.pool.query(st.sql);
  await s.pool.query(
    `INSERT INTO test_legacy (name, km_start, km_end, from_date, to_date, distance, days) VALUES ('a', 10, 70, '2031-01-01', '2031-01-02', 999, 0)`,
  );

  const up = diffMigration([computed], snapshotOf(plain));
  expect(up.changed).toEqual([]);
  expect(up.sql.split('\n')).toEqual([
    'ALTER TABLE test_legacy DROP COLUMN distance;',
    'ALTER TABLE test_legacy ADD COLUMN distance integer GENERATED ALWAYS AS (km_end - km_start) STORED;',
    'ALTER TABLE test_legacy DROP COLUMN days;',
    'ALTER TABLE test_legacy ADD COLUMN days integer GENERATED ALWAYS AS ((to_date - from_date) + 1) STORED;',
    'CREATE INDEX ix_test_legacy__distance ON test_legacy (distance);',
    'CREATE INDEX ix_test_legacy__days ON test_legacy (days);',
  ]);
  expect(up.snapshot).toEqual(snapshotOf(computed));
  await s.pool.query(`BEGIN; ${up.sql} COMMIT;`);
  expect((await s.pool.query('SELECT distance, days FROM test_legacy')).rows).toEqual([{ distance: 60, days: 2 }]);
  const indexes = (await s.pool.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'test_legacy'`)).rows.map((r) => r.indexname);
  expect(indexes).toEqual(expect.arrayContaining(['ix_test_legacy__distance', 'ix_test_legacy__days']));
  expect(diffMigration([computed], up.snapshot).sql).toBe('');

  const down = diffMigration([plain], up.snapshot);
  expect(down.sql.split('\n')).toEqual([
    'ALTER TABLE test_legacy ALTER COLUMN distance DROP EXPRESSION;',
    'ALTER TABLE test_legacy ALTER COLUMN days DROP EXPRESSION;',
  ]);
  await s.pool.query(down.sql);
  await s.pool.query('UPDATE test_legacy SET distance = 5');
  expect((await s.pool.query('SELECT distance, days FROM test_legacy')).rows).toEqual([{ distance: 5, days: 2 }]);
});

test('a computed field must be readonly, read only other, uncomputed fields it names, and is never a field the kit writes', () => {
  const withField =
    (extra: Record<string, ReturnType<typeof f.int>>, more: Partial<ResourceDef> = {}) =>
    () =>
      defineResource({ ...journey, ...more, fields: { ...journey.fields, ...extra } } as ResourceDef);
  const c = (sql: string, from: string[], opts: Record<string, unknown> = {}) =>
    f.int({ vi: 'x', en: 'x' }, { readonly: true, computed: { sql, from }, ...opts });
  expect(withField({ x: f.int({ vi: 'x', en: 'x' }, { computed: { sql: 'km_end - km_start', from: ['km_start', 'km_end'] } }) })).toThrow(/readonly/);
  expect(withField({ x: c('km_end - km_start', ['km_start']) })).toThrow(/reads km_end: name it in computed.from/);
  expect(withField({ x: c('km_end', ['km_end', 'name']) })).toThrow(/from name does not appear/);
  expect(withField({ x: c('distance * 2', ['distance']) })).toThrow(/computed itself/);
  expect(withField({ x: c('km_end; DROP TABLE staff', ['km_end']) })).toThrow(/one SQL expression/);
  expect(withField({ x: c('km_end', ['nope']) })).toThrow(/not another field/);
  expect(withField({ x: c('km_end', ['km_end'], { default: 1 }) })).toThrow(/readonly, not required, without default/);
  const flagged = withField(
    { late: f.bool({ vi: 'Trễ', en: 'Late' }, { readonly: true, computed: { sql: 'km_end > km_start', from: ['km_start', 'km_end'] } }) } as never,
    { deadline: { field: 'to_date', flag: 'late', notify: [] } },
  );
  expect(flagged).toThrow(/late is written by the kit/);
});
