import { z } from 'zod';
import { can, companyDayOf, PORTAL_TIME_ZONE, reportExportPath, zDay, type CallerContext, type ReportDecl, type ResourceDef } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, ok, requestLang } from './errors';
import { requireCaller } from './access';
import type { ServiceKit } from './app';
import { withTx } from './db';
import { parseOrThrow } from './resource/validation';
import type { Pool, PoolClient } from 'pg';
import type { Params } from './resource/query';
import { contentDisposition, downloadName, XLSX_TYPE } from './resource/download';
import { reportWorkbook } from './report-xlsx';

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;

const blankless = (raw: unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined));

/**
 * A report's period from its query (`from`–`to`, dd/mm/yyyy or yyyy-mm-dd, inclusive): this month by default — its
 * bookings and schedules still to come included.
 * A bad date, a reversed period or one longer than REPORT_MAX_DAYS is a 400 with its message.
 */
export function reportPeriod(raw: unknown, today: string = companyDayOf(new Date())): { from: string; to: string } {
  const q = parseOrThrow(z.object({ from: zDay().optional(), to: zDay().optional() }), blankless(raw), (e) => badRequest(e));
  const from = q.from ?? `${today.slice(0, 7)}-01`;
  const to = q.to ?? lastDayOfMonth(today);
  if (from > to) throw badRequest([{ path: 'from', key: 'date_before', params: { other: { vi: 'Đến ngày', en: 'To date' } } }]);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > REPORT_MAX_DAYS)
    throw badRequest([{ path: 'to', key: 'calendar_range_too_long', params: { n: REPORT_MAX_DAYS } }]);
  return { from, to };
}

/** The last day of the month of a day ('YYYY-MM-DD'). */
function lastDayOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** A report's `year` (default this year, the company's). */
export function reportYear(raw: unknown, today: string = companyDayOf(new Date()), param = 'year'): { year: number } {
  const q = parseOrThrow(
    z.object({
      [param]: z
        .preprocess(
          (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
          z
            .number({ error: 'must_integer' })
            .int({ error: 'must_integer' })
            .min(2000, { error: 'min_number|{"n":2000}' })
            .max(2200, { error: 'max_number|{"n":2200}' }),
        )
        .optional(),
    }),
    blankless(raw),
    (e) => badRequest(e),
  );
  return { year: (q[param] as number | undefined) ?? Number(today.slice(0, 4)) };
}

/** The instants a period of company days spans, as SQL: [first day's midnight, the midnight after the last day). */
export function periodBounds(p: Params, period: { from: string; to: string }): { start: string; end: string } {
  const tz = p.add(PORTAL_TIME_ZONE);
  return { start: `(${p.add(period.from)}::date::timestamp AT TIME ZONE ${tz})`, end: `((${p.add(period.to)}::date + 1)::timestamp AT TIME ZONE ${tz})` };
}

/** `column` (a timestamptz) within the period's company days, as SQL. */
export function inPeriod(p: Params, column: string, period: { from: string; to: string }): string {
  const { start, end } = periodBounds(p, period);
  return `${column} >= ${start} AND ${column} < ${end}`;
}

/**
 * A report counts records of `defs`: besides the `report` right (the route's), the caller needs the right to view them —
 * who may not read interviews does not count them either. An administrator may.
 */
export function requireViewOf(ctx: CallerContext, ...defs: Pick<ResourceDef, 'feature'>[]): CallerContext {
  for (const d of defs) if (!ctx.isAdmin && !can(ctx, 'view', d.feature)) throw forbidden();
  return ctx;
}

/**
 * The statements of one report read one snapshot (a repeatable-read, read-only transaction), so its total and its
 * breakdowns never disagree over a row written in between.
 */
export function inSnapshot<T>(pool: Pool, fn: (db: PoolClient) => Promise<T>): Promise<T> {
  return withTx(pool, fn, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

/**
 * A report, declared once: its declaration in contracts (`report`: path, figures, breakdowns — kit/report.ts; its
 * route's right is in the contracts' route lists), the records it `counts` — its reader needs the view right on each
 * besides the route's own (`report`), so nobody counts what they may not read —, how its query is read
 * (`reportPeriod`, `reportYear`, or the domain's own parser; `today` is the service's clock), and `run`, which reads
 * every figure in one snapshot (`db`: a repeatable-read, read-only transaction), within the caller's data scope.
 * `caller`: who asks, when the service resolves more of the caller than the signed context (the activity log's
 * project scope); the signed caller by default.
 */
export interface ReportSpec<Q, T> {
  report: ReportDecl<T>;
  counts: readonly Pick<ResourceDef, 'feature'>[];
  query: (raw: unknown, today: string) => Q;
  run: (r: ReportRun<Q>) => Promise<T>;
  caller?: (req: FastifyRequest) => Promise<CallerContext>;
}

/**
 * A report's statements one after another (a snapshot is one client, which runs one query at a time), their results in
 * the order given.
 */
export async function inTurn<T extends readonly (() => Promise<unknown>)[]>(...steps: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const step of steps) out.push(await step());
  return out as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/** What a report's `run` is given: one snapshot's client, the caller, the parsed query, the service's kit. */
export interface ReportRun<Q> {
  db: PoolClient;
  ctx: CallerContext;
  q: Q;
  kit: ServiceKit;
}

export const defineReport = <Q, T>(spec: ReportSpec<Q, T>): ReportSpec<Q, T> => spec;

/**
 * The routes of each report: its answer (`GET <path>`) and its xlsx export (`GET <path>/export`, one sheet per
 * breakdown headed in the caller's language, kit/report.ts). Both take the caller, the rights of what it counts, its
 * query and one snapshot the same way — the export is the answer, written out.
 */
// biome-ignore lint/suspicious/noExplicitAny: each report has its own query and answer types; reportRoutes only passes them along.
export function reportRoutes(app: FastifyInstance, kit: ServiceKit, specs: readonly ReportSpec<any, any>[]) {
  for (const spec of specs) {
    const answer = async (req: FastifyRequest) => {
      const ctx = requireViewOf(spec.caller ? await spec.caller(req) : requireCaller(req), ...spec.counts);
      const q = spec.query(req.query, kit.today());
      return inSnapshot(kit.pool, (db) => spec.run({ db, ctx, q, kit }));
    };
    app.get(`/api/v1${spec.report.path}`, async (req) => ok(await answer(req)));
    app.get(`/api/v1${reportExportPath(spec.report.path)}`, async (req, reply) => {
      const data = await answer(req);
      const lang = requestLang(req);
      const name = downloadName((req.query as Record<string, unknown> | undefined)?.fileName, spec.report.title[lang]);
      reply.header('content-type', XLSX_TYPE);
      reply.header('content-disposition', contentDisposition(name));
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(await reportWorkbook(spec.report, data, lang));
    });
  }
}
