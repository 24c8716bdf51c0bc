/**
 * Rules a resource declares and the kit enforces, on a test-only resource over real HTTP and a
 * real PostgreSQL: defaults, uniqueness over several fields, generated codes (gapless, per year, concurrent creates,
 * hand-typed codes passed over), a filterable list of references, and what an export reads.
 */
import { randomUUID } from 'node:crypto';
import { codePattern, companyDayOf, defineResource, f, formatCode } from '@portal/contracts';
import { declaredStatements, exportQuery, nextCode, Params, parseListQuery } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';
import { callerContext } from '../support/signed';

const ticket = defineResource({
  name: 'testTicket',
  domain: 'admin',
  path: '/test-ticket',
  table: 'test_ticket',
  feature: 'ticket',
  label: { vi: 'Phiếu thử', en: 'Test ticket' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  unique: [['room', 'year']],
  fields: {
    code: f.code({ vi: 'Mã', en: 'Code' }, { generate: { pattern: 'TK-{n:4}' } }),
    number: f.text({ vi: 'Số phiếu', en: 'Number' }, { readonly: true, list: true, generate: { pattern: 'PY{yy}-{n:3}' } }),
    title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { required: true, list: true }),
    room: f.text({ vi: 'Phòng', en: 'Room' }, { list: true }),
    year: f.int({ vi: 'Năm', en: 'Year' }, { min: 2000, max: 2200 }),
    priority: f.enum(['LOW', 'HIGH'], { vi: 'Mức ưu tiên', en: 'Priority' }, { required: true, default: 'LOW' }),
    opened: f.date({ vi: 'Ngày mở', en: 'Opened' }, { default: 'today' }),
    watchers: f.refs('testTicket', { vi: 'Liên quan', en: 'Related' }, { filter: true }),
  },
});

let s: KitService;
const me = randomUUID();
const post = (body: Record<string, unknown>, lang: 'vi' | 'en' = 'en') => s.call({ userId: me, lang }, 'POST', '/test-ticket', body);

beforeAll(async () => {
  // The DDL of a filterable `refs` field applies (it once emitted two indexes of the same name).
  s = await startKitService({ domain: 'admin', resources: [ticket], poolSize: 12 });
});
afterAll(async () => s?.close());

test('a filterable list of references gets one GIN index, and filters by overlap', async () => {
  const ids = declaredStatements([ticket]).map((x) => x.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(
    declaredStatements([ticket])
      .filter((x) => x.id === 'index:ix_test_ticket__watchers')
      .map((x) => x.sql),
  ).toEqual(['CREATE INDEX ix_test_ticket__watchers ON test_ticket USING gin (watchers);']);
  const a = (await post({ title: 'a' })).body.data.id;
  const b = (await post({ title: 'b', watchers: [a] })).body.data.id;
  const list = await s.call(me, 'GET', `/test-ticket?f_watchers=${a}`);
  expect(list.body.data.items.map((r: { id: string }) => r.id)).toEqual([b]);
});

test('a create that leaves fields out takes their declared defaults; a required field with a default may be left out', async () => {
  const r = await post({ title: 'defaults' });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ priority: 'LOW', opened: companyDayOf(new Date()) });
  const given = await post({ title: 'given', priority: 'HIGH', opened: '2026-01-02' });
  expect(given.body.data).toMatchObject({ priority: 'HIGH', opened: '2026-01-02' });
  // An update never falls back to the default; a required field is still refused blank.
  const upd = await s.call(me, 'PUT', `/test-ticket/${given.body.data.id}`, { priority: null });
  expect(upd.status).toBe(400);
});

test("a combination declared unique is refused with a 409 naming its last field, in the caller's language; an inactive row frees it", async () => {
  expect((await post({ title: 'u1', room: 'P.101', year: 2030 })).status).toBe(200);
  const dup = await post({ title: 'u2', room: 'p.101', year: 2030 });
  expect([dup.status, dup.body.message, dup.body.errors]).toEqual([409, 'Year already exists', [{ path: 'year', message: 'Year already exists' }]]);
  const vi = await post({ title: 'u2', room: 'P.101', year: 2030 }, 'vi');
  expect([vi.status, vi.body.message]).toEqual([409, 'Năm đã tồn tại']);
  // Another year, or another room, is another combination.
  expect((await post({ title: 'u3', room: 'P.101', year: 2031 })).status).toBe(200);
  const other = await post({ title: 'u4', room: 'P.102', year: 2030 });
  expect(other.status).toBe(200);
  // An update into a taken combination is refused the same way.
  const move = await s.call(me, 'PUT', `/test-ticket/${other.body.data.id}`, { room: 'P.101' });
  expect([move.status, move.body.message]).toEqual([409, 'Year already exists']);
  const first = (await s.pool.query(`SELECT id FROM test_ticket WHERE room = 'P.101' AND year = 2030`)).rows[0].id;
  expect((await s.call(me, 'DELETE', `/test-ticket/${first}`)).status).toBe(200);
  expect((await post({ title: 'u5', room: 'P.101', year: 2030 })).status).toBe(200);
});

test("generated codes: the pattern's next number when left blank, a typed one kept, a typed one passed over, gapless under concurrent creates", async () => {
  await s.pool.query(`TRUNCATE test_ticket, code_counter`);
  // Codes typed by hand before: the series continues after the highest of the pattern.
  expect((await post({ title: 'typed', code: 'TK-0041' })).body.data.code).toBe('TK-0041');
  expect((await post({ title: 'other pattern', code: 'OTHER-9000' })).body.data.code).toBe('OTHER-9000');
  expect((await post({ title: 'next' })).body.data.code).toBe('TK-0042');
  // A code typed for a number still ahead of the series is passed over when the series reaches it.
  expect((await post({ title: 'ahead', code: 'tk-0043' })).body.data.code).toBe('tk-0043');
  expect((await post({ title: 'after' })).body.data.code).toBe('TK-0044');
  // A refused create gives its number back (taken inside the transaction).
  expect((await post({ title: 'x'.repeat(2000) })).status).toBe(400);
  await s.pool.query(
    `CREATE FUNCTION refuse_test_ticket() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.title = 'refused' THEN RAISE EXCEPTION 'no' USING ERRCODE = '22P02'; END IF; RETURN NEW; END $$`,
  );
  await s.pool.query(`CREATE TRIGGER refuse BEFORE INSERT ON test_ticket FOR EACH ROW EXECUTE FUNCTION refuse_test_ticket()`);
  expect((await post({ title: 'refused' })).status).toBe(400);
  expect((await post({ title: 'after refusal' })).body.data.code).toBe('TK-0045');
  // Twenty creates at once: twenty different codes, no gap.
  const many = await Promise.all(Array.from({ length: 20 }, (_, i) => post({ title: `c${i}` })));
  expect(many.map((r) => r.status)).toEqual(Array(20).fill(200));
  const codes = many.map((r) => r.body.data.code as string).sort();
  expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => `TK-${String(46 + i).padStart(4, '0')}`));
  // A readonly generated field is the server's alone; its yearly series carries the year.
  const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
  const numbers = (await s.pool.query(`SELECT number FROM test_ticket WHERE number IS NOT NULL ORDER BY number`)).rows.map((r) => r.number);
  expect(numbers[0]).toBe(`PY${yy}-001`);
  expect(new Set(numbers).size).toBe(numbers.length);
  const forced = await post({ title: 'forced', number: 'PY00-999' });
  expect(forced.body.data.number).not.toBe('PY00-999');
});

test('a yearly pattern starts again each year', async () => {
  const client = await s.pool.connect();
  try {
    const at = (y: number) => nextCode(client, ticket, 'number', {}, new Date(Date.UTC(y, 5, 1)));
    expect([await at(2027), await at(2027), await at(2028), await at(2027)]).toEqual(['PY27-001', 'PY27-002', 'PY28-001', 'PY27-003']);
  } finally {
    client.release();
  }
  expect(codePattern('QĐ{yyyy}-{n:3}')).toEqual({ width: 3, yearly: true });
  expect(formatCode('QĐ{yyyy}-{n:3}', 7, 2027)).toBe('QĐ2027-007');
  expect(() =>
    defineResource({ ...ticket, name: 'bad', fields: { ...ticket.fields, code: f.code({ vi: 'Mã', en: 'Code' }, { generate: { pattern: 'TK-{n}-{n}' } }) } }),
  ).toThrow(/exactly one \{n\}/);
  expect(() => defineResource({ ...ticket, name: 'bad', unique: [['room']] })).toThrow(/at least two fields/);
  expect(() =>
    defineResource({ ...ticket, name: 'bad', fields: { ...ticket.fields, priority: f.enum(['LOW'], { vi: 'x', en: 'x' }, { default: 'MID' }) } }),
  ).toThrow(/default/);
});

test('an export reads the exported fields only, never a column a service added to the table by hand', () => {
  const lq = parseListQuery(ticket, {});
  const sql = exportQuery(ticket, lq, callerContext({ userId: me }), new Map([[ticket.name, ticket]]), new Params());
  expect(sql).not.toMatch(/t\.\*/);
  expect(sql).toMatch(/^SELECT t\.id, t\.state, .*t\.watchers/);
});
