import type { Pool } from 'pg';

/** A page anchor: the value of the order's first column at a row, and how many rows come before that value. */
export interface Anchor {
  lead: string;
  before: number;
}

/**
 * What lists compute over every row in the caller's scope, kept per statement and values between writes: totals
 * (`totalRows`) and page anchors (deep pages, see ResourceRepository.list).
 *
 * Counting is the cost of a list over a large table: a page of 40 comes from an index in well under a millisecond,
 * but `count(*)` visits every row in scope — 100,000 staff take 7–11 ms of PostgreSQL for each request, which alone
 * caps a list at about a hundred requests a second on two cores (bench/README.md).
 * A result is reused only while nothing may have changed it: any write of this service — a repository commit, any
 * non-GET request, any event of the domain on the bus (so another instance's writes count too) — moves on to a new
 * generation and everything is computed again. A result that began before a write finished belongs to the old
 * generation and is not kept. Writes that pass none of these (SQL by hand from outside the service) are seen once
 * `ttlMs` has passed and the count that follows it is done (the older one answers meanwhile: see `memo`).
 */
export class ListCounts {
  private generation = 0;
  private entries = new Map<string, { generation: number; value: unknown; expires: number }>();
  private pending = new Map<string, { generation: number; promise: Promise<unknown> }>();

  constructor(
    private ttlMs = 30_000,
    private maxEntries = 10_000,
  ) {}

  /** Something of this service was written: everything is computed again. */
  bump(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  /** `SELECT count(*)::int AS n ...` with these values. */
  count(pool: Pool, sql: string, values: unknown[]): Promise<number> {
    return this.memo(`n\u0000${sql}\u0000${JSON.stringify(values)}`, () => pool.query<{ n: number }>(sql, values).then((r) => r.rows[0]?.n ?? 0));
  }

  /**
   * `SELECT lead, before ...` (ResourceRepository.list) with these values: the anchors, in order, if this generation
   * has them; if not, undefined, and they are computed in the background (one pass at a time per list), so that no
   * request waits for a pass over the whole list and a table written all the time costs at most one pass in flight.
   */
  anchors(pool: Pool, sql: string, values: unknown[]): Anchor[] | undefined {
    const key = `a\u0000${sql}\u0000${JSON.stringify(values)}`;
    const hit = this.entries.get(key);
    const fresh = hit && hit.generation === this.generation;
    if (fresh && hit.expires > Date.now()) return hit.value as Anchor[];
    // Past its time, this generation's anchors still serve while they are computed again (memo).
    this.memo(key, () => pool.query<Anchor>(sql, values).then((r) => r.rows)).catch(() => undefined);
    return fresh ? (hit.value as Anchor[]) : undefined;
  }

  /**
   * The last result of this generation for `key`, or `compute`'s (requests that ask at once share one computation). A
   * result past its `ttlMs` with nothing written since is still answered while it is computed again in the background
   * (one computation at a time): a list under load never waits for its count because time passed, only after a write.
   */
  private async memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const fresh = hit && hit.generation === this.generation;
    if (fresh && hit.expires > Date.now()) return hit.value as T;
    const running = this.pending.get(key);
    if (running && running.generation === this.generation) return fresh ? (hit.value as T) : (running.promise as Promise<T>);
    const promise = this.computeKept(key, compute);
    if (!fresh) return promise;
    promise.catch(() => undefined);
    return hit.value as T;
  }

  /** Runs `run` for `key` in this generation, shared by whoever asks meanwhile, and keeps its result if nothing was written. */
  private async computeKept<T>(key: string, run: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const promise = run();
    this.pending.set(key, { generation, promise });
    try {
      const value = await promise;
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { generation, value, expires: Date.now() + this.ttlMs });
      }
      return value;
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    }
  }
}
