/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL the HR service runs for list requests, captured from its pool, over the seeded
 * staff, as the administrator and as the department head: the tool behind the list changes in bench/README.md.
 *
 *   npx tsx bench/explain-list.ts ['/api/v1/staff?page=2000&limit=40' ...]      (BENCH_STAFF to change)
 */
import { Client } from 'pg';
import { getJson } from './lib/api';
import { seededStack } from './lib/setup';

async function main() {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/api/v1/staff?page=1&limit=40'];
  const env = await seededStack();
  const db = new Client({ connectionString: env.stack.hrDbUrl });
  await db.connect();
  try {
    for (const path of paths) {
      for (const u of env.users) {
        // The first request computes the list's total (and anchors); the second is the steady state.
        for (const round of ['first request', 'steady state']) {
          const queries = await env.stack.captureSql(() => getJson(`${env.stack.url}${path}`, u.token));
          for (const q of queries.filter((x) => /\bFROM \w+ t\b/.test(x.text))) {
            const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
            console.log(`\n== ${u.name} ${path} (${round})\n${q.text.replace(/\s+/g, ' ')}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
          }
        }
      }
    }
  } finally {
    await db.end();
    await env.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
