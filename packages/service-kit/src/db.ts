import { Pool, type PoolClient, types } from 'pg';

// Dates stay 'YYYY-MM-DD' strings (no time-zone shift). A bigint (a count, an amount of đồng: contracts common/money.ts)
// and a numeric come back as numbers while that is exact; a whole number past 2^53 (a total of very large amounts) stays
// its digits, never a rounded float. A numeric with a fraction is a measure (days, km), read as a number.
types.setTypeParser(1082, (v) => v);
types.setTypeParser(20, exactNumber);
types.setTypeParser(1700, exactNumber);

/** A bigint or numeric's text as a number when that is exact, else as given. */
export function exactNumber(v: string): number | string {
  const n = Number(v);
  return !Number.isSafeInteger(n) && /^-?\d+$/.test(v) ? v : n;
}

const TIMESTAMPTZ = 1184;
const defaultTimestamptz = types.getTypeParser(TIMESTAMPTZ, 'text') as (v: string) => unknown;

/**
 * A timestamptz's text as the ISO string `Date.toJSON` gives (`2026-11-27T15:10:00.123Z`), without making a Date: for
 * rows that go out as JSON as they are (a list's page, resource/repository.ts). PostgreSQL's UTC form
 * (`2026-11-27 15:10:00.123456+00`) is rewritten — milliseconds cut, as a Date cuts them; any other (another session
 * time zone, infinity, BC) goes through a Date.
 */
export function isoTimestamp(v: string): unknown {
  const n = v.length;
  if (n >= 22 && v[10] === ' ' && v[n - 3] === '+' && v[n - 2] === '0' && v[n - 1] === '0' && (n === 22 || v[19] === '.')) {
    const ms = n === 22 ? '000' : `${v.slice(20, Math.min(23, n - 3))}00`.slice(0, 3);
    return `${v.slice(0, 10)}T${v.slice(11, 19)}.${ms}Z`;
  }
  const d = defaultTimestamptz(v);
  return d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString() : d;
}

/** The type parsers of rows answered as JSON as they are: timestamps as ISO text (isoTimestamp), the rest as everywhere. */
export const jsonRowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ && format !== 'binary' ? isoTimestamp : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

export type Db = Pool;
export type Tx = PoolClient;
/** A pool or a transaction's client: where a read runs. */
export type Queryable = Pool | PoolClient;

export function createPool(connectionString: string, max = 10): Pool {
  const pool = new Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // A server restart ends idle connections; the pool replaces them. Never crash on it.
  pool.on('error', () => undefined);
  // Nor on a connection that breaks while checked out (between the queries of a transaction): its query fails,
  // and the pool drops it on release. Without a listener the client's 'error' event would end the process.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** `fn` in one transaction, committed if it returns, rolled back if it throws; `begin` opens it (an isolation level). */
export async function withTx<T>(pool: Pool, fn: (tx: PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * `fn` in one transaction that is always rolled back: a dry run (what a submit would do, with every check it makes)
 * writes nothing, whatever `fn` writes on the way.
 */
export async function rolledBack<T>(pool: Pool, fn: (tx: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    return await fn(client);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

export const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier ${name}`);
  return `"${name}"`;
};
