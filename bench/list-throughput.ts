/**
 * List throughput and latency: `GET /api/v1/staff?page=1&limit=40` through the gateway, signed in, with
 * the data scope, over 100,000 staff, at 50 and 200 connections (autocannon), against the limit measured in the same
 * run: the statements the HR service ran for that very request (captured from its pool), served by a bare Fastify
 * route with `pg` in a process of its own.
 *
 *   npx tsx bench/list-throughput.ts            (BENCH_STAFF, BENCH_DURATION, BENCH_CONNECTIONS=50,200 to change)
 *
 * Targets: at 50 connections, at least half the limit's requests per second, and p99 under 100 ms.
 *
 * Lean lists: the same page as the list answered it before — every column (`fields=*`) — against the lean
 * default (the declaration's listed fields and titles): the answer's size, and both loads at 50 connections, in the same run.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { startBaseline } from './lib/baseline';
import { listTarget, type ListTarget } from './lib/list-target';
import { DURATION, load, type LoadResult } from './lib/load';
import { fmt, machineNote, pass, table } from './lib/report';
import { seededStack, STAFF } from './lib/setup';
import { cpuMsOf, ownPostgresCpuMs } from './lib/proc';
import { CONTEXT_HEADER, contextCodec } from '@portal/service-kit';
import type { CallerContext } from '@portal/contracts';

const PATH = '/api/v1/staff?page=1&limit=40';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);

/**
 * The context the gateway signs for the caller (packages/contracts CallerContext), rebuilt for the HR service alone:
 * the administrator, or the department head with the departments and own staff id the kit's count was run with.
 */
function callerOf(admin: boolean, t: ListTarget): CallerContext {
  const [, departmentIds, staffId] = t.countValues as [string, string[], string];
  return {
    userId: randomUUID(),
    sessionId: randomUUID(),
    staffId: admin ? null : staffId,
    name: 'bench',
    lang: 'vi',
    isAdmin: admin,
    ability: admin ? [{ action: 'manage', subject: 'all' }] : [{ action: 'view', subject: 'staff' }],
    staffScope: admin ? { type: 'VIEW_ALL', departmentIds: null } : { type: 'VIEW_RELATED_DEPARTMENT', departmentIds },
    projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
    ip: '127.0.0.1',
    userAgent: 'bench',
  } as CallerContext;
}

async function main() {
  const note = machineNote();
  const env = await seededStack();
  const baseline = await startBaseline(
    env.stack.hrDbUrl,
    process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}/baseline`] : [],
  );
  try {
    console.log(`seeded ${STAFF} staff over ${env.seed.departments} departments in ${env.seed.seconds.toFixed(1)} s`);
    const targets: (ListTarget & { user: string; context: CallerContext })[] = [];
    const codec = contextCodec(env.stack.internalKey);
    for (const [i, u] of env.users.entries()) {
      const t = await listTarget(env.stack, baseline, `u${i}`, PATH, u.token);
      console.log(
        `${u.name}: ${t.totalRows} rows in scope; the kit's SQL per request${t.countReused ? ' (its total reused between writes: counted once)' : ''}:\n  ${t.sql.join('\n  ')}`,
      );
      targets.push({ ...t, user: u.name, context: callerOf(i === 0, t) });
    }
    const rows: (string | number)[][] = [];
    const cpuRows: (string | number)[][] = [];
    // Warm both up once (JIT, pools, plans).
    for (const t of targets) {
      await load(t.base, { connections: 50, duration: 3, warmup: 0 });
      await load(t.portal, { connections: 50, token: env.users.find((x) => x.name === t.user)!.token, duration: 3, warmup: 0 });
    }
    const summary: { user: string; c: number; portal: LoadResult; base: LoadResult }[] = [];
    for (const c of CONNECTIONS) {
      for (const t of targets) {
        const u = env.users.find((x) => x.name === t.user)!;
        const cpu0 = { base: cpuMsOf(baseline.pid), stack: cpuMsOf(env.stack.pid), pg: ownPostgresCpuMs() };
        const base = await load(t.base, { connections: c, warmup: 0 });
        const cpu1 = { base: cpuMsOf(baseline.pid), stack: cpuMsOf(env.stack.pid), pg: ownPostgresCpuMs() };
        const portal = await load(t.portal, { connections: c, token: u.token, warmup: 0 });
        const cpu2 = { base: cpuMsOf(baseline.pid), stack: cpuMsOf(env.stack.pid), pg: ownPostgresCpuMs() };
        // The same request to the HR service itself, with the context the gateway would sign: what the gateway hop costs.
        const direct = await load(`${env.stack.hrUrl}${PATH}`, { connections: c, warmup: 0, headers: { [CONTEXT_HEADER]: codec.sign(t.context) } });
        const cpu3 = { stack: cpuMsOf(env.stack.pid), pg: ownPostgresCpuMs() };
        // CPU per request: what each request costs whatever else runs on the machine (warm-up runs included in neither).
        cpuRows.push([
          t.user,
          String(c),
          fmt((cpu2.stack - cpu1.stack) / portal.requests, 2),
          fmt((cpu2.pg - cpu1.pg) / portal.requests, 2),
          fmt((cpu3.stack - cpu2.stack) / direct.requests, 2),
          fmt((cpu1.base - cpu0.base) / base.requests, 2),
          fmt((cpu1.pg - cpu0.pg) / base.requests, 2),
        ]);
        if (portal.non2xx || portal.errors || base.non2xx || base.errors)
          console.warn(
            `${t.user} at ${c}: portal ${portal.non2xx} non-2xx (${portal.statuses}) / ${portal.errors} errors, baseline ${base.non2xx} / ${base.errors}`,
          );
        summary.push({ user: t.user, c, portal, base });
        const ratio = portal.rps / base.rps;
        const target = c === 50 ? `${pass(ratio >= 0.5)} (≥ 0.5); p99 ${pass(portal.p99 < 100)} (< 100 ms)` : '—';
        rows.push([
          t.user,
          String(c),
          fmt(portal.rps, 0),
          fmt(portal.p50, 1),
          fmt(portal.p99, 1),
          fmt(base.rps, 0),
          fmt(base.p50, 1),
          fmt(base.p99, 1),
          fmt(ratio, 2),
          target,
          `${fmt(direct.rps, 0)} (p99 ${fmt(direct.p99, 0)})`,
        ]);
      }
    }
    table(
      `List throughput — GET ${PATH}, ${STAFF.toLocaleString('en-US')} staff, ${DURATION} s per run`,
      ['caller', 'connections', 'portal req/s', 'p50 ms', 'p99 ms', 'bare Fastify + pg req/s', 'p50 ms', 'p99 ms', 'ratio', 'target', 'HR service alone req/s'],
      rows,
    );
    table(
      'CPU time per request (ms), from /proc: the all-in-one process (gateway + services), the baseline process, and PostgreSQL',
      ['caller', 'connections', 'portal: Node', 'portal: PostgreSQL', 'HR service alone: Node', 'baseline: Node', 'baseline: PostgreSQL'],
      cpuRows,
    );
    // Lean against wide: what a list answered before (every column) and what it answers now, sizes and loads side by side.
    const leanRows: (string | number)[][] = [];
    for (const u of env.users) {
      const lean = `${env.stack.url}${PATH}`;
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
      `Lean lists — GET ${PATH}: every column (fields=*, the answer before) against the listed fields, 50 connections`,
      ['caller', 'answer, every column', 'answer, lean', 'req/s every column', 'req/s lean', 'p99 ms every column', 'p99 ms lean', 'lean ÷ every column'],
      leanRows,
    );
    console.log(`\nrows in scope: ${targets.map((t) => `${t.user} ${t.totalRows.toLocaleString('en-US')}`).join(', ')}`);
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
