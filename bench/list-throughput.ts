/**
 * List throughput and latency, through the gateway, signed in, with the data scope, at 50 and 200 connections
 * (autocannon), against the limit measured in the same run: the statements the service ran for that very request
 * (captured from its pool), served by a bare Fastify route with `pg` in a process of its own.
 *
 * - The staff list, `GET /api/v1/staff?page=1&limit=40`, over 100,000 staff. Targets: at 50 connections, at least half
 *   the limit's requests per second, and p99 under 100 ms.
 * - The asset register, `GET /api/v1/asset?page=1&limit=40` (its page, total and tally), over 100,000 assets.
 *   Targets, at every connection count: at least 0.8 of the limit's requests per second, p99 at most twice its p99.
 *   Then the asset report page's three reports over the same register, each in one snapshot: their time as each caller.
 * - The project register, `GET /api/v1/project-business?page=1&limit=40`, over 20,000 projects, as the administrator and
 *   as a caller holding only a VIEW_SPECIFIC_PROJECT role over 50 of them (the project scope in SQL). Targets as the
 *   register's. Then the feasibility list, `GET /api/v1/business-feasibility?page=1&limit=40`, over one study for each of
 *   those projects (read as its project is: the scope through the project), as the same two callers, targets the same.
 *   Then the business reports (performance, the plan's, the market) and the matrix screen's figures over them, each in
 *   one snapshot.
 *
 *   npx tsx bench/list-throughput.ts     (BENCH_STAFF, BENCH_ASSETS, BENCH_DURATION, BENCH_CONNECTIONS=50,200 to change;
 *                                         BENCH_ONLY=staff, assets or projects measures one list alone;
 *                                         BENCH_PROJECTS: the projects seeded (20,000);
 *                                         BENCH_ROUNDS=3: each measurement three times, bare route and portal in turn, medians;
 *                                         BENCH_TRY='CREATE INDEX …' tries SQL on the measured list's database first)
 *
 * Lean lists: the same staff page as the list answered it before — every column (`fields=*`) — against the lean
 * default (the declaration's listed fields and titles): the answer's size, and both loads at 50 connections, in the same run.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asset, feasibility, MATRIX_BOARD_PATH, project, staff, type CallerContext } from '@portal/contracts';
import { CONTEXT_HEADER, contextCodec } from '@portal/service-kit';
import { startBaseline, type Baseline, type Listed } from './lib/baseline';
import { listTarget, type ListTarget } from './lib/list-target';
import { DURATION, load, type LoadResult } from './lib/load';
import { cpuMsOf, ownPostgresCpuMs } from './lib/proc';
import { fmt, machineNote, pass, table } from './lib/report';
import { ASSETS, seededStack, STAFF, trySql, type Seeded } from './lib/setup';
import { seedFeasibility, seedProjects } from './lib/seed';
import { signIn } from './lib/api';

/** Projects to seed for the project register's list (BENCH_PROJECTS, default 20,000). */
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20_000);

const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
/** A signed-in caller of a list, and the context the gateway signs for them (for the service-alone run). */
interface Caller {
  name: string;
  token: string;
  context: (t: ListTarget) => CallerContext;
}
const ONLY = process.env.BENCH_ONLY;
/**
 * Measurements of each list, caller and connection count (BENCH_ROUNDS, default 1): the bare route and the portal
 * alternately, each side's median run compared — on two shared cores one 10 s run moves by ±30 %.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/** The run of median rate among `runs` (its own p50 and p99 with it). */
const median = (runs: LoadResult[]): LoadResult => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)]!;

/** A list to measure: its declaration, its page, what was seeded (for the titles), and its target at `c` connections. */
interface List {
  def: Listed & { feature: string };
  path: string;
  title: string;
  target: (c: number, portal: LoadResult, base: LoadResult) => string;
}

const STAFF_LIST: List = {
  def: staff,
  path: '/api/v1/staff?page=1&limit=40',
  title: `${STAFF.toLocaleString('en-US')} staff`,
  target: (c, portal, base) => (c === 50 ? `${pass(portal.rps / base.rps >= 0.5)} (≥ 0.5); p99 ${pass(portal.p99 < 100)} (< 100 ms)` : '—'),
};
const ASSET_LIST: List = {
  def: asset,
  path: '/api/v1/asset?page=1&limit=40',
  title: `${ASSETS.toLocaleString('en-US')} assets`,
  target: (_c, portal, base) => `${pass(portal.rps >= 0.8 * base.rps)} (≥ 0.8); p99 ${pass(portal.p99 <= 2 * base.p99)} (≤ 2× the baseline's)`,
};

const PROJECT_LIST: List = {
  def: project,
  path: '/api/v1/project-business?page=1&limit=40',
  title: `${PROJECTS.toLocaleString('en-US')} projects`,
  target: ASSET_LIST.target,
};

const FEASIBILITY_LIST: List = {
  def: feasibility,
  path: '/api/v1/business-feasibility?page=1&limit=40',
  title: `${PROJECTS.toLocaleString('en-US')} feasibility studies (one per project)`,
  target: ASSET_LIST.target,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The context the gateway signs for the caller (packages/contracts CallerContext), rebuilt for the list's service
 * alone: the administrator, or the department head with the departments and own staff id the kit's count was run with.
 */
function callerOf(admin: boolean, t: ListTarget, feature: string): CallerContext {
  const departmentIds = t.countValues.find(Array.isArray) as string[];
  const staffId = t.countValues.find((v) => typeof v === 'string' && UUID.test(v)) as string;
  return {
    userId: randomUUID(),
    sessionId: randomUUID(),
    staffId: admin ? null : staffId,
    name: 'bench',
    lang: 'vi',
    isAdmin: admin,
    ability: admin ? [{ action: 'manage', subject: 'all' }] : [{ action: 'view', subject: feature }],
    staffScope: admin ? { type: 'VIEW_ALL', departmentIds: null } : { type: 'VIEW_RELATED_DEPARTMENT', departmentIds },
    projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
    ip: '127.0.0.1',
    userAgent: 'bench',
  } as CallerContext;
}

/**
 * One list, as each caller, at each connection count: the portal through the gateway, the bare baseline on the same
 * SQL, and the same request straight to the list's service with a context signed as the gateway signs it; CPU time per
 * request of each process from /proc. Prints its tables.
 */
async function measure(env: Seeded, baseline: Baseline, list: List, callers?: Caller[]): Promise<void> {
  const { def, path } = list;
  const who = callers ?? env.users.map((u, i) => ({ ...u, context: (t: ListTarget) => callerOf(i === 0, t, def.feature) }));
  const tried = await trySql(env.stack.dbUrls[def.domain]!, def.table);
  if (tried) console.log(`BENCH_TRY on the ${def.domain} database: ${tried}`);
  const codec = contextCodec(env.stack.internalKey);
  const targets: (ListTarget & { user: string; token: string; context: CallerContext })[] = [];
  for (const [i, u] of who.entries()) {
    const t = await listTarget(env.stack, baseline, `${def.table}-u${i}`, path, u.token, def);
    const tally = Object.entries(t.tally).map(([k, v]) => `, ${k} ${v}`);
    console.log(
      `${u.name}: ${t.totalRows} rows in scope${tally.join('')}; answers ${fmt(t.bytes[0] / 1024, 1)} KB (baseline ${fmt(t.bytes[1] / 1024, 1)} KB); the kit's SQL per request${t.reused.length ? ` (${t.reused.join(', ')} reused between writes: counted once)` : ''}:\n  ${t.sql.join('\n  ')}`,
    );
    targets.push({ ...t, user: u.name, token: u.token, context: u.context(t) });
    // The service alone must answer this caller's page as the gateway does (the context rebuilt right).
    const alone = await fetch(`${env.stack.serviceUrls[def.domain]}${path}`, { headers: { [CONTEXT_HEADER]: codec.sign(u.context(t)) } });
    const total = ((await alone.json()) as { data?: { totalRows?: number } }).data?.totalRows;
    if (total !== t.totalRows) console.warn(`${u.name}: the service alone answers ${total} rows, the gateway ${t.totalRows}`);
  }
  // Warm both up once (JIT, pools, plans).
  for (const t of targets) {
    await load(t.base, { connections: 50, duration: 3, warmup: 0 });
    await load(t.portal, { connections: 50, token: t.token, duration: 3, warmup: 0 });
  }
  const rows: (string | number)[][] = [];
  const cpuRows: (string | number)[][] = [];
  for (const c of CONNECTIONS) {
    for (const t of targets) {
      // ROUNDS pairs, the bare route then the portal, each side's median run kept (CPU summed over every round).
      const bases: LoadResult[] = [];
      const portals: LoadResult[] = [];
      const cpu1 = { base: 0, stack: 0, pg: 0 };
      const cpu2 = { base: 0, stack: 0, pg: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const b0 = { base: cpuMsOf(baseline.pid), pg: ownPostgresCpuMs() };
        bases.push(await load(t.base, { connections: c }));
        const b1 = { stack: cpuMsOf(env.stack.pid), pg: ownPostgresCpuMs(), base: cpuMsOf(baseline.pid) };
        portals.push(await load(t.portal, { connections: c, token: t.token }));
        const b2 = { stack: cpuMsOf(env.stack.pid), pg: ownPostgresCpuMs() };
        cpu1.base += b1.base - b0.base;
        cpu1.pg += b1.pg - b0.pg;
        cpu2.stack += b2.stack - b1.stack;
        cpu2.pg += b2.pg - b1.pg;
      }
      const base = median(bases);
      const portal = median(portals);
      const baseRequests = bases.reduce((n, r) => n + r.requests, 0);
      const portalRequests = portals.reduce((n, r) => n + r.requests, 0);
      // The same request to the service itself, with the context the gateway would sign: what the gateway hop costs.
      const directFrom = { stack: cpuMsOf(env.stack.pid) };
      const direct = await load(`${env.stack.serviceUrls[def.domain]}${path}`, {
        connections: c,
        headers: { [CONTEXT_HEADER]: codec.sign(t.context) },
      });
      const cpu3 = { stack: cpuMsOf(env.stack.pid) };
      // CPU per request: what each request costs whatever else runs on the machine (over the whole run, its warm-up seconds
      // and their requests included; the separate warm-up runs above in neither).
      cpuRows.push([
        t.user,
        String(c),
        fmt(cpu2.stack / portalRequests, 2),
        fmt(cpu2.pg / portalRequests, 2),
        fmt((cpu3.stack - directFrom.stack) / direct.requests, 2),
        fmt(cpu1.base / baseRequests, 2),
        fmt(cpu1.pg / baseRequests, 2),
      ]);
      for (const [what, r] of [
        ['portal', portal],
        ['baseline', base],
        ['service alone', direct],
      ] as const)
        if (r.non2xx || r.errors) console.warn(`${t.user} at ${c}: ${what} ${r.non2xx} non-2xx (${r.statuses}) / ${r.errors} errors`);
      rows.push([
        t.user,
        String(c),
        fmt(portal.rps, 0),
        fmt(portal.p50, 1),
        fmt(portal.p99, 1),
        fmt(base.rps, 0),
        fmt(base.p50, 1),
        fmt(base.p99, 1),
        fmt(portal.rps / base.rps, 2),
        fmt(portal.p99 / base.p99, 2),
        // Answers that were not 200 (a pool's connection timeout answers 503) fail the row whatever its rate.
        `${list.target(c, portal, base)}${portal.non2xx || portal.errors ? `; **${portal.non2xx + portal.errors} not 2xx**` : ''}`,
        `${fmt(direct.rps, 0)} (p99 ${fmt(direct.p99, 0)})`,
      ]);
    }
  }
  table(
    `List throughput — GET ${path}, ${list.title}, ${DURATION} s per run${ROUNDS > 1 ? `, the median of ${ROUNDS}` : ''}${tried ? `, with ${tried}` : ''}`,
    [
      'caller',
      'connections',
      'portal req/s',
      'p50 ms',
      'p99 ms',
      'bare Fastify + pg req/s',
      'p50 ms',
      'p99 ms',
      'ratio',
      'p99 ÷ baseline',
      'target',
      `${def.domain} service alone req/s`,
    ],
    rows,
  );
  table(
    `CPU time per request (ms), from /proc: the all-in-one process (gateway + services), the baseline process, and PostgreSQL — ${def.table}`,
    ['caller', 'connections', 'portal: Node', 'portal: PostgreSQL', `${def.domain} service alone: Node`, 'baseline: Node', 'baseline: PostgreSQL'],
    cpuRows,
  );
  console.log(`\nrows in scope: ${targets.map((t) => `${t.user} ${t.totalRows.toLocaleString('en-US')}`).join(', ')}`);
}

/** Lean against wide: what the staff list answered before (every column) and what it answers now, sizes and loads side by side. */
async function leanLists(env: Seeded): Promise<void> {
  const path = STAFF_LIST.path;
  const leanRows: (string | number)[][] = [];
  for (const u of env.users) {
    const lean = `${env.stack.url}${path}`;
    const wide = `${lean}&fields=*`;
    const size = async (url: string) => {
      const b = Buffer.from(await (await fetch(url, { headers: { authorization: `Bearer ${u.token}` } })).arrayBuffer());
      return [b.length, gzipSync(b).length];
    };
    const [[leanBytes, leanGz], [wideBytes, wideGz]] = [await size(lean), await size(wide)];
    const l = await load(lean, { connections: 50, token: u.token });
    const w = await load(wide, { connections: 50, token: u.token });
    leanRows.push([
      u.name,
      `${fmt(wideBytes / 1024, 1)} KB (gzip ${fmt(wideGz! / 1024, 1)})`,
      `${fmt(leanBytes / 1024, 1)} KB (gzip ${fmt(leanGz! / 1024, 1)})`,
      fmt(w.rps, 0),
      fmt(l.rps, 0),
      fmt(w.p99, 1),
      fmt(l.p99, 1),
      fmt(l.rps / w.rps, 2),
    ]);
  }
  table(
    `Lean lists — GET ${path}: every column (fields=*, the answer before) against the listed fields, 50 connections`,
    ['caller', 'answer, every column', 'answer, lean', 'req/s every column', 'req/s lean', 'p99 ms every column', 'p99 ms lean', 'lean ÷ every column'],
    leanRows,
  );
}

/**
 * The asset report page's figures over the seeded register: each report (one snapshot: a repeatable-read, read-only
 * transaction; services/assets reports) through the gateway, as each caller, `REPORT_RUNS` times one after another —
 * the median and the slowest — and its xlsx export once.
 */
const REPORT_RUNS = 15;
async function assetReportTimes(env: Seeded): Promise<void> {
  const year = new Date().getUTCFullYear();
  const paths = [`/api/v1/asset-report?year=${year}`, '/api/v1/asset-report/status', `/api/v1/asset-report/repairs?from=${year}-01-01&to=${year}-12-31`];
  await reportTimes(
    env.stack.url,
    env.users,
    paths,
    (b) => b.total ?? b.repairs,
    `The asset reports over ${ASSETS.toLocaleString('en-US')} assets (each in one snapshot; ${REPORT_RUNS} runs in a row)`,
    'assets (repairs)',
  );
}

/** Reports through the gateway, as each caller, REPORT_RUNS times one after another (median, slowest), and each xlsx once. */
async function reportTimes(
  url: string,
  users: { name: string; token: string }[],
  paths: string[],
  counted: (data: Record<string, number>) => number | undefined,
  title: string,
  countLabel: string,
): Promise<void> {
  const env = { stack: { url }, users };
  const rows: (string | number)[][] = [];
  const get = async (path: string, token: string) => {
    const t0 = performance.now();
    const res = await fetch(`${env.stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    return { ms: performance.now() - t0, body };
  };
  for (const u of env.users) {
    for (const path of paths) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < REPORT_RUNS; i++) {
        const r = await get(path, u.token);
        times.push(r.ms);
        total = counted(JSON.parse(Buffer.from(r.body).toString()).data) ?? 0;
      }
      times.sort((a, b) => a - b);
      const [bare, query = ''] = path.split('?');
      const xlsx = await get(`${bare}/export${query ? `?${query}` : ''}`, u.token);
      rows.push([
        u.name,
        // The path, and its choice when the same report is measured twice (the matrix's open and all).
        path.replace('/api/v1', '').replace(/\?(?!which=).*$/, ''),
        total,
        fmt(times[Math.floor(times.length / 2)]!, 1),
        fmt(times.at(-1)!, 1),
        fmt(xlsx.ms, 1),
      ]);
    }
  }
  table(title, ['caller', 'report', countLabel, 'median ms', 'slowest ms', 'xlsx ms'], rows);
}

/**
 * The project register over PROJECTS more projects: the administrator, and a caller holding only a VIEW_SPECIFIC_PROJECT
 * role over 50 of them (made through the API as an administrator would); then the business reports over the same register.
 */
async function projectList(env: Seeded, baseline: Baseline): Promise<void> {
  const seeded = await seedProjects(env.stack.dbUrls.business!, PROJECTS);
  console.log(`seeded ${PROJECTS} projects in ${seeded.seconds.toFixed(1)} s`);
  const studies = await seedFeasibility(env.stack.dbUrls.business!, seeded.ids);
  console.log(`seeded ${PROJECTS} feasibility studies in ${studies.seconds.toFixed(1)} s`);
  const admin = env.users[0]!;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${env.stack.url}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: { id: string }; message?: string };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${json.message ?? ''}`);
    return json.data;
  };
  const mine = seeded.ids.filter((_, i) => i % Math.floor(PROJECTS / 50) === 0).slice(0, 50);
  const role = await post('/role', {
    code: 'BENCH-SPECIFIC',
    name: 'Dự án được chỉ định (bench)',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_SPECIFIC_PROJECT',
    project_ids: mine,
    permissions: [
      { feature: 'project', actions: ['view'] },
      { feature: 'report', actions: ['view'] },
    ],
  });
  const user = await post('/user', { username: 'bench.specific', email: 'bench.specific@example.com', full_name: 'PM chỉ định', role_ids: [role.id] });
  await post(`/user/${user.id}/password`, { password: 'Specific@2026' });
  const specific = { name: 'bench.specific (50 specific projects)', token: await signIn(env.stack.url, 'bench.specific', 'Specific@2026') };
  const callers: Caller[] = [
    { ...admin, context: (t) => callerOf(true, t, 'project') },
    {
      ...specific,
      context: (t) => ({
        ...callerOf(false, t, 'project'),
        staffId: null,
        staffScope: { type: 'VIEW_RELATED_DEPARTMENT', departmentIds: [] },
        projectScope: { type: 'VIEW_SPECIFIC_PROJECT', projectIds: mine, departmentIds: [], specificIds: mine },
      }),
    },
  ];
  await measure(env, baseline, PROJECT_LIST, callers);
  await measure(env, baseline, FEASIBILITY_LIST, callers);
  const year = new Date().getUTCFullYear();
  await reportTimes(
    env.stack.url,
    callers,
    [
      `/api/v1/business-report/perform?year=${year}`,
      `/api/v1/business-report/plan/chart?f_main_year=${year}`,
      `/api/v1/business-report/market?year=${year}`,
      `/api/v1${MATRIX_BOARD_PATH}?which=open`,
      `/api/v1${MATRIX_BOARD_PATH}?which=all`,
    ],
    (b) => b.projects ?? b.decided ?? b.plans,
    `The business reports and the matrix screen over ${PROJECTS.toLocaleString('en-US')} more projects (each in one snapshot; ${REPORT_RUNS} runs in a row)`,
    'projects (bids decided, plans)',
  );
}

async function main() {
  const note = machineNote();
  const env = await seededStack({ assets: ONLY === undefined || ONLY === 'assets' ? ASSETS : 0 });
  const baseline = await startBaseline(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}/baseline`] : []);
  try {
    console.log(`seeded ${STAFF} staff over ${env.seed.departments} departments in ${env.seed.seconds.toFixed(1)} s`);
    if (env.assetSeed) console.log(`seeded ${ASSETS} assets (${env.assetSeed.held} held) in ${env.assetSeed.seconds.toFixed(1)} s`);
    if (ONLY === undefined || ONLY === 'staff') {
      await measure(env, baseline, STAFF_LIST);
      await leanLists(env);
    }
    if (ONLY === undefined || ONLY === 'assets') {
      await measure(env, baseline, ASSET_LIST);
      await assetReportTimes(env);
    }
    if (ONLY === undefined || ONLY === 'projects') await projectList(env, baseline);
    note();
  } finally {
    await baseline.stop();
    await env.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
