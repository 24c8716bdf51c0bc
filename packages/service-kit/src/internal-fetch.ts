import { DRAINING_HEADER } from './drain';

/**
 * A call to another service that may run as several instances: `baseUrls` is one URL or a comma-separated
 * list. Calls rotate over the list; an instance that cannot be reached (connection refused, timeout) is
 * skipped for the next one, so one instance going down costs no failed call. An HTTP answer, whatever its
 * status, is returned as is: only the network decides a failover. An instance that answered flagged as stopping
 * (drain.ts) is tried after the others for a while, so that its drain can end.
 *
 * When every instance refuses the connection — none is listening, or its name no longer resolves (a container being
 * replaced): the one instance of a service is restarting — the call is tried again until they have been refusing for
 * `restartWaitMs` (INTERNAL_RESTART_WAIT_MS, 30 s by default): a refused call was never received, so sending it again
 * is safe, and a rolling restart costs a delay, not a failure. A service refusing for longer than that is down, and
 * calls to it fail at once until it answers again.
 */
const turn = new Map<string, number>();
const refusingSince = new Map<string, number>();
/** Instances that answered flagged as stopping, and when: tried last for a while (a drain lasts seconds). */
const leaving = new Map<string, number>();
const LEAVING_MS = 20_000;
const isLeaving = (url: string) => (leaving.get(url) ?? 0) > Date.now() - LEAVING_MS;
const envWait = Number(process.env.INTERNAL_RESTART_WAIT_MS);
const RESTART_WAIT_MS = process.env.INTERNAL_RESTART_WAIT_MS && Number.isFinite(envWait) ? envWait : 30_000;

const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether a call failed before it reached the instance (nothing listening, no such host): safe to send again. */
export function neverSent(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code && NEVER_SENT.has(e.code)) return true;
  }
  return false;
}

export async function fetchAny(baseUrls: string, path: string, init: RequestInit & { timeoutMs?: number; restartWaitMs?: number } = {}): Promise<Response> {
  const listed = baseUrls
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (!listed.length) throw new Error('no service address');
  const waitMs = init.restartWaitMs ?? RESTART_WAIT_MS;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
    const start = ((turn.get(baseUrls) ?? -1) + 1) % listed.length;
    turn.set(baseUrls, start);
    const rotated = listed.map((_, i) => listed[(start + i) % listed.length]!);
    const urls = [...rotated.filter((u) => !isLeaving(u)), ...rotated.filter(isLeaving)];
    let last: unknown;
    let restarting = true;
    for (const url of urls) {
      try {
        const res = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 5000) });
        refusingSince.delete(url);
        if (res.headers.has(DRAINING_HEADER)) leaving.set(url, Date.now());
        else leaving.delete(url);
        return res;
      } catch (err) {
        last = err;
        if (!neverSent(err)) {
          restarting = false;
          continue;
        }
        leaving.delete(url);
        const since = refusingSince.get(url) ?? Date.now();
        refusingSince.set(url, since);
        restarting &&= Date.now() - since + pause < waitMs;
      }
    }
    if (!restarting) throw last;
    await new Promise((r) => setTimeout(r, pause));
  }
}
