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
  /** ms from the start until every connection had its first answer. */
  opened: number;
}

/** Seconds of each load run: BENCH_DURATION (default 10; development runs use 5). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);

/**
 * An autocannon run against one URL (GET, a bearer token when given): `warmup` seconds (default 2), then `duration`
 * measured seconds, on the same connections. The measured window starts once the warm-up is over **and every
 * connection has had its first answer**: the load generator opens all its connections at once, and a Node server
 * whose event loop is busy accepts one pending connection per turn of its loop (200 connections to a loop turning every
 * 20 ms are accepted over 4 s: `node bench/accept-rate.ts`, and bench/README.md "issue 34"), so a connection's first
 * request may wait seconds in the kernel before the server even sees it — the cost of opening a connection under load,
 * which a browser's or the gateway's kept-alive connection pays once, not the latency of a request. Requests per second
 * and the latencies (ms) are those of the measured window (its real length); `requests` (what CPU time is divided by),
 * errors and statuses count the whole run; `opened`: how long the last connection waited for its first answer.
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
  const started = Date.now();
  let measuredFrom = started + warmup * 1000;
  const answered = new WeakSet<object>();
  let opened = 0;
  let allOpen = 0;
  // BENCH_SLOW_MS: when the slow answers came, by second of the run (a stall of the server clusters them; a queue does not).
  const slowMs = Number(process.env.BENCH_SLOW_MS ?? 0);
  const slow = new Map<number, number>();
  run.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
    const now = Date.now();
    const conn = client as object;
    if (!answered.has(conn)) {
      answered.add(conn);
      if (++opened === opts.connections) {
        allOpen = now - started;
        measuredFrom = Math.max(measuredFrom, now);
      }
    } else if (opened === opts.connections && now >= measuredFrom) latencies.push(ms);
    if (slowMs && ms >= slowMs) slow.set(Math.floor((now - started) / 1000), (slow.get(Math.floor((now - started) / 1000)) ?? 0) + 1);
  });
  const r = await run;
  const window = Math.max(1, Date.now() - measuredFrom) / 1000;
  if (allOpen > warmup * 1000)
    console.log(`${url} at ${opts.connections}: every connection answered after ${allOpen} ms; measured the ${window.toFixed(1)} s after`);
  if (!allOpen) throw new Error(`${url}: only ${opened} of ${opts.connections} connections were answered in the run`);
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
    rps: latencies.length / window,
    p50: at(0.5),
    p99: at(0.99),
    avg: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    statuses,
    opened: allOpen,
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
