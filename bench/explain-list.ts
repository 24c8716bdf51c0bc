/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL a service runs for list requests, captured from its pool, over the seeded
 * staff (and assets, for the asset register), as the administrator and as the department head: the tool behind the
 * list changes in bench/README.md. The list's resource is the one whose path the request names.
 *
 *   npx tsx bench/explain-list.ts ['/api/v1/staff?page=2000&limit=40' '/api/v1/asset?page=1&limit=40' ...]
 *
 * BENCH_STAFF, BENCH_ASSETS to change the sizes; BENCH_TRY='CREATE INDEX …; …': SQL run on each list's database
 * (then ANALYZE) before a second round of plans, to try an index the declaration does not have yet.
 */
import { Client } from 'pg';
import { SERVICE_DOMAINS } from '@portal/contracts';
import { getJson } from './lib/api';
import { ASSETS, seededStack, trySql } from './lib/setup';

async function main() {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/api/v1/staff?page=1&limit=40'];
  const resources = SERVICE_DOMAINS.flatMap((d) => d.resources);
  const lists = paths.map((path) => {
    const def = resources.find((r) => new URL(path, 'http://x').pathname === `/api/v1${r.path}`);
    if (!def) throw new Error(`${path}: no resource has this path`);
    return { path, def };
  });
  const env = await seededStack({ assets: lists.some((l) => l.def.domain === 'assets') ? ASSETS : 0 });
  try {
    const rounds = process.env.BENCH_TRY ? ['as declared', `with ${process.env.BENCH_TRY}`] : ['as declared'];
    for (const [i, round] of rounds.entries()) {
      for (const { path, def } of lists) {
        const db = new Client({ connectionString: env.stack.dbUrls[def.domain] });
        await db.connect();
        try {
          if (i > 0) await trySql(env.stack.dbUrls[def.domain]!, def.table);
          for (const u of env.users) {
            // The first request computes the list's counts (and anchors); the second is the steady state.
            for (const step of ['first request', 'steady state']) {
              const queries = await env.stack.captureSql(() => getJson(`${env.stack.url}${path}`, u.token), def.domain);
              for (const q of queries.filter((x) => new RegExp(`\\bFROM ${def.table} t\\b`).test(x.text))) {
                const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
                console.log(`\n== ${u.name} ${path} (${step}, ${round})\n${q.text.replace(/\s+/g, ' ')}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
              }
            }
          }
        } finally {
          await db.end();
        }
      }
    }
  } finally {
    await env.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
