/**
 * A list page's timestamps come out of PostgreSQL as the ISO text their JSON carries, without a Date each
 * (service-kit db.ts isoTimestamp): the same text `Date.toJSON` gives for every value — any fraction of a second, the
 * session in UTC or in another time zone — over a real PostgreSQL.
 */
import { createPool, isoTimestamp, jsonRowTypes } from '@portal/service-kit';
import type { Pool } from 'pg';

let pool: Pool;
beforeAll(() => {
  pool = createPool(process.env.TEST_DATABASE_URL!, 2);
});
afterAll(() => pool.end());

const VALUES = [
  '2026-11-27 15:10:00+00',
  '2026-11-27 15:10:00.1+00',
  '2026-11-27 15:10:00.12+00',
  '2026-11-27 15:10:00.123+00',
  '2026-11-27 15:10:00.1239+00',
  '2026-11-27 23:59:59.999999+00',
  '2030-01-01 00:00:00.000001+07',
  '1999-12-31 17:00:00.5-05:30',
  '2026-03-08 02:30:00.25+00',
];

test.each(['UTC', 'Asia/Ho_Chi_Minh'])('the ISO text Date.toJSON gives, the session in %s', async (zone) => {
  const client = await pool.connect();
  try {
    await client.query(`SET TimeZone = '${zone}'`);
    const sql = `SELECT v::timestamptz AS at, now() AS now FROM unnest($1::text[]) WITH ORDINALITY AS x(v, i) ORDER BY i`;
    const asDates = (await client.query(sql, [VALUES])).rows as { at: Date; now: Date }[];
    const asText = (await client.query({ text: sql, values: [VALUES], types: jsonRowTypes })).rows as { at: string; now: string }[];
    expect(asText.map((r) => r.at)).toEqual(asDates.map((r) => r.at.toISOString()));
    expect(JSON.stringify(asText.map((r) => r.at))).toBe(JSON.stringify(asDates.map((r) => r.at)));
    expect(typeof asText[0]!.now).toBe('string');
    // Other types keep the kit's parsers (dates as their text, counts as numbers).
    const other = (await client.query({ text: `SELECT DATE '2026-11-27' AS d, 42::bigint AS n`, types: jsonRowTypes })).rows[0];
    expect(other).toEqual({ d: '2026-11-27', n: 42 });
  } finally {
    client.release();
  }
});

test('what is not a plain UTC timestamp goes through a Date', () => {
  expect(isoTimestamp('2026-11-27 15:10:00.123+07')).toBe('2026-11-27T08:10:00.123Z');
  expect(isoTimestamp('infinity')).toBe(Number.POSITIVE_INFINITY);
});
