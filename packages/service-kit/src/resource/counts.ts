import type { Pool } from 'pg';

/**
 * The totals of lists (`totalRows`), kept per statement and values between writes.
 *
 * Counting is the cost of a list over a large table: a page of 40 comes from an index in well under a millisecond
 * (see ResourceRepository.list), but `count(*)` visits every row in the caller's scope — 100,000 staff take 7–11 ms of
 * PostgreSQL for each request, which alone caps a list at about a hundred requests a second on two cores (bench/README.md).
 * A count is reused only while nothing may have changed it: any write of this service — a repository commit, any
 * non-GET request, any event of the domain on the bus (so another instance's writes count too) — moves on to a new
 * generation and every total is counted again. A count that began before a write finished belongs to the old
 * generation and is not kept. Writes that pass none of these (SQL by hand from outside the service) are seen after
 * `ttlMs` at the latest.
 */
export class ListCounts {
  private generation = 0;
  private entries = new Map<string, { generation: number; n: number; expires: number }>();
  private pending = new Map<string, { generation: number; promise: Promise<number> }>();

  constructor(private ttlMs = 30_000, private maxEntries = 10_000) {}

  /** Something of this service was written: every total is counted again. */
  bump(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  /** `SELECT count(*)::int AS n ...` with these values, from the last count of this generation or counted now. */
  async count(pool: Pool, sql: string, values: unknown[]): Promise<number> {
    const key = `${sql}\u0000${JSON.stringify(values)}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && hit.expires > now) return hit.n;
    // Requests that ask for the same total at once share one count.
    const running = this.pending.get(key);
    if (running && running.generation === this.generation) return running.promise;
    const generation = this.generation;
    const promise = pool.query<{ n: number }>(sql, values).then((r) => r.rows[0]?.n ?? 0);
    this.pending.set(key, { generation, promise });
    try {
      const n = await promise;
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { generation, n, expires: Date.now() + this.ttlMs });
      }
      return n;
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    }
  }
}
