/**
 * A list's counts kept between writes (service-kit resource/counts.ts), over a real PostgreSQL: a write of the service
 * counts again at once; time passing alone never makes a request wait — past its time a count still answers while it is
 * counted again in the background, and a row written from outside the service is counted once that is done.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '@portal/service-kit';
import { ListCounts } from '../../packages/service-kit/src/resource/counts';
import { dropDatabase, ensureDatabase, withDatabase } from '../../scripts/lib/postgres';

let pool: Pool;
let dbName: string;
const SQL = 'SELECT count(*)::int AS n FROM counted t WHERE t.kind = $1';

beforeAll(async () => {
  dbName = `t_list_counts_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(process.env.TEST_DATABASE_URL!, dbName);
  pool = createPool(withDatabase(process.env.TEST_DATABASE_URL!, dbName), 4);
  await pool.query('CREATE TABLE counted (kind text NOT NULL)');
  await pool.query(`INSERT INTO counted SELECT 'a' FROM generate_series(1, 3)`);
});

afterAll(async () => {
  await pool.end();
  await dropDatabase(process.env.TEST_DATABASE_URL!, dbName);
});

const add = (n: number) => pool.query(`INSERT INTO counted SELECT 'a' FROM generate_series(1, ${n})`);
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

test('kept between writes; a write counts again at once; past its time the old count answers while the new one is counted', async () => {
  const counts = new ListCounts(200);
  expect(await counts.count(pool, SQL, ['a'])).toBe(3);
  await add(1); // from outside the service: not seen while the count is in its time
  expect(await counts.count(pool, SQL, ['a'])).toBe(3);
  expect(await counts.count(pool, SQL, ['b'])).toBe(0); // other values, another count

  counts.bump(); // the service wrote: counted again for the next request
  expect(await counts.count(pool, SQL, ['a'])).toBe(4);

  await add(2);
  await new Promise((r) => setTimeout(r, 250)); // past its time
  // Answered at once with what was counted, and counted again behind it: no request waits for it.
  expect(await counts.count(pool, SQL, ['a'])).toBe(4);
  let seen = 0;
  await until(async () => (seen = await counts.count(pool, SQL, ['a'])) === 6);
  expect(seen).toBe(6);
});

test('a count that fails is not kept, and a stale one that fails to be counted again keeps answering until one succeeds', async () => {
  const counts = new ListCounts(100);
  await expect(counts.count(pool, 'SELECT count(*)::int AS n FROM no_such_table', [])).rejects.toThrow();
  expect(await counts.count(pool, SQL, ['a'])).toBe(6);
  await pool.query('ALTER TABLE counted RENAME TO counted_away');
  try {
    await new Promise((r) => setTimeout(r, 150));
    expect(await counts.count(pool, SQL, ['a'])).toBe(6); // its recount fails in the background
    await new Promise((r) => setTimeout(r, 50));
    expect(await counts.count(pool, SQL, ['a'])).toBe(6);
  } finally {
    await pool.query('ALTER TABLE counted_away RENAME TO counted');
  }
  await add(1);
  let seen = 0;
  await until(async () => (seen = await counts.count(pool, SQL, ['a'])) === 7);
  expect(seen).toBe(7);
});
