import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../scripts/lib/postgres';
import { DEPTH, SEED } from './depth';
import { KIT_BATTERY } from './shapes';
import { testedResources } from './resources';

/** One real PostgreSQL for the whole run: TEST_DATABASE_URL, or an embedded server in a temp folder. */
export default async function globalSetup() {
  process.env.NODE_ENV = 'test';
  // Names this run's database templates (support/stack.ts): a kept server never serves a template built by older code.
  process.env.TEST_RUN_ID = randomBytes(4).toString('hex');
  // The depth and the seed of the properties, once for every worker, in the log: what drew this run's cases.
  process.env.ABUSE_SEED ||= String(SEED);
  console.log(
    `\n[tests] depth ${DEPTH}, property seed ${process.env.ABUSE_SEED}${process.env.TEST_DEPTH ? '' : ' (TEST_DEPTH=deep: the full depth)'}: replay with TEST_DEPTH=${DEPTH} ABUSE_SEED=${process.env.ABUSE_SEED}`,
  );
  console.log(
    `[tests] the kit's batteries over ${KIT_BATTERY.size} of ${testedResources.length} resources${DEPTH === 'deep' ? '' : ` (the seed's cover of every declared shape: ${[...KIT_BATTERY].join(', ')})`}`,
  );
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-pg-'));
  const pg = await startEmbeddedPostgres(dir, undefined, undefined, { throwaway: true });
  (globalThis as { __PG__?: unknown }).__PG__ = pg;
  process.env.TEST_DATABASE_URL = pg.url('postgres');
}
