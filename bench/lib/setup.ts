import { Client } from 'pg';
import { signIn } from './api';
import { benchPostgres, type BenchPg } from './postgres';
import { seedAssets, seedStaff } from './seed';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startStackProcess, type StackProcess, type StackProcessOptions } from './stack-process';

/** Staff to seed: BENCH_STAFF (default 100,000; development runs use fewer). */
export const STAFF = Number(process.env.BENCH_STAFF ?? 100_000);

/** Assets to seed where a benchmark asks for them (bench:list): BENCH_ASSETS (default 100,000). */
export const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);

/** The demo department head: VIEW_RELATED_DEPARTMENT over Kỹ thuật - Thi công and its sub-departments. */
export const HEAD_LOGIN = 'head.kttc';

export interface Seeded {
  pg: BenchPg;
  stack: StackProcess;
  users: { name: string; token: string }[];
  seed: Awaited<ReturnType<typeof seedStaff>>;
  /** When `assets` was asked for. */
  assetSeed: Awaited<ReturnType<typeof seedAssets>> | null;
  stop: () => Promise<void>;
}

/**
 * PostgreSQL, the all-in-one stack in its own process with the demo company, `STAFF` more staff seeded into HR,
 * `assets` more assets (none unless asked for) into the assets service, and two signed-in callers: the administrator (no
 * data scope) and the demo department head (department scope).
 */
export async function seededStack(opts: Omit<StackProcessOptions, 'adminUrl'> & { staff?: number; assets?: number } = {}): Promise<Seeded> {
  const pg = await benchPostgres();
  let stack: StackProcess | null = null;
  try {
    // BENCH_CPU_PROF=<dir>: the stack's process writes a V8 CPU profile there when it stops (bench/lib/cpu-profile.ts reads it).
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    // BENCH_NODE_ARGS: Node flags for the stack's process (e.g. --max-semi-space-size=32), to try a setting.
    prof.push(...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean));
    stack = await startStackProcess({
      ...opts,
      nodeArgs: [...(opts.nodeArgs ?? []), ...prof],
      adminUrl: pg.adminUrl,
      env: { ACCESS_TOKEN_TTL_SECONDS: '7200', ...opts.env },
    });
    const seed = await seedStaff(stack.hrDbUrl, opts.staff ?? STAFF);
    const assetSeed = opts.assets ? await seedAssets(stack.dbUrls.assets!, stack.hrDbUrl, opts.assets) : null;
    const users = [
      { name: 'admin (all staff)', token: await signIn(stack.url, stack.adminEmail, ADMIN_PASSWORD) },
      { name: `${HEAD_LOGIN} (department scope)`, token: await signIn(stack.url, HEAD_LOGIN, DEMO_PASSWORD) },
    ];
    const s = stack;
    return {
      pg,
      stack: s,
      users,
      seed,
      assetSeed,
      stop: async () => {
        await s.stop();
        await pg.stop();
      },
    };
  } catch (err) {
    await stack?.stop().catch(() => undefined);
    await pg.stop();
    throw err;
  }
}

/**
 * BENCH_TRY='CREATE INDEX …; …': SQL run on a list's database (then ANALYZE of its table) before it is measured or
 * explained, to try an index or a setting its declaration does not have yet. Answers what was run, or null.
 */
export async function trySql(dbUrl: string, table: string): Promise<string | null> {
  const sql = process.env.BENCH_TRY;
  if (!sql) return null;
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(sql);
    await db.query(`ANALYZE ${table}`);
    return sql;
  } finally {
    await db.end();
  }
}
