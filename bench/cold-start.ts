/**
 * Cold start and memory of the all-in-one process: `npm start` as a user runs it, from the command to
 * "Portal ready" and to the first 200 of /readyz — a first start on an empty data folder (PostgreSQL initialised,
 * every migration, the admin and the demo company) and a restart on the same folder — then the memory of the
 * all-in-one Node process (every service and the gateway) and of its PostgreSQL, at rest and under load (the staff
 * list at 50 connections over 100,000 staff, BENCH_DURATION seconds).
 *
 *   npx tsx bench/cold-start.ts            (BENCH_STAFF, BENCH_DURATION to change)
 *
 * First, as a new user meets it: a clean clone of this repository's committed HEAD in a temp folder, then
 * `npm ci`, the first `npm start` (which builds the web front end) to "Portal ready", and a second start — each timed.
 * BENCH_CLONE=0 skips that part. Then, in this checkout with the web build skipped (PORTAL_SKIP_WEB_BUILD=1), the
 * cold start and memory figures.
 * Targets: the fresh clone ready within 90 s of `npm start`; ours: ready within 30 s on a first start and
 * 10 s on a restart without the web build; RSS of the Node process under 512 MB at rest and under load.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/lib/postgres';
import { signIn } from './lib/api';
import { DURATION, load } from './lib/load';
import { mb, fmt, machineNote, pass, table } from './lib/report';
import { pssOf, rssOf, sampleRss } from './lib/memory';
import { descendants } from './lib/proc';
import { seedStaff } from './lib/seed';
import { STAFF, HEAD_LOGIN } from './lib/setup';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './lib/stack-process';

const ROOT = join(__dirname, '..');

interface Started {
  readyLine: number;
  readyz: number;
  stop: () => Promise<void>;
  nodePid: () => number;
  pgPids: () => number[];
}

async function npmStart(dataDir: string, port: number, pgPort: number, cwd = ROOT): Promise<Started> {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PG_PORT: String(pgPort),
      ...(cwd === ROOT ? { PORTAL_SKIP_WEB_BUILD: '1' } : {}),
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PORTAL_DEMO_PASSWORD: DEMO_PASSWORD,
      RATE_LIMIT_PER_MINUTE: '100000000',
      ACCESS_TOKEN_TTL_SECONDS: '7200',
    },
  });
  let output = '';
  const readyLine = await new Promise<number>((resolve, reject) => {
    const onData = (b: Buffer) => {
      output += b.toString();
      if (/Portal ready at/.test(output)) resolve(performance.now() - t0);
      if (output.length > 1e6) output = output.slice(-100_000);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}): ${output.slice(-3000)}`)));
    setTimeout(() => reject(new Error(`not ready in 180 s: ${output.slice(-3000)}`)), 180_000).unref();
  });
  let readyz = NaN;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      readyz = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const tree = () => descendants(child.pid!);
  return {
    readyLine,
    readyz,
    // The all-in-one process: the Node process running scripts/start.ts (under npm and the tsx launcher) that owns PostgreSQL.
    nodePid: () => {
      const t = tree();
      const pg = t.find((p) => p.comm === 'postgres');
      return (pg && t.find((p) => p.pid === pg.ppid)?.pid) ?? t.filter((p) => p.comm.startsWith('node') && p.cmdline.includes('start.ts')).at(-1)!.pid;
    },
    pgPids: () =>
      tree()
        .filter((p) => p.comm === 'postgres')
        .map((p) => p.pid),
    stop: async () => {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      process.kill(-child.pid!, 'SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    },
  };
}

const pgMemory = (pids: number[]) => pids.reduce((n, p) => n + pssOf(p), 0);

/** A clean clone of HEAD: `npm ci`, the first `npm start` (web build included), a second start. Times in ms. */
async function freshClone(): Promise<{ install: number; first: Started; second: Started }> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-clone-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as `postgres` when root runs the bench: it must reach the data folder inside
  try {
    execFileSync('git', ['clone', '-q', ROOT, dir], { stdio: 'inherit' });
    const t = performance.now();
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    const install = performance.now() - t;
    const dataDir = join(dir, '.data-bench');
    const [port, pgPort] = [await freePort(), await freePort()];
    const first = await npmStart(dataDir, port, pgPort, dir);
    await first.stop();
    const second = await npmStart(dataDir, port, pgPort, dir);
    await second.stop();
    return { install, first, second };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const note = machineNote();
  if (process.env.BENCH_CLONE !== '0') {
    const c = await freshClone();
    table(
      'A fresh clone — `git clone` of HEAD, `npm ci`, then `npm start` (the first builds the web front end) to "Portal ready"',
      ['step', 'seconds', 'target'],
      [
        ['npm ci', fmt(c.install / 1000, 1), '—'],
        [
          'first npm start: "Portal ready" (web build, initdb, migrations, demo company)',
          fmt(c.first.readyLine / 1000, 1),
          `${pass(c.first.readyLine <= 90_000)} (≤ 90 s)`,
        ],
        ['second npm start: "Portal ready"', fmt(c.second.readyLine / 1000, 1), `${pass(c.second.readyLine <= 10_000)} (≤ 10 s)`],
      ],
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-start-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  try {
    const first = await npmStart(dataDir, port, pgPort);
    await first.stop();
    const again = await npmStart(dataDir, port, pgPort);
    try {
      const pid = again.nodePid();
      await new Promise((r) => setTimeout(r, 5000));
      const rest = { node: rssOf(pid), pg: pgMemory(again.pgPids()) };
      const seed = await seedStaff(`postgres://portal:portal@127.0.0.1:${pgPort}/portal_hr`, STAFF);
      const url = `http://127.0.0.1:${port}`;
      const users = [
        [`admin`, await signIn(url, 'admin@portal.local', ADMIN_PASSWORD)],
        [HEAD_LOGIN, await signIn(url, HEAD_LOGIN, DEMO_PASSWORD)],
      ] as const;
      await new Promise((r) => setTimeout(r, 3000));
      const seeded = { node: rssOf(pid), pg: pgMemory(again.pgPids()) };
      const loaded: { who: string; rps: number; p99: number; peak: number; pg: number }[] = [];
      for (const [who, token] of users) {
        const mem = sampleRss(pid, 100);
        let pgPeak = 0;
        const pgTimer = setInterval(() => {
          pgPeak = Math.max(pgPeak, pgMemory(again.pgPids()));
        }, 1000);
        const r = await load(`${url}/api/v1/staff?page=1&limit=40`, { connections: 50, token });
        clearInterval(pgTimer);
        loaded.push({ who, rps: r.rps, p99: r.p99, peak: mem.stop().peak, pg: pgPeak });
      }
      await new Promise((r) => setTimeout(r, 5000));
      const after = { node: rssOf(pid), pg: pgMemory(again.pgPids()) };
      table(
        'Cold start — `npm start` (web build skipped) to "Portal ready" and to the first 200 of /readyz',
        ['start', '"Portal ready" s', '/readyz 200 s', 'target'],
        [
          [
            'first (empty data folder: initdb, migrations, admin, demo company)',
            fmt(first.readyLine / 1000, 1),
            fmt(first.readyz / 1000, 1),
            `${pass(first.readyz < 30_000)} (< 30 s)`,
          ],
          ['restart (same data folder)', fmt(again.readyLine / 1000, 1), fmt(again.readyz / 1000, 1), `${pass(again.readyz < 10_000)} (< 10 s)`],
        ],
      );
      table(
        `Memory of the all-in-one process (RSS) and its PostgreSQL (PSS, all backends) — ${STAFF.toLocaleString('en-US')} staff seeded in ${fmt(seed.seconds, 1)} s`,
        ['moment', 'Node process MB', 'PostgreSQL MB', 'target'],
        [
          ['at rest after the restart (demo company)', fmt(mb(rest.node), 0), fmt(mb(rest.pg), 0), `${pass(rest.node < 512 * 2 ** 20)} (< 512 MB)`],
          ['at rest with the staff seeded', fmt(mb(seeded.node), 0), fmt(mb(seeded.pg), 0), '—'],
          ...loaded.map((l) => [
            `under load: staff list as ${l.who}, 50 connections, ${DURATION} s (${fmt(l.rps, 0)} req/s, p99 ${fmt(l.p99, 0)} ms) — peak`,
            fmt(mb(l.peak), 0),
            fmt(mb(l.pg), 0),
            `${pass(l.peak < 512 * 2 ** 20)} (< 512 MB)`,
          ]),
          ['at rest 5 s after the load', fmt(mb(after.node), 0), fmt(mb(after.pg), 0), '—'],
        ],
      );
    } finally {
      await again.stop();
    }
    note();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
