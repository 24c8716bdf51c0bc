import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../scripts/lib/postgres';

export interface BenchPg {
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * The PostgreSQL of a benchmark run: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL), else a fresh
 * embedded server (the one `npm start` uses) in a temp folder that is removed afterwards.
 */
export async function benchPostgres(): Promise<BenchPg> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, stop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'));
  const pg = await startEmbeddedPostgres(dir);
  return {
    adminUrl: pg.url('postgres'),
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
