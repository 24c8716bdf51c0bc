/**
 * A call to another service that may run as several instances: `baseUrls` is one URL or a comma-separated
 * list. Calls rotate over the list; an instance that cannot be reached (connection refused, timeout) is
 * skipped for the next one, so one instance going down costs no failed call. An HTTP answer, whatever its
 * status, is returned as is: only the network decides a failover.
 *
 * When every instance refuses the connection — none is listening: the one instance of a service is restarting — the
 * call is tried again until they have been refusing for `restartWaitMs` (INTERNAL_RESTART_WAIT_MS, 30 s by default):
 * a refused call was never received, so sending it again is safe, and a rolling restart costs a delay, not a failure.
 * A service refusing for longer than that is down, and calls to it fail at once until it answers again.
 */
const turn = new Map<string, number>();
const refusingSince = new Map<string, number>();
const envWait = Number(process.env.INTERNAL_RESTART_WAIT_MS);
const RESTART_WAIT_MS = process.env.INTERNAL_RESTART_WAIT_MS && Number.isFinite(envWait) ? envWait : 30_000;

const refused = (err: unknown) => (err as { cause?: { code?: string } })?.cause?.code === 'ECONNREFUSED';

export async function fetchAny(baseUrls: string, path: string, init: RequestInit & { timeoutMs?: number; restartWaitMs?: number } = {}): Promise<Response> {
  const urls = baseUrls.split(',').map((u) => u.trim().replace(/\/+$/, '')).filter(Boolean);
  if (!urls.length) throw new Error('no service address');
  const waitMs = init.restartWaitMs ?? RESTART_WAIT_MS;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
    const start = ((turn.get(baseUrls) ?? -1) + 1) % urls.length;
    turn.set(baseUrls, start);
    let last: unknown;
    let restarting = true;
    for (let i = 0; i < urls.length; i++) {
      const url = urls[(start + i) % urls.length]!;
      try {
        const res = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 5000) });
        refusingSince.delete(url);
        return res;
      } catch (err) {
        last = err;
        if (!refused(err)) { restarting = false; continue; }
        const since = refusingSince.get(url) ?? Date.now();
        refusingSince.set(url, since);
        restarting &&= Date.now() - since + pause < waitMs;
      }
    }
    if (!restarting) throw last;
    await new Promise((r) => setTimeout(r, pause));
  }
}
