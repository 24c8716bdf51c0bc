import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase } from '../../scripts/lib/postgres';

export default async function globalTeardown() {
  // The data folders of this run's seeded templates (support/stack.ts templateDir).
  for (const name of readdirSync(tmpdir())) {
    if (process.env.TEST_RUN_ID && name.startsWith(`portal-tpl_${process.env.TEST_RUN_ID}_`)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  const pg = (globalThis as { __PG__?: { stop: () => Promise<void> } }).__PG__;
  if (pg) return pg.stop();
  // A kept server (TEST_DATABASE_URL): this run's database templates (support/stack.ts) go.
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !process.env.TEST_RUN_ID) return;
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`tpl\\_${process.env.TEST_RUN_ID}\\_%`]);
    for (const { datname } of rows) await dropDatabase(url, datname);
  } finally {
    await c.end();
  }
}
