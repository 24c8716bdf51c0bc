/**
 * Deep pages: page 1 versus page 2,000 of `GET /api/v1/staff` at limit 40 over 100,000 staff, and a
 * filtered list (its first page versus its last), through the gateway, signed in: the administrator (all staff) and
 * the demo department head (department scope; their list has about 300 pages, so their deep page is the last full one;
 * likewise for the filtered lists).
 * Each page is timed alone (requests one after the other: p50/p99) and under load (50 connections: req/s).
 *
 *   npx tsx bench/deep-pages.ts            (BENCH_STAFF, BENCH_DURATION, BENCH_SEQUENTIAL=200 to change)
 *
 * Target: a deep page no slower than twice page 1 (p50 alone, and req/s under load).
 */
import { Client } from 'pg';
import { getJson } from './lib/api';
import { DURATION, load, sequential } from './lib/load';
import { fmt, machineNote, pass, stats, table } from './lib/report';
import { seededStack, STAFF } from './lib/setup';
import type { CapturedQuery } from './lib/stack-process';

const N = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const LIMIT = 40;

async function main() {
  const note = machineNote();
  const env = await seededStack();
  try {
    const [admin, head] = env.users as [(typeof env.users)[0], (typeof env.users)[0]];
    const total = async (token: string, query: string) =>
      (await getJson(`${env.stack.url}/api/v1/staff?limit=${LIMIT}${query}`, token)).body.data.totalRows as number;
    // The deepest full page: the last one may hold only a few rows, which would flatter it.
    const lastPage = async (token: string, query: string) => Math.max(1, Math.floor((await total(token, query)) / LIMIT));
    const cases: { caller: typeof admin; list: string; query: string; deep: number }[] = [
      { caller: admin, list: 'all staff', query: '', deep: Math.min(2000, await lastPage(admin.token, '')) },
      { caller: admin, list: 'filtered: f_status=PROBATION', query: '&f_status=PROBATION', deep: await lastPage(admin.token, '&f_status=PROBATION') },
      {
        caller: admin,
        list: 'filtered: f_labor_type=OFFICE&f_working_area=Hà Nội',
        query: `&f_labor_type=OFFICE&f_working_area=${encodeURIComponent('Hà Nội')}`,
        deep: await lastPage(admin.token, `&f_labor_type=OFFICE&f_working_area=${encodeURIComponent('Hà Nội')}`),
      },
      { caller: head, list: 'all in scope', query: '', deep: await lastPage(head.token, '') },
      { caller: head, list: 'filtered: f_status=PROBATION', query: '&f_status=PROBATION', deep: await lastPage(head.token, '&f_status=PROBATION') },
    ];
    const rows: (string | number)[][] = [];
    const db = new Client({ connectionString: env.stack.hrDbUrl });
    await db.connect();
    let checked = 0;
    for (const c of cases) {
      const url = (page: number) => `${env.stack.url}/api/v1/staff?page=${page}&limit=${LIMIT}${c.query}`;
      await new Promise((r) => setTimeout(r, 500)); // requests of the last load run still finishing
      let deepPage: { id: string }[] = [];
      const sql: CapturedQuery[] = await env.stack.captureSql(async () => {
        deepPage = (await getJson(url(c.deep), c.caller.token)).body.data.items;
      });
      const inner = (q: string) => /\(SELECT t\.id FROM (.*?)\) page/.exec(q.replace(/\s+/g, ' '))?.[1] ?? q.replace(/\s+/g, ' ').slice(0, 160);
      console.log(
        `${c.caller.name}, ${c.list}, page ${c.deep}: the page's ids and the anchors, first time\n  ${sql
          .filter((q) => /FROM staff t/.test(q.text))
          .map((q) => inner(q.text))
          .join('\n  ')}`,
      );
      // The deep page must be the rows a plain OFFSET gives (the administrator's lists: their SQL is known here).
      if (c.caller === admin) {
        const conds = ["state = 'ACTIVE'", ...[...new URLSearchParams(c.query).entries()].map(([k, v]) => `${k.slice(2)} = '${v.replace(/'/g, "''")}'`)];
        const expected = (
          await db.query<{ id: string }>(
            `SELECT id FROM staff WHERE ${conds.join(' AND ')} ORDER BY created_date DESC, id LIMIT ${LIMIT} OFFSET ${(c.deep - 1) * LIMIT}`,
          )
        ).rows.map((r) => r.id);
        if (expected.join() !== deepPage.map((r) => r.id).join()) throw new Error(`${c.list}, page ${c.deep}: not the rows of a plain OFFSET`);
        checked++;
      }
      const first = stats(await sequential(url(1), { n: N, token: c.caller.token }));
      const deep = stats(await sequential(url(c.deep), { n: N, token: c.caller.token }));
      const firstLoad = await load(url(1), { connections: 50, token: c.caller.token });
      const deepLoad = await load(url(c.deep), { connections: 50, token: c.caller.token });
      const alone = deep.p50 / first.p50;
      const loaded = firstLoad.rps / deepLoad.rps;
      rows.push([
        c.caller.name,
        c.list,
        `1 / ${c.deep}`,
        `${fmt(first.p50, 1)} / ${fmt(deep.p50, 1)}`,
        `${fmt(first.p99, 1)} / ${fmt(deep.p99, 1)}`,
        fmt(alone, 2),
        `${fmt(firstLoad.rps, 0)} / ${fmt(deepLoad.rps, 0)}`,
        fmt(loaded, 2),
        `${pass(alone <= 2 && loaded <= 2)} (≤ 2)`,
      ]);
    }
    await db.end();
    console.log(`deep pages equal to a plain OFFSET: ${checked} of ${checked} checked`);
    table(
      `Deep pages — GET /api/v1/staff, limit ${LIMIT}, ${STAFF.toLocaleString('en-US')} staff; alone: ${N} requests one at a time; loaded: 50 connections, ${DURATION} s`,
      ['caller', 'list', 'pages', 'alone p50 ms', 'alone p99 ms', 'deep ÷ first (p50)', 'loaded req/s', 'first ÷ deep (req/s)', 'target'],
      rows,
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
