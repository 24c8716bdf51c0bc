/**
 * Abuse, part 1: for every declared resource, generated calls for combinations of user (role × data scope),
 * record (own department, sub-department, other departments, own record, created by the caller, inactive) and read
 * operation — list with paging, filters, `q` search and order; detail; xlsx export; Word export; printable PDF; calendar
 * (days around the record, by its location); the record's history
 * in the activity log; its attachments and their downloads — checked against an oracle computed from the declarations and
 * the roles (world.ts), never from the server. A refused call must be refused (403 without the feature, 404 out of scope),
 * an allowed one must succeed with exactly the rows in scope: the test fails both ways. Then the HR reports and the other
 * scoped HR reads the same way.
 *
 * Seeded by the commit (ABUSE_SEED replays a seed: support/depth.ts) so a failure is reproducible; ABUSE_RUNS sets the cases per property.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { allResources, featureFor, foldText, isoDay, PAGE_SIZES, PORTAL_TIME_ZONE, companyDayOf, type FieldDef, type ResourceDef } from '@portal/contracts';
import { startTestStack, type TestStack } from '../support/stack';
import { testedResources } from '../support/resources';
import { WORLD, buildWorld, canDo, canUse, departmentOf, inProjectScope, readsFile, sees, subtree, type Actor, type Row, type World } from './world';
import { casesOf, seedOf, withReplay } from '../support/depth';

// The run's depth and seed (support/depth.ts): 1,000 cases per property deep, 150 per commit; ABUSE_RUNS overrides.
const RUNS = casesOf('ABUSE_RUNS', 1000, 150);

let s: TestStack;
let w: World;
beforeAll(async () => {
  s = await startTestStack({ demo: true, seed: WORLD });
  w = await buildWorld(s);
}, 300_000);
afterAll(async () => {
  await s?.close();
});

/** A failed expectation with the generated case in its message (fast-check shrinks and prints the case too). */
function expectThat(cond: boolean, what: string, detail: () => unknown): void {
  if (!cond) throw new Error(`${what}\n${JSON.stringify(detail(), null, 1).slice(0, 3000)}`);
}

// ---------- list queries and the oracle's row matching ----------

interface ListQuery {
  page: number;
  limit: number;
  state?: 'ALL' | 'INACTIVE';
  filter?: [string, string];
  q?: string;
  order?: string;
}

const FILTERABLE: FieldDef['type'][] = ['ref', 'enum', 'bool', 'int', 'number', 'money', 'date', 'text'];

/** `f_<field>` values a row offers: its own value of each declared filter (one value: no comma inside). */
function filtersOf(r: ResourceDef, row: Row): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, f] of Object.entries(r.fields)) {
    const v = row[name];
    if (!f.filter || !FILTERABLE.includes(f.type) || v === null || v === undefined || typeof v === 'object') continue;
    const text = f.type === 'date' ? isoDay(v)! : String(v);
    if (!text.includes(',') && text.trim() === text && text) out.push([name, text]);
  }
  return out;
}

/** How `q` compares a value: accents and case ignored, as the kit's portal_fold (contracts foldText says the same). */
const fold = foldText;
/** ASCII words of the row's searchable fields: `q` values whose folding is the same in JS and PostgreSQL. */
function searchTokens(r: ResourceDef, row: Row): string[] {
  const out = new Set<string>();
  for (const [name, f] of Object.entries(r.fields)) {
    if (!f.search || typeof row[name] !== 'string') continue;
    for (const m of (row[name] as string).match(/[A-Za-z0-9]{2,}/g) ?? []) out.add(m.slice(0, 12));
  }
  return [...out];
}

function sameValue(f: FieldDef, have: unknown, want: string): boolean {
  if (have === null || have === undefined) return false;
  switch (f.type) {
    case 'ref':
      return String(have).toLowerCase() === want.toLowerCase();
    case 'int':
    case 'number':
    case 'money':
      return Number(have) === Number(want);
    case 'bool':
      return have === (want === 'true');
    case 'date':
      return isoDay(have) === want;
    default:
      return String(have) === want;
  }
}

/** The list contract's meaning of a query, on one row (README "API contract"). */
function matches(r: ResourceDef, row: Row, q: ListQuery): boolean {
  const state = q.state ?? 'ACTIVE';
  if (state !== 'ALL' && row.state !== state) return false;
  if (q.filter && !sameValue(r.fields[q.filter[0]]!, row[q.filter[0]], q.filter[1])) return false;
  if (q.q) {
    const searchable = Object.entries(r.fields)
      .filter(([, f]) => f.search)
      .map(([n]) => n);
    if (searchable.length && !searchable.some((n) => typeof row[n] === 'string' && fold(row[n] as string).includes(fold(q.q!)))) return false;
  }
  return true;
}

const queryString = (q: ListQuery, paged = true) =>
  new URLSearchParams({
    ...(paged ? { page: String(q.page), limit: String(q.limit) } : {}),
    ...(q.state ? { f_state: q.state } : {}),
    ...(q.filter ? { [`f_${q.filter[0]}`]: q.filter[1] } : {}),
    ...(q.q ? { q: q.q } : {}),
    ...(q.order ? { order: q.order } : {}),
  }).toString();

async function sheetOf(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

// ---------- one generated case ----------

type OpKind = 'list' | 'detail' | 'missing' | 'export' | 'word' | 'pdf' | 'calendar' | 'activity' | 'download' | 'attachments';
interface Case {
  actor: number;
  row: number;
  op: OpKind;
  page: number;
  limit: number;
  state: number;
  filter: number;
  q: number;
  order: number;
  file: number;
}

const STATES = [undefined, undefined, 'ALL', 'INACTIVE'] as const;

function describeCase(r: ResourceDef, a: Actor, row: Row, c: Case) {
  return { resource: r.name, actor: a.key, record: { id: row.id, state: row.state }, op: c.op };
}

async function runCase(r: ResourceDef, c: Case) {
  const a = w.actors[c.actor % w.actors.length]!;
  const rows = w.rows.get(r.name)!;
  const row = rows[c.row % rows.length]!;
  const mayView = canUse(a, 'view', r);
  const why = () => describeCase(r, a, row, c);

  if (c.op === 'list' || c.op === 'export') {
    const filters = filtersOf(r, row);
    const tokens = searchTokens(r, row);
    const sortable = [
      'created_date',
      ...Object.entries(r.fields)
        .filter(([, f]) => f.sort)
        .map(([n]) => n),
    ];
    const q: ListQuery = {
      page: c.page,
      limit: c.limit,
      state: STATES[c.state % STATES.length],
      filter: c.filter % 3 !== 0 && filters.length ? filters[c.filter % filters.length] : undefined,
      q: c.q % 3 === 0 && tokens.length ? tokens[c.q % tokens.length] : undefined,
      order: c.order % 2 ? `${sortable[c.order % sortable.length]} ${c.order % 4 === 1 ? 'asc' : 'desc'}` : undefined,
    };
    const expected = rows.filter((x) => matches(r, x, q) && sees(w, a, r, x));
    if (c.op === 'list') {
      const res = await a.api.get(`${r.path}?${queryString(q)}`);
      if (!mayView)
        return expectThat(res.status === 403 && Boolean(res.body?.message), 'list without the feature must be 403 with a message', () => ({
          ...why(),
          q,
          status: res.status,
        }));
      expectThat(res.status === 200, 'list with the feature must be 200', () => ({ ...why(), q, status: res.status, body: res.body }));
      const { items, totalRows } = res.body.data as { items: Row[]; totalRows: number };
      const allowed = new Set(expected.map((x) => x.id));
      const outside = items.filter((x) => !allowed.has(x.id));
      expectThat(outside.length === 0, 'a list row the caller may not see', () => ({ ...why(), q, outside: outside.map((x) => x.id) }));
      expectThat(totalRows === expected.length, 'totalRows is the number of rows in scope', () => ({ ...why(), q, totalRows, expected: expected.length }));
      expectThat(items.length === Math.max(0, Math.min(q.limit, expected.length - (q.page - 1) * q.limit)), 'page size', () => ({
        ...why(),
        q,
        items: items.length,
        expected: expected.length,
      }));
      return;
    }
    const res = await a.api.get(`${r.path}/export?fileName=abuse.xlsx&${queryString(q, false)}`);
    if (!mayView) return expectThat(res.status === 403, 'export without the feature must be 403', () => ({ ...why(), q, status: res.status }));
    expectThat(res.status === 200 && Boolean(res.buffer), 'export with the feature must be 200', () => ({ ...why(), q, status: res.status, body: res.body }));
    const ws = await sheetOf(res.buffer!);
    const exported = ws.actualRowCount - 1;
    expectThat(exported === expected.length, 'the export holds exactly the rows in scope', () => ({ ...why(), q, exported, expected: expected.length }));
    return;
  }

  if (c.op === 'detail' || c.op === 'missing') {
    const id = c.op === 'missing' ? '0a0b0c0d-1111-4222-8333-444455556666' : row.id;
    const res = await a.api.get(`${r.path}/${id}`);
    const want = !mayView ? 403 : c.op === 'missing' || !sees(w, a, r, row) ? 404 : 200;
    expectThat(res.status === want, `detail must be ${want}`, () => ({ ...why(), status: res.status }));
    if (want === 200) expectThat(res.body.data.id === row.id, 'detail of that record', () => why());
    else expectThat(Boolean(res.body?.message), 'a refusal has a message', () => why());
    return;
  }

  if (c.op === 'word' || c.op === 'pdf') {
    const res = await a.api.get(`${r.path}/${row.id}/${c.op}`);
    const want = !mayView ? 403 : !sees(w, a, r, row) ? 404 : 200;
    expectThat(res.status === want, `${c.op} export must be ${want}`, () => ({ ...why(), status: res.status }));
    if (want === 200)
      expectThat(
        String(res.headers.get('content-type')).includes(c.op === 'word' ? 'wordprocessingml' : 'application/pdf'),
        `a .${c.op === 'word' ? 'docx' : 'pdf'}`,
        () => why(),
      );
    return;
  }

  if (c.op === 'calendar') {
    // The days around the record's start (some before, up to two months after), and by its location half the time.
    const cal = r.calendar!;
    const day = (v: unknown) =>
      r.fields[cal.start]!.type === 'datetime' ? new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE }).format(new Date(String(v))) : isoDay(v)!;
    const shift = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);
    const from = shift(day(row[cal.start]), -(c.page * 5));
    const to = shift(from, c.limit % 60);
    const location = cal.location && c.filter % 2 && row[cal.location] ? String(row[cal.location]) : undefined;
    const res = await a.api.get(`${r.path}/calendar?from=${from}&to=${to}${location ? `&f_${cal.location}=${location}` : ''}`);
    if (!mayView) return expectThat(res.status === 403, 'calendar without the feature must be 403', () => ({ ...why(), status: res.status }));
    expectThat(res.status === 200, 'calendar with the feature must be 200', () => ({ ...why(), from, to, status: res.status, body: res.body }));
    const expected = rows
      .filter(
        (x) =>
          x.state === 'ACTIVE' &&
          day(x[cal.start]) <= to &&
          day(x[cal.end]) >= from &&
          (!location || String(x[cal.location!]) === location) &&
          sees(w, a, r, x),
      )
      .map((x) => x.id)
      .sort();
    const got = (res.body.data.items as Row[]).map((x) => x.id).sort();
    expectThat(JSON.stringify(got) === JSON.stringify(expected), 'the calendar holds exactly the overlapping records in scope', () => ({
      ...why(),
      from,
      to,
      location,
      got,
      expected,
    }));
    // Busy blocks (service-kit resource/busy.ts): only for a caller who may book, each nothing but a slot's times and
    // location, each held by a record the caller does not see.
    const busy = (res.body.data.busy ?? []) as Row[];
    const keys = new Set([cal.start, cal.end, cal.location, `${cal.location}__title`]);
    expectThat(
      busy.every((b) => Object.keys(b).every((k) => keys.has(k))),
      'a busy block holds only its times and location',
      () => ({ ...why(), busy }),
    );
    if (!canDo(a, 'add', featureFor(r, 'add'))) expectThat(busy.length === 0, 'no busy blocks for a caller who may not book', () => ({ ...why(), busy }));
    const t = (v: unknown) => Date.parse(String(v));
    const unseen = rows.filter((x) => x.state === 'ACTIVE' && !sees(w, a, r, x));
    expectThat(
      busy.every((b) => unseen.some((x) => x[cal.location!] === b[cal.location!] && t(x[cal.start]) <= t(b[cal.end]) && t(x[cal.end]) >= t(b[cal.start]))),
      'every busy block is a slot held by a record the caller does not see',
      () => ({ ...why(), busy }),
    );
    return;
  }

  if (c.op === 'activity') {
    // A record's history: read with the feature, within the department it belongs to (its own or its parent's).
    const res = await a.api.get(`/activity-log?q=${r.name}:${row.id}&limit=10`);
    expectThat(res.status === 200, 'the activity log answers every signed-in user', () => ({ ...why(), status: res.status }));
    const dept = departmentOf(w, r, row);
    // …and the history of a row of its owners is theirs (and administrators'), whoever else holds the feature.
    // …and that of a limited row its creator's (who made it and every entry about it here) and administrators'.
    const lim = r.scope?.limited;
    const limited = lim && String(row[lim.field]) !== String(lim.open);
    const visible = r.scope?.owner
      ? sees(w, a, r, row)
      : limited
        ? a.isAdmin || row.created_by === a.userId
        : mayView && (a.isAdmin || a.depts === null || dept === null || a.depts.has(dept)) && inProjectScope(w, a, r, row);
    const total = res.body.data.totalRows as number;
    // A row no user wrote (the first administrator, made by the first start) has no history to show; any other has.
    const written = row.created_by !== null && row.created_by !== undefined;
    expectThat(
      visible ? total > 0 || !written : total === 0,
      visible ? "the record's history is shown" : 'the history of a record out of scope is hidden',
      () => ({ ...why(), dept, total }),
    );
    return;
  }

  // Attachments of the resource's records: a download, or the attachment list of the file's record.
  const files = w.files.filter((f) => f.context === r.name);
  const f = files[c.file % files.length]!;
  if (c.op === 'download') {
    const res = await a.api.get(`/files/${f.id}`);
    const want = readsFile(w, a, f) ? 200 : 404;
    expectThat(res.status === want, `download must be ${want}`, () => ({ ...why(), file: f, status: res.status }));
    return;
  }
  if (!f.contextId) return;
  const res = await a.api.get(`/files?context=${r.name}:${f.contextId}&limit=100`);
  expectThat(res.status === 200, 'the attachment list answers every signed-in user', () => ({ ...why(), status: res.status }));
  const expected = w.files
    .filter((x) => x.context === r.name && x.contextId === f.contextId && readsFile(w, a, x))
    .map((x) => x.id)
    .sort();
  const got = (res.body.data.items as { id: string }[]).map((x) => x.id).sort();
  expectThat(JSON.stringify(got) === JSON.stringify(expected), 'the attachment list holds exactly the files the caller may read', () => ({
    ...why(),
    file: f,
    got,
    expected,
  }));
}

/** The operation mix of a resource: mostly cheap list and detail calls, a few exports, Word exports and downloads. */
function caseArb(r: ResourceDef): fc.Arbitrary<Case> {
  const hasFiles = w.files.some((f) => f.context === r.name);
  const ops: { weight: number; arbitrary: fc.Arbitrary<OpKind> }[] = [
    { weight: 40, arbitrary: fc.constant('list') },
    { weight: 30, arbitrary: fc.constant('detail') },
    { weight: 3, arbitrary: fc.constant('missing') },
    { weight: 10, arbitrary: fc.constant('activity') },
    { weight: 2, arbitrary: fc.constant('export') },
    ...(r.word ? [{ weight: 2, arbitrary: fc.constant<OpKind>('word') }] : []),
    ...(r.print ? [{ weight: 2, arbitrary: fc.constant<OpKind>('pdf') }] : []),
    ...(r.calendar ? [{ weight: 10, arbitrary: fc.constant<OpKind>('calendar') }] : []),
    ...(hasFiles
      ? [
          { weight: 8, arbitrary: fc.constant<OpKind>('download') },
          { weight: 4, arbitrary: fc.constant<OpKind>('attachments') },
        ]
      : []),
  ];
  const n = fc.nat({ max: 10_000 });
  return fc.record({
    actor: fc.nat({ max: w.actors.length - 1 }),
    row: n,
    op: fc.oneof(...ops),
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.constantFrom(...PAGE_SIZES.slice(0, 4)),
    state: n,
    filter: n,
    q: n,
    order: n,
    file: n,
  });
}

/** A stable seed per property: the run's seed and the property's name. */

describe.each(testedResources.map((r) => [r.name, r] as const))('%s', (_n, r) => {
  test(`${RUNS} generated (user, record, read) cases: nothing refused is served, nothing allowed is refused`, async () => {
    await withReplay('test/abuse/authz.property.test.ts', `${r.name} `, () =>
      fc.assert(
        fc.asyncProperty(caseArb(r), (c) => runCase(r, c)),
        { numRuns: RUNS, seed: seedOf(r.name), endOnFailure: true },
      ),
    );
  }, 600_000);
});

// ---------- the HR reports and the other scoped HR reads ----------

/** Staff employed on `day` (head-count report): entered by then, not severed, status that day not QUIT or TRANSFER (out). */
function employedOn(staff: Row, changes: Row[], day: string): boolean {
  if ((isoDay(staff.entry_date) ?? isoDay(staff.created_date)!) > day) return false;
  if (staff.severance_date && isoDay(staff.severance_date)! <= day) return false;
  const setsStatus = (c: Row) => !(c.status === 'TRANSFER' && (c.to_unit_id || c.to_department_id || c.to_position_id));
  const mine = changes.filter((c) => c.staff_id === staff.id && c.state === 'ACTIVE' && setsStatus(c));
  const byDate = (x: Row, y: Row) =>
    String(isoDay(x.effective_date)).localeCompare(String(isoDay(y.effective_date))) || String(x.created_date).localeCompare(String(y.created_date));
  const before = mine
    .filter((c) => isoDay(c.effective_date)! <= day)
    .sort(byDate)
    .pop();
  const after = mine.filter((c) => isoDay(c.effective_date)! > day).sort(byDate)[0];
  const status = before ? before.status : after ? after.from_status : staff.status;
  return !['QUIT', 'TRANSFER'].includes(String(status ?? ''));
}

interface ReportCase {
  actor: number;
  report: number;
  org: number;
  withOrg: boolean;
}

async function runReport(c: ReportCase) {
  const a = w.actors[c.actor % w.actors.length]!;
  const orgs = [...w.org.values()];
  const org = c.withOrg ? orgs[c.org % orgs.length]! : null;
  const under = org ? subtree(w.org, [org.id]) : null;
  const inOrg = (...ids: unknown[]) => !under || ids.some((id) => typeof id === 'string' && under.has(id));
  const staffDef = allResources.find((x) => x.name === 'staff')!;
  const staffRows = w.rows.get('staff')!;
  const staffById = w.byId.get('staff')!;
  const visibleStaff = (x: Row | undefined) => Boolean(x && x.state === 'ACTIVE' && sees(w, a, staffDef, x));
  const reports = [
    'head-count',
    'contract-types',
    'leave',
    'recruitment-funnel',
    'staff-stats',
    'staff-managers',
    'candidate-old',
    'leave-balance',
    'org-tree',
  ] as const;
  const kind = reports[c.report % reports.length]!;
  const qs = org ? `organization_id=${org.id}` : '';
  const why = () => ({ actor: a.key, kind, org: org?.code ?? null });

  // A report takes its own right and the view right of every resource it counts (service-kit report.ts).
  const call = async (path: string, ...features: Parameters<typeof canDo>[2][]) => {
    const res = await a.api.get(path);
    const missing = features.filter((feature) => !canDo(a, 'view', feature));
    if (missing.length) {
      expectThat(res.status === 403, `${path} without ${missing.join(', ')} must be 403`, () => ({ ...why(), status: res.status }));
      return null;
    }
    expectThat(res.status === 200, `${path} must be 200`, () => ({ ...why(), status: res.status, body: res.body }));
    return res.body.data;
  };

  switch (kind) {
    case 'head-count': {
      const data = await call(`/hr-report/head-count?${qs}`, 'report', 'staff');
      if (!data) return;
      const changes = w.rows.get('staffStatus')!;
      const want = staffRows.filter((x) => visibleStaff(x) && inOrg(x.department_id, x.unit_id) && employedOn(x, changes, companyDayOf(new Date()))).length;
      expectThat(data.total === want, 'head count of the staff in scope', () => ({ ...why(), total: data.total, want }));
      return;
    }
    case 'contract-types': {
      const data = await call(`/hr-report/contract-types?${qs}`, 'report', 'staff');
      if (!data) return;
      const today = companyDayOf(new Date());
      const want = w.rows.get('laborContract')!.filter((x) => {
        const st = staffById.get(String(x.staff_id));
        return (
          x.state === 'ACTIVE' &&
          Number(x.status) === 1 &&
          (x.document_type ?? 'CONTRACT') === 'CONTRACT' &&
          visibleStaff(st) &&
          inOrg(st!.department_id, st!.unit_id) &&
          (!x.end_date || isoDay(x.end_date)! >= today)
        );
      }).length;
      expectThat(data.total === want, 'contracts in force of the staff in scope', () => ({ ...why(), total: data.total, want }));
      for (const e of data.expiringSoon as { staff_id: string }[])
        expectThat(visibleStaff(staffById.get(e.staff_id)), 'an expiring contract of staff out of scope', () => ({ ...why(), e }));
      return;
    }
    case 'leave': {
      const data = await call(`/hr-report/leave?${qs}`, 'report', 'leave');
      if (!data) return;
      const year = companyDayOf(new Date()).slice(0, 4);
      const leaveDef = allResources.find((x) => x.name === 'staffLeave')!;
      const want = w.rows
        .get('staffLeave')!
        .filter(
          (x) =>
            x.state === 'ACTIVE' &&
            x.approval_status === 'APPROVED' &&
            sees(w, a, leaveDef, x) &&
            inOrg(x.department_id) &&
            isoDay(x.from_date)! <= `${year}-12-31` &&
            isoDay(x.to_date)! >= `${year}-01-01`,
        ).length;
      expectThat(data.requests === want, 'approved leave requests in scope', () => ({ ...why(), requests: data.requests, want }));
      return;
    }
    case 'recruitment-funnel': {
      const data = await call(`/hr-report/recruitment-funnel?${qs}`, 'report', 'recruitment');
      if (!data) return;
      const year = companyDayOf(new Date()).slice(0, 4);
      const thisYear = (x: Row) => String(x.created_date).slice(0, 4) === year;
      const candDef = allResources.find((x) => x.name === 'candidate')!;
      const recDef = allResources.find((x) => x.name === 'recruitment')!;
      const applied = w.rows.get('candidate')!.filter((x) => x.state === 'ACTIVE' && thisYear(x) && sees(w, a, candDef, x) && inOrg(x.department_id)).length;
      const requested = w.rows
        .get('recruitment')!
        .filter(
          (x) =>
            x.state === 'ACTIVE' &&
            thisYear(x) &&
            x.status !== 'CANCELLED' &&
            !['REFUSE', 'CANCELLED'].includes(String(x.approval_status ?? '')) &&
            sees(w, a, recDef, x) &&
            inOrg(x.department_id),
        )
        .reduce((n, x) => n + Number(x.quantity ?? 0), 0);
      const got = (data.stages as { stage: string; count: number }[]).find((x) => x.stage === 'APPLIED')!.count;
      expectThat(got === applied && data.requested === requested, 'candidates and head count asked for, in scope', () => ({
        ...why(),
        got,
        applied,
        requested: data.requested,
        want: requested,
      }));
      return;
    }
    case 'staff-stats': {
      const data = await call('/staff/stats', 'staff');
      if (!data) return;
      const want = staffRows.filter(visibleStaff).length;
      expectThat(data.total === want, 'staff stats count the staff in scope', () => ({ ...why(), total: data.total, want }));
      return;
    }
    case 'staff-managers': {
      const data = await call('/staff/managers', 'staff');
      if (!data) return;
      for (const m of data as { id: string }[]) expectThat(visibleStaff(staffById.get(m.id)), 'a manager out of scope', () => ({ ...why(), m }));
      return;
    }
    case 'candidate-old': {
      const data = await call('/candidate/old?limit=300', 'recruitment');
      if (!data) return;
      const candDef = allResources.find((x) => x.name === 'candidate')!;
      for (const x of data.items as Row[])
        expectThat(sees(w, a, candDef, w.byId.get('candidate')!.get(x.id)!), 'an old candidate out of scope', () => ({ ...why(), id: x.id }));
      return;
    }
    case 'leave-balance': {
      const target = staffRows[c.org % staffRows.length]!;
      const res = await a.api.get(`/staff-leave/balance?staff_id=${target.id}`);
      const want = !canDo(a, 'view', 'leave') ? 403 : visibleStaff(target) ? 200 : 404;
      expectThat(res.status === want, `leave balance must be ${want}`, () => ({ ...why(), staff: target.id, status: res.status }));
      return;
    }
    case 'org-tree': {
      await call('/organization/tree', 'organization');
      return;
    }
  }
}

test(`HR reports and scoped HR reads: ${RUNS} generated (user, report, organization) cases`, async () => {
  const arb = fc.record({ actor: fc.nat({ max: w.actors.length - 1 }), report: fc.nat({ max: 8 }), org: fc.nat({ max: 10_000 }), withOrg: fc.boolean() });
  await withReplay('test/abuse/authz.property.test.ts', 'HR reports and scoped HR reads', () =>
    fc.assert(fc.asyncProperty(arb, runReport), { numRuns: RUNS, seed: seedOf('reports'), endOnFailure: true }),
  );
}, 600_000);
