/**
 * Abuse property: no read path shows the title of a record its reader cannot read.
 *
 * Over every declared resource with a reference to a resource whose titles depend on the reader (query.ts
 * `scopedTitles`: a scope rule and no `publicTitle`), found from the declarations: a generated world of records of the
 * referenced resources in several departments, limited ones naming some readers, and records of the referencing
 * resources pointing at them (written as the administrator, so they point across every scope). Then readers — each
 * data scope, with and without a staff record, each holding the view right on every feature, so "may read" is "may
 * GET" — read the referencing records: every reader's whole list of each (once), then generated cases of list pages
 * (filtered by a reference), details, the xlsx export and the Word export. Every `<field>__title`, `<field>__titles`
 * entry, export cell and Word text is checked against the reader's own GET of the referenced record: its title when that
 * answers 200, nothing (null; the kit's placeholder in an export; absent from a Word file) when it answers 404.
 *
 * Seeded by the commit (ABUSE_SEED replays one: support/depth.ts); TITLE_RUNS sets the generated cases (150 per commit:
 * about ten seconds once the world is built; 600 deep).
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import JSZip from 'jszip';
import { allResources, resourceByName, type FieldDef, type ResourceDef } from '@portal/contracts';
import { scopedTitles } from '@portal/service-kit';
import { sampleBody } from '../support/samples';
import { startTestStack, type Api, type TestStack } from '../support/stack';
import { testedResources } from '../support/resources';
import { casesOf, seedOf, withReplay } from '../support/depth';

const RUNS = casesOf('TITLE_RUNS', 600, 150);
/** What an export prints for a reference without a title (service-kit i18n `title_unavailable`, in Vietnamese). */
const PLACEHOLDER = '(không xem được)';

type Row = Record<string, unknown> & { id: string };
interface Reader {
  key: string;
  api: Api;
  staffId: string | null;
}
/** A referencing resource and its references to resources whose titles are scoped. */
interface Pair {
  r: ResourceDef;
  fields: [string, FieldDef][];
}

const isRef = (f: FieldDef) => (f.type === 'ref' || f.type === 'refs') && Boolean(f.ref);
const PAIRS: Pair[] = testedResources
  .map((r) => ({ r, fields: Object.entries(r.fields).filter(([, f]) => isRef(f) && resourceByName.has(f.ref!) && scopedTitles(resourceByName.get(f.ref!)!)) }))
  .filter((p) => p.fields.length > 0);

let s: TestStack;
let admin: Api;
const readers: Reader[] = [];
/** Every row of each referencing resource (the administrator's view), refreshed after the world is built. */
const rowsOf = new Map<string, Row[]>();
/** What each reader's GET of a referenced record answers: its title, or null (404). */
const seen = new Map<string, string | null>();
/** References checked, by whether their reader may read the record (the cases must meet both kinds). */
const checked = { readable: 0, hidden: 0 };

const ok = async (p: Promise<{ status: number; body: any }>, what: string) => {
  const res = await p;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

async function allRows(r: ResourceDef): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const data = await ok(admin.get(`${r.path}?limit=300&page=${page}&fields=*`), `rows of ${r.name}`);
    out.push(...data.items);
    if (out.length >= data.totalRows || !data.items.length) return out;
  }
}

/**
 * The world: readers of every data scope, records of each referenced resource (some limited, naming a reader's staff
 * record or a department), and records of each referencing resource pointing at them. A write a resource's own rules
 * refuse (a reply must answer an incoming letter) is tried again with the next sample; every pair must end up with
 * references to check.
 */
async function buildWorld() {
  admin = s.api(await s.adminToken());
  const tag = Math.random().toString(36).slice(2, 7);
  const orgs = (await ok(admin.get('/organization?limit=300'), 'organizations')).items as { id: string; code: string }[];
  const dept = Object.fromEntries(orgs.map((o) => [o.code, o.id])) as Record<string, string>;
  const features = [...new Set(allResources.map((r) => r.feature))];
  const viewAll = features.map((feature) => ({ feature, actions: ['view'] }));
  const role = async (code: string, staff_scope: string, staff_department_ids: string[] = []) =>
    (
      await ok(
        admin.post('/role', {
          code: `TT-${code}-${tag}`.toUpperCase(),
          name: `titles ${code}`,
          staff_scope,
          project_scope: 'VIEW_ALL',
          staff_department_ids,
          permissions: viewAll,
        }),
        `role ${code}`,
      )
    ).id as string;
  const specs = [
    { key: 'rel-kttc', scope: 'VIEW_RELATED_DEPARTMENT', dept: 'KTTC' },
    { key: 'rel-bch', scope: 'VIEW_RELATED_DEPARTMENT', dept: 'BCH' },
    { key: 'spec-tckt', scope: 'VIEW_SPECIFIC_DEPARTMENT', dept: 'HCNS', named: ['TCKT'] },
    { key: 'all', scope: 'VIEW_ALL', dept: 'QLHD' },
    { key: 'rel-nostaff', scope: 'VIEW_RELATED_DEPARTMENT', dept: null },
  ];
  let n = 700;
  for (const u of specs) {
    const roleId = await role(
      u.key,
      u.scope,
      (u.named ?? []).map((c) => dept[c]!),
    );
    const staffId = u.dept
      ? ((
          await ok(
            admin.post('/staff', {
              code: `TT${n++}-${tag}`.toUpperCase(),
              full_name: `Titles ${u.key} ${tag}`,
              department_id: dept[u.dept],
              status: 'OFFICIAL',
              entry_date: '2020-01-01',
            }),
            `staff ${u.key}`,
          )
        ).id as string)
      : null;
    const username = `titles.${u.key}.${tag}`;
    const user = await ok(
      admin.post('/user', { username, email: `${username}@example.com`, full_name: `Titles ${u.key}`, staff_id: staffId, role_ids: [roleId] }),
      `user ${u.key}`,
    );
    await ok(admin.post(`/user/${user.id}/password`, { password: 'Titles@Portal2026' }), `password ${u.key}`);
    readers.push({ key: u.key, api: s.api((await s.signIn(username, 'Titles@Portal2026')).accessToken), staffId });
  }

  // Existing records to point at, per referenced resource (the demo's and the world's), for every reference a sample needs.
  const pools = new Map<string, string[]>();
  const pool = async (name: string) => {
    if (!pools.has(name)) {
      const r = resourceByName.get(name)!;
      const res = await admin.get(`${r.path}?limit=100`);
      pools.set(name, res.status === 200 ? (res.body.data.items as Row[]).map((x) => x.id) : []);
    }
    return pools.get(name)!;
  };
  const pick = <T>(list: T[], i: number) => list[i % list.length];
  const readerStaff = readers.map((x) => x.staffId).filter((x): x is string => Boolean(x));
  /**
   * A body for `r` whose required references point at existing records (spread over departments), limited half the
   * time when it may be (not in step with the parity that picks a sample's enums: a reply is both public and limited).
   */
  const body = async (r: ResourceDef, i: number, fixed: Record<string, string> = {}) => {
    const refs: Record<string, string> = {};
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.readonly || !f.required || !isRef(f) || fixed[name]) continue;
      const ids = await pool(f.ref!);
      // The newest records: the world's own (the readers' staff records, the records just made) more than the demo's.
      if (ids.length) refs[name] = pick(ids.slice(0, 12), i * 7 + name.length)!;
    }
    const out = await sampleBody(admin, r, i, { tag, refs: { ...refs, ...fixed } });
    const lim = r.scope?.limited;
    if (lim && i % 4 >= 2) {
      out[lim.field] = r.fields[lim.field]!.values!.find((v) => String(v) !== String(lim.open));
      out[lim.staff] = i % 3 ? [pick(readerStaff, i)] : [];
      out[lim.departments] = i % 3 ? [] : [dept.KTTC];
    } else if (lim) out[lim.field] = lim.open;
    return out;
  };
  const create = async (r: ResourceDef, i: number, fixed: (k: number) => Record<string, string> = () => ({})) => {
    // A resource's own rules may refuse a sample (an outgoing reply to an outgoing letter): the next samples are tried.
    for (let k = 0; k < 4; k++) {
      const res = await admin.post(r.path, await body(r, i + k, fixed(k)));
      if (res.status === 200) return res.body.data as Row;
    }
    return null;
  };

  for (const target of new Set(PAIRS.flatMap((p) => p.fields.map(([, f]) => f.ref!)))) {
    const r = resourceByName.get(target)!;
    for (let i = 0; i < 8; i++) {
      const made = await create(r, n++ * 5);
      if (made) (await pool(target)).push(made.id);
    }
  }
  for (const p of PAIRS) {
    for (const [name, f] of p.fields) {
      if (f.readonly) continue;
      const targets = await pool(f.ref!);
      for (let i = 0; i < 12; i++) await create(p.r, n++ * 5, (k) => ({ [name]: pick(targets, i * 3 + 1 + k)! }));
    }
  }
  for (const p of PAIRS) rowsOf.set(p.r.name, await allRows(p.r));
  const bare = PAIRS.flatMap((p) =>
    p.fields
      .filter(
        ([name]) =>
          !rowsOf.get(p.r.name)!.some((x) => x[name] !== null && x[name] !== undefined && !(Array.isArray(x[name]) && !(x[name] as unknown[]).length)),
      )
      .map(([name]) => `${p.r.name}.${name}`),
  );
  if (bare.length) throw new Error(`references the world could not make, so nothing of them is checked: ${bare.join(', ')}`);
}

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  await buildWorld();
}, 300_000);
afterAll(async () => {
  await s?.close();
});

function expectThat(cond: boolean, what: string, detail: () => unknown): void {
  if (!cond) throw new Error(`${what}\n${JSON.stringify(detail(), null, 1).slice(0, 3000)}`);
}

/** The title `reader` reads on the record's own page, or null when it is not theirs to read (404). */
async function titleFor(reader: Reader, target: ResourceDef, id: string): Promise<string | null> {
  const key = `${reader.key}:${target.name}:${id.toLowerCase()}`;
  if (!seen.has(key)) {
    const res = await reader.api.get(`${target.path}/${id}`);
    expectThat(res.status === 200 || res.status === 404, 'a reader holding every view right gets the record or 404', () => ({
      reader: reader.key,
      target: target.name,
      id,
      status: res.status,
    }));
    seen.set(key, res.status === 200 ? ((res.body.data[target.titleField] as string | null) ?? null) : null);
  }
  return seen.get(key)!;
}

/** Each reference of a row the reader was shown, with the title shown for it. */
function shown(fields: [string, FieldDef][], row: Row): { field: string; target: ResourceDef; id: string; title: unknown }[] {
  const out: { field: string; target: ResourceDef; id: string; title: unknown }[] = [];
  for (const [name, f] of fields) {
    const target = resourceByName.get(f.ref!)!;
    const v = row[name];
    if (f.type === 'refs' && Array.isArray(v))
      v.forEach((id, i) => out.push({ field: name, target, id: String(id), title: (row[`${name}__titles`] as unknown[] | null)?.[i] ?? null }));
    else if (typeof v === 'string') out.push({ field: name, target, id: v, title: row[`${name}__title`] ?? null });
  }
  return out;
}

/** A row's references shown to `reader` must name exactly the records the reader may read, by their titles. */
async function checkRow(reader: Reader, p: Pair, row: Row, where: string) {
  for (const ref of shown(p.fields, row)) {
    const want = await titleFor(reader, ref.target, ref.id);
    checked[want === null ? 'hidden' : 'readable']++;
    expectThat(
      ref.title === want,
      want === null ? `${where}: the title of a record its reader cannot read` : `${where}: the title of a record its reader may read`,
      () => ({ reader: reader.key, resource: p.r.name, row: row.id, field: ref.field, target: ref.id, shown: ref.title, want }),
    );
  }
}

type Op = 'list' | 'detail' | 'export' | 'word';
interface Case {
  reader: number;
  pair: number;
  op: Op;
  row: number;
  page: number;
  filtered: boolean;
}

async function runCase(c: Case) {
  const reader = readers[c.reader % readers.length]!;
  const p = PAIRS[c.pair % PAIRS.length]!;
  const rows = rowsOf.get(p.r.name)!;
  const linked = rows.filter((x) => shown(p.fields, x).length > 0);
  const row = linked[c.row % linked.length]!;
  const fields = p.fields.map(([name]) => name).join(',');
  // Half the time the list is narrowed to the rows pointing where this row points (a filterable reference).
  const [fname, f] = p.fields[c.row % p.fields.length]!;
  const filter = c.filtered && f.filter && typeof row[fname] === 'string' ? `&f_${fname}=${row[fname]}` : '';

  if (c.op === 'detail') {
    const res = await reader.api.get(`${p.r.path}/${row.id}`);
    if (res.status === 404) return;
    expectThat(res.status === 200, 'detail answers 200 or 404', () => ({ reader: reader.key, resource: p.r.name, status: res.status }));
    return checkRow(reader, p, res.body.data, 'detail');
  }
  if (c.op === 'list') {
    const res = await reader.api.get(`${p.r.path}?limit=100&page=${c.page}&fields=${fields}${filter}`);
    expectThat(res.status === 200, 'list answers 200', () => ({ reader: reader.key, resource: p.r.name, status: res.status, body: res.body }));
    for (const x of res.body.data.items as Row[]) await checkRow(reader, p, x, 'list');
    return;
  }
  if (c.op === 'export') {
    // The export's rows are the list's, in its order: each reference's cell is the list's title, or the placeholder.
    const list = await reader.api.get(`${p.r.path}?limit=300&fields=${fields}${filter}`);
    const items = list.body.data.items as Row[];
    if (list.body.data.totalRows > items.length) return;
    const res = await reader.api.get(`${p.r.path}/export?fileName=t.xlsx${filter}`);
    expectThat(res.status === 200, 'export answers 200', () => ({ reader: reader.key, resource: p.r.name, status: res.status }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    expectThat(ws.actualRowCount - 1 === items.length, "the export holds the list's rows", () => ({
      reader: reader.key,
      resource: p.r.name,
      exported: ws.actualRowCount - 1,
      listed: items.length,
    }));
    for (const [i, item] of items.entries()) {
      await checkRow(reader, p, item, 'list (for the export)');
      for (const [name, fd] of p.fields) {
        if (fd.noExport || item[name] === null || item[name] === undefined) continue;
        const col = headers.indexOf(fd.label.vi);
        const cell = String(ws.getRow(i + 2).getCell(col).value ?? '');
        const titles = fd.type === 'refs' ? ((item[`${name}__titles`] as (string | null)[] | null) ?? []) : [item[`${name}__title`] as string | null];
        const want = titles.map((t) => t ?? PLACEHOLDER).join(', ');
        expectThat(cell === want, 'an export cell shows the title its reader may read, else the placeholder', () => ({
          reader: reader.key,
          resource: p.r.name,
          row: item.id,
          field: name,
          cell,
          want,
        }));
      }
    }
    return;
  }
  // Word: a referenced record's title is in the file exactly when its reader may read that record.
  if (!p.r.word) return;
  const res = await reader.api.get(`${p.r.path}/${row.id}/word`);
  if (res.status === 404) return;
  expectThat(res.status === 200, 'Word answers 200 or 404', () => ({ reader: reader.key, resource: p.r.name, status: res.status }));
  const zip = await JSZip.loadAsync(res.buffer!);
  const xml = await zip.file('word/document.xml')!.async('string');
  const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1])
    .join('\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
  for (const ref of shown(p.fields, row)) {
    const want = await titleFor(reader, ref.target, ref.id);
    const title = await titleFor({ key: '~admin', api: admin, staffId: null }, ref.target, ref.id);
    if (want === null && title)
      expectThat(!text.split('\n').includes(title), 'Word: the title of a record its reader cannot read', () => ({
        reader: reader.key,
        resource: p.r.name,
        row: row.id,
        field: ref.field,
        title,
      }));
    if (want)
      expectThat(text.split('\n').includes(want), 'Word: the title of a record its reader may read', () => ({
        reader: reader.key,
        resource: p.r.name,
        row: row.id,
        field: ref.field,
        want,
      }));
  }
}

test("every reader's whole list of every such resource: each title shown is of a record the reader may read, each such one shown", async () => {
  expect(PAIRS.length).toBeGreaterThan(0);
  for (const reader of readers) {
    for (const p of PAIRS) {
      const res = await reader.api.get(`${p.r.path}?limit=300&fields=${p.fields.map(([n]) => n).join(',')}`);
      expectThat(res.status === 200, 'list answers 200', () => ({ reader: reader.key, resource: p.r.name, status: res.status }));
      for (const x of res.body.data.items as Row[]) await checkRow(reader, p, x, 'list');
    }
  }
  // Not vacuous: the readers met references both to records they may read and to records they may not — over the whole
  // portal; one domain alone (`--domain`) may hold only references that follow its own records' scope (implementation's
  // to its projects), which no reader of the record can fail to read.
  expect(checked.readable).toBeGreaterThan(0);
  if (!process.env.TEST_DOMAIN) expect(checked.hidden).toBeGreaterThan(0);
}, 120_000);

test(`${RUNS} generated (reader, resource, read) cases: every title shown is of a record its reader may read, and every such one is shown`, async () => {
  const ops: { weight: number; arbitrary: fc.Arbitrary<Op> }[] = [
    { weight: 45, arbitrary: fc.constant('list') },
    { weight: 35, arbitrary: fc.constant('detail') },
    { weight: 10, arbitrary: fc.constant('export') },
    { weight: 10, arbitrary: fc.constant('word') },
  ];
  const arb = fc.record({
    // Unbiased: fast-check favours small numbers, which would pick the first reader and resource most of the time.
    reader: fc.noBias(fc.nat({ max: readers.length - 1 })),
    pair: fc.noBias(fc.nat({ max: PAIRS.length - 1 })),
    op: fc.oneof(...ops),
    row: fc.noBias(fc.nat({ max: 10_000 })),
    page: fc.integer({ min: 1, max: 2 }),
    filtered: fc.boolean(),
  });
  await withReplay('test/abuse/titles.property.test.ts', 'generated (reader, resource, read) cases', () =>
    fc.assert(fc.asyncProperty(arb, runCase), { numRuns: RUNS, seed: seedOf('titles'), endOnFailure: true }),
  );
}, 600_000);
