/**
 * The limit a list can reach on this machine: a bare Fastify route with `pg` that runs the very statements the
 * kit ran for a request (captured from the service's pool, same text and values) the way the kit runs them (the page
 * and its counts at once, on a pool of the same size per database) and answers the same envelope. No gateway, no
 * authentication, no query parsing: the cost of the SQL and of the JSON alone. Started by baseline.ts; one process,
 * like the stack.
 */
import Fastify from 'fastify';
import { Pool, types } from 'pg';
import type { CapturedQuery } from './stack-process';

// The kit's type parsers (packages/service-kit/src/db.ts), so rows serialise the same.
types.setTypeParser(1082, (v) => v);
types.setTypeParser(20, (v) => Number(v));
types.setTypeParser(1700, (v) => Number(v));

/**
 * One list request: its page (`rows`), run on every request, and its counts by their key in the envelope
 * (`totalRows`, a tally's): those the kit ran again (`each`) run on every request too, the others — counts the kit
 * reuses between writes — once at setup. `db`: the service's database.
 */
export interface Served {
  db: string;
  rows: CapturedQuery;
  counts: { key: string; q: CapturedQuery; each: boolean }[];
  page: number;
  limit: number;
}

async function main() {
  const pools = new Map<string, Pool>();
  const poolOf = (db: string) => {
    if (!pools.has(db)) pools.set(db, new Pool({ connectionString: db, max: Number(process.env.DB_POOL_SIZE ?? 10) }));
    return pools.get(db)!;
  };
  const served = new Map<string, Served & { pool: Pool; once: Record<string, number> }>();
  const app = Fastify({ logger: false });
  app.get<{ Params: { name: string } }>('/q/:name', async (req, reply) => {
    const s = served.get(req.params.name);
    if (!s) return reply.status(404).send({ success: false });
    const each = s.counts.filter((c) => c.each);
    const [rows, ...counts] = await Promise.all([s.rows, ...each.map((c) => c.q)].map((q) => s.pool.query(q.text, q.values)));
    const n = Object.fromEntries(each.map((c, i) => [c.key, (counts[i]!.rows[0] as { n: number }).n]));
    const { totalRows, ...tally } = { ...s.once, ...n };
    return { success: true, data: { items: rows!.rows, totalRows, page: s.page, limit: s.limit, ...tally } };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (m: { id: number; cmd: 'serve'; name: string; served: Served } | { id: number; cmd: 'stop' }) => {
    if (m.cmd === 'serve') {
      const pool = poolOf(m.served.db);
      const once: Record<string, number> = {};
      for (const c of m.served.counts.filter((x) => !x.each)) once[c.key] = (await pool.query<{ n: number }>(c.q.text, c.q.values)).rows[0]!.n;
      served.set(m.name, { ...m.served, pool, once });
      process.send!({ id: m.id });
    }
    if (m.cmd === 'stop') {
      await app.close();
      for (const p of pools.values()) await p.end();
      process.send!({ id: m.id });
      setTimeout(() => process.exit(0), 50);
    }
  });
  process.send!({ type: 'ready', url });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
