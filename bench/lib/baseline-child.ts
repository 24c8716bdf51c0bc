/**
 * The limit a list can reach on this machine: a bare Fastify route with `pg` that runs the very statements the
 * kit ran for a request (captured from the HR pool, same text and values) the way the kit runs them (the page and
 * its count at once, on a pool of the same size) and answers the same envelope. No gateway, no authentication, no
 * query parsing: the cost of the SQL and of the JSON alone. Started by baseline.ts; one process, like the stack.
 */
import Fastify from 'fastify';
import { Pool, types } from 'pg';
import type { CapturedQuery } from './stack-process';

// The kit's type parsers (packages/service-kit/src/db.ts), so rows serialise the same.
types.setTypeParser(1082, (v) => v);
types.setTypeParser(20, (v) => Number(v));
types.setTypeParser(1700, (v) => Number(v));

/** `perRequest` runs on every request; `countOnce`, a total the kit reuses between writes, runs once at setup. */
export interface Served {
  perRequest: CapturedQuery[];
  countOnce: CapturedQuery | null;
  page: number;
  limit: number;
}
const isCount = (q: CapturedQuery) => /count\(\*\)/i.test(q.text);

async function main() {
  const pool = new Pool({ connectionString: process.env.BASELINE_DB_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  const served = new Map<string, Served & { total: number | null }>();
  const app = Fastify({ logger: false });
  app.get<{ Params: { name: string } }>('/q/:name', async (req, reply) => {
    const s = served.get(req.params.name);
    if (!s) return reply.status(404).send({ success: false });
    const results = await Promise.all(s.perRequest.map((q) => pool.query(q.text, q.values)));
    const count = s.perRequest.findIndex(isCount);
    const items = results.find((_, i) => i !== count)!.rows;
    return { success: true, data: { items, totalRows: count >= 0 ? (results[count]!.rows[0] as { n: number }).n : s.total, page: s.page, limit: s.limit } };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (m: { id: number; cmd: 'serve'; name: string; served: Served } | { id: number; cmd: 'stop' }) => {
    if (m.cmd === 'serve') {
      const total = m.served.countOnce ? (await pool.query<{ n: number }>(m.served.countOnce.text, m.served.countOnce.values)).rows[0]!.n : null;
      served.set(m.name, { ...m.served, total });
      process.send!({ id: m.id });
    }
    if (m.cmd === 'stop') {
      await app.close();
      await pool.end();
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
