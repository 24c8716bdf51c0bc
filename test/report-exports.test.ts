/**
 * Every declared report's xlsx export (contracts kit/report.ts, service-kit report.ts) on the demo company, through the
 * gateway: its routes declared with the report's right; one sheet per breakdown (after the headline figures), headed
 * by the declared labels in the caller's language; every figure and every cell the JSON report's for the same query,
 * written by its kind (an enum by its label, a day as a date, money exact); every row of the answer holding every
 * declared column. A reader without the report right gets a 403 on the export as on the report, and one with the
 * report right but not the view right of what it counts gets a 403 from the service itself.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import {
  ADMIN_REPORTS,
  allRoutes,
  ASSET_REPORTS,
  figureValue,
  HR_REPORTS,
  reportExportPath,
  type Lang,
  type ReportColumn,
  type ReportDeclaration,
} from '@portal/contracts';
import { contextCodec } from '@portal/service-kit';
import { startTestStack, eventually, type TestStack, EN, okData } from './support/stack';
import { callAs, callerContext } from './support/signed';
import { companyDay, demoIds, signInDemo, type DemoPerson } from './support/demo-company';

jest.setTimeout(120_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const KEY = randomBytes(32).toString('base64url');
const REPORTS: readonly ReportDeclaration[] = [...ADMIN_REPORTS, ...HR_REPORTS, ...ASSET_REPORTS];

/** The query each report is read with: a period around today, this year, or its defaults. */
function queryOf(r: ReportDeclaration): string {
  const year = companyDay(0).slice(0, 4);
  if (r.path === '/admin-report/documents' || r.path === '/hr-report/leave' || r.path === '/asset-report') return `year=${year}`;
  if (r.path === '/asset-report/status') return '';
  if (r.path === '/hr-report/recruitment-funnel') return `from=${year}-01-01&to=${year}-12-31`;
  if (r.path.startsWith('/hr-report/')) return '';
  return `from=${companyDay(-30)}&to=${companyDay(30)}`;
}

/** What a cell of a column must hold for an answer's value (written here from the kinds' rules, not the kit's code). */
function expectedCell(c: Pick<ReportColumn, 'kind' | 'options' | 'blank'>, v: unknown, lang: Lang): unknown {
  if (v === null || v === undefined) return c.blank ? c.blank[lang] : null;
  if (c.kind === 'enum') return c.options?.[String(v)]?.[lang] ?? String(v);
  if (c.kind === 'day') return new Date(`${v}T00:00:00Z`).toISOString();
  if (c.kind === 'money') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
  if (['count', 'number', 'hours', 'percent', 'month'].includes(c.kind)) return Number(v);
  return v;
}

/** A sheet's rows as plain values (a date as its ISO instant, an empty cell as null), the header first. */
function sheetRows(ws: ExcelJS.Worksheet, width: number): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    out.push(
      Array.from({ length: width }, (_, i) => {
        const v = row.getCell(i + 1).value;
        return v instanceof Date ? v.toISOString() : (v ?? null);
      }),
    );
  });
  return out;
}

async function exportOf(r: ReportDeclaration, lang: Lang, who: DemoPerson = 'hr') {
  const q = queryOf(r);
  const res = await s.api(tok[who]).get(`${reportExportPath(r.path)}${q ? `?${q}` : ''}`, lang === 'en' ? EN : {});
  expect([r.path, res.status, res.headers.get('content-type')]).toEqual([r.path, 200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
  return { wb, disposition: res.headers.get('content-disposition') ?? '' };
}

beforeAll(async () => {
  s = await startTestStack({ demo: true, env: { INTERNAL_KEY: KEY } });
  tok = await signInDemo(s);
  const ids = await demoIds(s);
  // Something for the events and notifications reports to count: a ticket the engineer follows.
  okData(await s.api(tok.hr).post('/ticket', { title: 'Thay bóng đèn phòng họp', type: 'REQUEST', priority: 'HIGH', follower_ids: [ids['engineer:staff']] }));
});
afterAll(async () => {
  await s?.close();
});

test('every declared report has its answer and its export declared, with the same right, answered by the same service', () => {
  expect(REPORTS.length).toBe(15);
  for (const r of REPORTS) {
    const answer = allRoutes.find((x) => x.method === 'GET' && x.path === r.path);
    const exported = allRoutes.find((x) => x.method === 'GET' && x.path === reportExportPath(r.path));
    expect([r.path, exported?.access, exported?.domain]).toEqual([r.path, answer?.access, answer?.domain]);
    expect(answer?.access).toEqual({ feature: 'report', action: 'view' });
    // Every chart plots declared columns.
    for (const b of r.breakdowns) {
      const keys = b.columns.map((c) => c.key);
      if (b.chart) expect([b.key, ...[b.chart.x, b.chart.y, b.chart.group].filter(Boolean).map((k) => keys.includes(k!))]).not.toContain(false);
    }
  }
});

test.each(REPORTS.map((r) => [r.path, r] as const))('%s: the export is the JSON report, sheet by sheet, headed by the declared labels', async (_, r) => {
  const q = queryOf(r);
  let rowsCompared = 0;
  for (const lang of ['vi', 'en'] as const) {
    // The activity log and the notifications may grow meanwhile (the overdue sweep): compared until one read agrees.
    rowsCompared = await eventually(async () => {
      const json = okData(await s.api(tok.hr).get(`${r.path}${q ? `?${q}` : ''}`, lang === 'en' ? EN : {}));
      const { wb, disposition } = await exportOf(r, lang);
      // Named for the report in the caller's language (what a file name may not hold left out).
      const name = r.title[lang].replace(/[^\p{L}\p{N} ._-]/gu, '').replace(/\s+/g, ' ');
      expect(disposition).toContain(encodeURIComponent(`${name}.xlsx`));
      const sheets = wb.worksheets;
      expect(sheets.length).toBe(r.breakdowns.length + (r.figures.length ? 1 : 0));
      let n = 0;
      if (r.figures.length) {
        const figures = sheetRows(sheets[0]!, 2);
        expect(figures[0]).toEqual(lang === 'vi' ? ['Chỉ số', 'Giá trị'] : ['Figure', 'Value']);
        expect(figures.slice(1)).toEqual(r.figures.map((f) => [f.label[lang], expectedCell(f, figureValue(json, f.key), lang)]));
        for (const f of r.figures) expect([f.key, figureValue(json, f.key) !== undefined]).toEqual([f.key, true]);
      }
      for (const [i, b] of r.breakdowns.entries()) {
        const ws = sheets[i + (r.figures.length ? 1 : 0)]!;
        expect(ws.name).toBe(b.title[lang].replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
        const rows = json[b.key] as Record<string, unknown>[];
        expect(Array.isArray(rows)).toBe(true);
        // Every row of the answer has every declared column (the declaration's keys are the answer's).
        for (const row of rows) expect([b.key, b.columns.filter((c) => !(c.key in row)).map((c) => c.key)]).toEqual([b.key, []]);
        const got = sheetRows(ws, b.columns.length);
        expect(got[0]).toEqual(b.columns.map((c) => c.label[lang]));
        expect(got.slice(1)).toEqual(rows.map((row) => b.columns.map((c) => expectedCell(c, row[c.key], lang))));
        n += rows.length;
      }
      return n;
    }, 15_000);
  }
  // The demo company gives every report something to count.
  expect([r.path, rowsCompared > 0]).toEqual([r.path, true]);
});

test('the export is written in each kind: money in whole đồng with its number format, an enum by its label, a day as a date', async () => {
  const cars = REPORTS.find((r) => r.path === '/admin-report/car-bookings')!;
  const { wb } = await exportOf(cars, 'vi');
  const byCar = wb.getWorksheet('Theo xe')!;
  const costColumn = cars.breakdowns[0]!.columns.findIndex((c) => c.key === 'cost') + 1;
  expect(byCar.getRow(1).getCell(costColumn).value).toBe('Chi phí');
  expect(byCar.rowCount).toBeGreaterThan(1);
  expect([typeof byCar.getRow(2).getCell(costColumn).value, byCar.getRow(2).getCell(costColumn).numFmt]).toEqual(['number', '#,##0']);
  const contracts = REPORTS.find((r) => r.path === '/hr-report/contract-types')!;
  const soon = (await exportOf(contracts, 'en')).wb.getWorksheet('Ending soon')!;
  expect(soon.getRow(1).values).toEqual([undefined, 'Staff', 'Department', 'Type', 'End date', 'Days left']);
  if (soon.rowCount > 1) {
    expect(soon.getRow(2).getCell(4).value).toBeInstanceOf(Date);
    expect(['Indefinite', 'Definite', 'Probation', 'Quit']).toContain(soon.getRow(2).getCell(3).value);
  }
});

test('without the report right the export is a 403 as the report is; with it but not the view right of what it counts, the service refuses it too', async () => {
  for (const r of REPORTS) {
    const q = queryOf(r);
    expect([r.path, (await s.api(tok.eng).get(`${reportExportPath(r.path)}${q ? `?${q}` : ''}`)).status]).toEqual([r.path, 403]);
    expect([r.path, (await s.api(tok.eng).get(`${r.path}${q ? `?${q}` : ''}`)).status]).toEqual([r.path, 403]);
  }
  const reporter = callerContext({ userId: randomUUID(), ability: [{ action: 'view', subject: 'report' }] });
  const counted = [
    ['admin', '/admin-report/tickets'],
    ['admin', '/admin-report/car-bookings'],
    ['admin', '/admin-report/room-bookings'],
    ['admin', '/admin-report/documents'],
    ['admin', '/admin-report/working-schedules'],
    ['hr', '/admin-report/recruitment-events'],
    ['hr', '/hr-report/head-count'],
    ['hr', '/hr-report/contract-types'],
    ['hr', '/hr-report/leave'],
    ['hr', '/hr-report/recruitment-funnel'],
  ] as const;
  for (const [domain, path] of counted) {
    const res = await callAs(s.services[domain]!.url, contextCodec(KEY), reporter, 'GET', reportExportPath(path));
    expect([path, res.status, res.body.success]).toEqual([path, 403, false]);
  }
  // A bad query is the same clean 400 on the export as on the report.
  const bad = await s.api(tok.hr).get('/admin-report/tickets/export?from=2026-05-10&to=2026-05-01', EN);
  expect([bad.status, bad.body.errors[0].path]).toEqual([400, 'from']);
});
