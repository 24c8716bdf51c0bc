/**
 * Import and export, through the gateway as the administrator, over 100,000 staff:
 * - import of 10,000 new staff from an .xlsx, first its check (`?dry_run=1`) then the import, both with `progress=1`
 *   (the progress the import dialog shows: newline-delimited JSON while the rows go, the answer last): time, the
 *   progress lines (how many, the first one, the longest silence), and the all-in-one process's memory;
 * - export of the department head's 12,000 staff, then of all 100,000 twice: time, size, and the process's memory while
 *   it streams — it must stay flat (a cursor of 1,000 rows, the xlsx written as it goes).
 *
 *   npx tsx bench/import-export.ts            (BENCH_STAFF, BENCH_IMPORT_ROWS=10000 to change)
 *
 * Targets: the import reports progress (a line at least every second); the export's memory does not grow with its rows
 * (the process's RSS in the second half of a 100,000-row export no more than in its first half, + 10 %; judged on the
 * second one, the first also grows V8's heap to its working size).
 */
import { Client } from 'pg';
import { fmt, machineNote, mb, pass, table } from './lib/report';
import { rssOf, sampleRss } from './lib/memory';
import { seededStack } from './lib/setup';
import { staffWorkbook } from './lib/xlsx-staff';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

interface Line {
  type: 'progress' | 'result';
  done?: number;
  total?: number;
  status?: number;
  body?: { success: boolean; data?: unknown; message?: string; errors?: unknown[] };
  file?: { errors: number };
}

/** POST the workbook to /staff/import with progress=1; the lines as they came, with their times. */
async function importWithProgress(url: string, token: string, file: Buffer, dryRun: boolean, pid: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'staff-import.xlsx');
  const mem = sampleRss(pid);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/staff/import?progress=1${dryRun ? '&dry_run=1' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('ndjson')) throw new Error(`import: ${res.status} ${await res.text()}`);
  const headersAt = performance.now() - t0;
  const lines: (Line & { at: number })[] = [];
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const p of parts) if (p.trim()) lines.push({ ...(JSON.parse(p) as Line), at: performance.now() - t0 });
  }
  const seconds = (performance.now() - t0) / 1000;
  const m = mem.stop();
  const result = lines.at(-1)!;
  if (result.type !== 'result' || result.status !== 200 || result.body?.success !== true)
    throw new Error(`import answered ${JSON.stringify(result).slice(0, 500)}`);
  const progress = lines.filter((l) => l.type === 'progress');
  const gaps = lines.slice(1).map((l, i) => l.at - lines[i]!.at);
  const worst = gaps.indexOf(Math.max(...gaps));
  // Where the longest silence was: after which line (reading the file is `0 of 0`).
  const silenceAfter = worst >= 0 ? `${lines[worst]!.done ?? '?'} of ${lines[worst]!.total ?? '?'}` : '';
  return {
    seconds,
    headersAt,
    progressLines: progress.length,
    firstProgressAt: progress[0]?.at ?? NaN,
    maxGap: Math.max(...gaps),
    silenceAfter,
    rest: m.first,
    peak: m.peak,
    data: result.body.data,
  };
}

/** GET the export, counting its bytes as they stream; the process's memory meanwhile. */
async function exportAll(url: string, token: string, pid: number, rest: number) {
  const mem = sampleRss(pid);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/staff/export?fileName=staff.xlsx`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  let firstByte = NaN;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!bytes) firstByte = performance.now() - t0;
    bytes += chunk.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  const m = mem.stop();
  // The largest RSS in each quarter of the export's time: flat memory plateaus, rows held in memory would climb.
  const quarters = [0, 1, 2, 3].map((q) =>
    Math.max(0, ...m.samples.filter((s) => s.at >= (q * seconds * 1000) / 4 && s.at <= ((q + 1) * seconds * 1000) / 4).map((s) => s.rss)),
  );
  return { seconds, firstByte, bytes, peak: m.peak, growth: m.peak - rest, quarters };
}

async function settle(pid: number, gcOf: () => Promise<unknown>) {
  await gcOf();
  await new Promise((r) => setTimeout(r, 1500));
  return rssOf(pid);
}

async function main() {
  const note = machineNote();
  const env = await seededStack({ nodeArgs: ['--expose-gc'] });
  try {
    const [admin, head] = env.users as [(typeof env.users)[0], (typeof env.users)[0]];
    const { pid } = env.stack;
    const gc = () => env.stack.gc();
    const db = new Client({ connectionString: env.stack.hrDbUrl });
    await db.connect();
    const depts = (await db.query<{ code: string }>(`SELECT code FROM organization WHERE type = 'DEPARTMENT' AND code <> 'BGD' ORDER BY code`)).rows.map(
      (r) => r.code,
    );
    const positions = (await db.query<{ code: string }>(`SELECT code FROM position WHERE code IN ('KS', 'NV') ORDER BY code`)).rows.map((r) => r.code);
    const t0 = performance.now();
    const file = await staffWorkbook(ROWS, depts, positions);
    const buildSeconds = (performance.now() - t0) / 1000;
    console.log(`workbook of ${ROWS} rows: ${fmt(mb(file.length), 2)} MB, built in ${fmt(buildSeconds, 1)} s`);

    // Exports first, over the seeded staff: the head's slice, then everything.
    const rest0 = await settle(pid, gc);
    const exHead = await exportAll(env.stack.url, head.token, pid, rest0);
    const rest1 = await settle(pid, gc);
    const exAll = await exportAll(env.stack.url, admin.token, pid, rest1);
    const rest1b = await settle(pid, gc);
    const exAgain = await exportAll(env.stack.url, admin.token, pid, rest1b);
    const total = Number((await db.query(`SELECT count(*) AS n FROM staff WHERE state = 'ACTIVE'`)).rows[0].n);
    const headRows =
      0 +
      (
        (await (await fetch(`${env.stack.url}/api/v1/staff?limit=10`, { headers: { authorization: `Bearer ${head.token}` } })).json()) as {
          data: { totalRows: number };
        }
      ).data.totalRows;

    const restI = await settle(pid, gc);
    const check = await importWithProgress(env.stack.url, admin.token, file, true, pid);
    const restJ = await settle(pid, gc);
    const imp = await importWithProgress(env.stack.url, admin.token, file, false, pid);
    const imported = Number((await db.query(`SELECT count(*) AS n FROM staff WHERE code LIKE 'IM%' AND state = 'ACTIVE'`)).rows[0].n);
    if (imported !== ROWS) throw new Error(`imported ${imported} of ${ROWS}`);
    await db.end();

    const progressOk = (x: typeof check) => x.progressLines >= 10 && x.maxGap <= 1000;
    table(
      `Import of ${ROWS.toLocaleString('en-US')} staff from .xlsx (${fmt(mb(file.length), 2)} MB) — POST /api/v1/staff/import?progress=1, as admin`,
      [
        'step',
        'time s',
        'rows/s',
        'progress lines',
        'first line after (ms)',
        'longest silence ms (after)',
        'process RSS at rest → peak MB',
        'answer',
        'target',
      ],
      [
        [
          'check (dry_run=1)',
          fmt(check.seconds, 1),
          fmt(ROWS / check.seconds, 0),
          String(check.progressLines),
          fmt(check.firstProgressAt, 0),
          `${fmt(check.maxGap, 0)} (${check.silenceAfter})`,
          `${fmt(mb(restI), 0)} → ${fmt(mb(check.peak), 0)}`,
          JSON.stringify(check.data),
          `progress ${pass(progressOk(check))} (a line ≥ every 1 s)`,
        ],
        [
          'import',
          fmt(imp.seconds, 1),
          fmt(ROWS / imp.seconds, 0),
          String(imp.progressLines),
          fmt(imp.firstProgressAt, 0),
          `${fmt(imp.maxGap, 0)} (${imp.silenceAfter})`,
          `${fmt(mb(restJ), 0)} → ${fmt(mb(imp.peak), 0)}`,
          JSON.stringify(imp.data),
          `progress ${pass(progressOk(imp))} (a line ≥ every 1 s)`,
        ],
      ],
    );
    // Flat: the second half of a 100,000-row export holds no more than its first half (+10 %). The first large export of
    // the process also grows V8's heap to its working size: the second one shows the steady state.
    const flatOf = (x: typeof exAll) => Math.max(x.quarters[2]!, x.quarters[3]!) <= 1.1 * Math.max(x.quarters[0]!, x.quarters[1]!);
    const q = (x: typeof exAll) => x.quarters.map((v) => fmt(mb(v), 0)).join(' / ');
    table(
      'Export — GET /api/v1/staff/export (xlsx streamed from a cursor)',
      ['caller', 'rows', 'time s', 'rows/s', 'first byte ms', 'size MB', 'process RSS at rest → peak MB', 'RSS by quarter of the export MB', 'target'],
      [
        [
          head.name,
          headRows.toLocaleString('en-US'),
          fmt(exHead.seconds, 1),
          fmt(headRows / exHead.seconds, 0),
          fmt(exHead.firstByte, 0),
          fmt(mb(exHead.bytes), 1),
          `${fmt(mb(rest0), 0)} → ${fmt(mb(exHead.peak), 0)}`,
          q(exHead),
          '—',
        ],
        [
          admin.name,
          total.toLocaleString('en-US'),
          fmt(exAll.seconds, 1),
          fmt(total / exAll.seconds, 0),
          fmt(exAll.firstByte, 0),
          fmt(mb(exAll.bytes), 1),
          `${fmt(mb(rest1), 0)} → ${fmt(mb(exAll.peak), 0)}`,
          q(exAll),
          `first large export: ${flatOf(exAll) ? 'flat' : 'grows while the heap sizes up'}`,
        ],
        [
          `${admin.name}, again`,
          total.toLocaleString('en-US'),
          fmt(exAgain.seconds, 1),
          fmt(total / exAgain.seconds, 0),
          fmt(exAgain.firstByte, 0),
          fmt(mb(exAgain.bytes), 1),
          `${fmt(mb(rest1b), 0)} → ${fmt(mb(exAgain.peak), 0)}`,
          q(exAgain),
          `flat ${pass(flatOf(exAgain))} (2nd half ≤ 1st half + 10 %)`,
        ],
      ],
    );
    note();
  } finally {
    await env.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
