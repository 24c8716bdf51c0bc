/**
 * A call to another service that may run as several instances: `baseUrls` is one URL or a comma-separated
 * list. Calls rotate over the list; an instance that cannot be reached (connection refused, timeout) is
 * skipped for the next one, so one instance going down costs no failed call. An HTTP answer, whatever its
 * status, is returned as is: only the network decides a failover.
 */
const turn = new Map<string, number>();

export async function fetchAny(baseUrls: string, path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  const urls = baseUrls.split(',').map((u) => u.trim().replace(/\/+$/, '')).filter(Boolean);
  if (!urls.length) throw new Error('no service address');
  const start = ((turn.get(baseUrls) ?? -1) + 1) % urls.length;
  turn.set(baseUrls, start);
  let last: unknown;
  for (let i = 0; i < urls.length; i++) {
    try {
      return await fetch(`${urls[(start + i) % urls.length]}${path}`, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 5000) });
    } catch (err) {
      last = err;
    }
  }
  throw last;
}
