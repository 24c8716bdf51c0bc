import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  avg: number;
  requests: number;
  errors: number;
  non2xx: number /** Count by status code, when some were not 2xx. */;
  statuses: string;
}

/** Seconds of each load run: BENCH_DURATION (default 10; development runs use 5). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);

/**
 * An autocannon run against one URL (GET, a bearer token when given) after a short warm-up at the same
 * concurrency. Requests per second is the mean over the run; latencies in ms.
 */
export async function load(
  url: string,
  opts: { connections: number; token?: string; headers?: Record<string, string>; duration?: number; warmup?: number },
): Promise<LoadResult> {
  const headers: Record<string, string> = { ...opts.headers, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) };
  const warmup = opts.warmup ?? 2;
  if (warmup > 0) await autocannon({ url, connections: opts.connections, duration: warmup, headers, timeout: 30 });
  const r = await autocannon({ url, connections: opts.connections, duration: opts.duration ?? DURATION, headers, timeout: 30 });
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, v]) => `${code}: ${v.count}`)
    .join(', ');
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: r.latency.average,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    statuses,
  };
}

/** `n` requests one after the other (after `warmup` unmeasured ones): latency in ms of each, as a client sees it. */
export async function sequential(url: string, opts: { n: number; token?: string; warmup?: number }): Promise<number[]> {
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  const out: number[] = [];
  for (let i = -(opts.warmup ?? 20); i < opts.n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= 0) out.push(performance.now() - t0);
  }
  return out;
}
