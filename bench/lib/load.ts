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
 * An autocannon run against one URL (GET, a bearer token when given): `warmup` seconds (default 2), then `duration`
 * measured seconds, on the same connections — the load generator opens its connections over the first second or so
 * (one every ~10 ms at 200 connections, seen from the server), and the requests waiting for one would otherwise count as
 * the server's latency. Requests per second and the latencies (ms) are those of the measured seconds; `requests` (what
 * CPU time is divided by), errors and statuses count the whole run.
 */
export async function load(
  url: string,
  opts: { connections: number; token?: string; headers?: Record<string, string>; duration?: number; warmup?: number },
): Promise<LoadResult> {
  const headers: Record<string, string> = { ...opts.headers, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) };
  const warmup = opts.warmup ?? 2;
  const duration = opts.duration ?? DURATION;
  const latencies: number[] = [];
  const run = autocannon({ url, connections: opts.connections, duration: warmup + duration, headers, timeout: 30 });
  const measuredFrom = Date.now() + warmup * 1000;
  // BENCH_SLOW_MS: when the slow answers came, by second of the run (a stall of the server clusters them; a queue does not).
  const slowMs = Number(process.env.BENCH_SLOW_MS ?? 0);
  const slow = new Map<number, number>();
  const started = Date.now();
  run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    if (Date.now() >= measuredFrom) latencies.push(ms);
    if (slowMs && ms >= slowMs) slow.set(Math.floor((Date.now() - started) / 1000), (slow.get(Math.floor((Date.now() - started) / 1000)) ?? 0) + 1);
  });
  const r = await run;
  if (slowMs)
    console.log(
      `${url} at ${opts.connections}: answers over ${slowMs} ms by second of the run: ${[...slow].map(([sec, n]) => `${sec}s ${n}`).join(', ') || 'none'}`,
    );
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, v]) => `${code}: ${v.count}`)
    .join(', ');
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / duration,
    p50: at(0.5),
    p99: at(0.99),
    avg: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
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
