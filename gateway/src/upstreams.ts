import { DRAINING_HEADER, neverSent } from '@portal/service-kit';

/**
 * The instances behind the gateway, by name: each domain service (several spread the load) and the front end ('web',
 * the shell's container in the distributed mode). Calls rotate over the instances in the rotation. An instance leaves
 * it in one of two ways:
 * - **down**: it could not be reached (a crash, a network fault). Taken out at once (passive check) and probed on
 *   GET /healthz every `probeMs` until it answers again; a call that finds every instance down still tries one (the
 *   probe may not have seen it come back), so a crashed domain answers 503 at once rather than after a wait.
 * - **leaving**: it said it is stopping (an answer flagged DRAINING_HEADER, or /healthz answering so: a graceful stop,
 *   service-kit drain.ts). Nothing new is sent to it. When no other instance is there (a single instance restarting),
 *   calls wait for one to come back — up to `restartWaitMs` — instead of failing; a restart thus costs a delay, never
 *   an error. One that has not come back by then is treated as down.
 * Every instance is probed every `probeMs`; a probe that times out changes nothing (a busy instance is not a gone one).
 */
export class Upstreams {
  private readonly down = new Set<string>();
  private readonly leaving = new Map<string, number>();
  private readonly next = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;
  private probingOutOnly = false;
  private fullNext: Promise<void> | null = null;

  constructor(
    private readonly instances: Partial<Record<string, string[]>>,
    private readonly probeMs = 2000,
    private readonly restartWaitMs = 60_000,
  ) {}

  /**
   * The next instance of `name` in the rotation, skipping `except` and those leaving. When every one left is thought
   * down, one of them is still tried; null only when none is left to try.
   */
  pick(name: string, except: readonly string[] = []): string | null {
    const urls = (this.instances[name] ?? []).filter((u) => !except.includes(u) && !this.leaving.has(u));
    if (!urls.length) return null;
    const start = ((this.next.get(name) ?? -1) + 1) % urls.length;
    this.next.set(name, start);
    for (let n = 0; n < urls.length; n++) {
      const url = urls[(start + n) % urls.length]!;
      if (!this.down.has(url)) return url;
    }
    return urls[start]!;
  }

  /**
   * pick(), but while the only instances left are restarting (leaving), waits for one to be back. An instance in
   * `except` (tried already) that turns out to be restarting may be given again once it is back: what it refused, it
   * never received.
   */
  async acquire(name: string, tried: readonly string[] = []): Promise<string | null> {
    const except = tried.filter((u) => !this.leaving.has(u));
    const end = Date.now() + this.restartWaitMs;
    for (;;) {
      const url = this.pick(name, except);
      if (url) return url;
      const restarting = (this.instances[name] ?? []).some((u) => this.leaving.has(u) && !except.includes(u));
      if (!restarting || Date.now() >= end) return null;
      await new Promise((r) => setTimeout(r, 100));
      await this.probe(true);
    }
  }

  /** All instances of `name`, comma-separated, those in the rotation first: for calls that fail over themselves (fetchAny). */
  ordered(name: string): string | null {
    const urls = this.instances[name] ?? [];
    if (!urls.length) return null;
    const rank = (u: string) => (this.leaving.has(u) ? 2 : this.down.has(u) ? 1 : 0);
    return [...urls].sort((a, b) => rank(a) - rank(b)).join(',');
  }

  /** Takes an instance that could not be reached out of the rotation, and probes at once (it may be back already). */
  markDown(url: string) {
    if (this.leaving.has(url)) return;
    this.down.add(url);
    void this.probe(true);
  }

  /** An instance said it is stopping: nothing more is sent to it until a probe finds it (its successor) ready. */
  markLeaving(url: string) {
    if (!this.leaving.has(url)) this.leaving.set(url, Date.now());
  }

  /** Whether an upstream's answer says its instance is stopping. */
  static saysLeaving(headers: Record<string, unknown>): boolean {
    return headers[DRAINING_HEADER] !== undefined;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.probe(), this.probeMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Every instance (or, `outOnly`, those out of the rotation) asked GET /healthz; one probe at a time. A full probe
   * asked for while a partial one runs follows it (the calls waiting on a restart probe often; the full one must not
   * be lost to them).
   */
  probe(outOnly = false): Promise<void> {
    if (this.probing && !outOnly && this.probingOutOnly) {
      this.fullNext ??= this.probing.then(() => {
        this.fullNext = null;
        return this.probe(false);
      });
      return this.fullNext;
    }
    if (!this.probing) {
      this.probingOutOnly = outOnly;
      this.probing = this.probeAll(outOnly).finally(() => {
        this.probing = null;
      });
    }
    return this.probing;
  }

  private async probeAll(outOnly: boolean) {
    const all = [...new Set(Object.values(this.instances).flat())] as string[];
    await Promise.all(
      all
        .filter((u) => !outOnly || this.down.has(u) || this.leaving.has(u))
        .map(async (url) => {
          const sent = Date.now();
          let answer: 'up' | 'leaving' | 'refused' | 'unknown';
          try {
            const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1500) });
            answer = res.ok ? 'up' : res.headers.has(DRAINING_HEADER) ? 'leaving' : 'unknown';
            await res.body?.cancel();
          } catch (err) {
            answer = networkFailure(err) === 'refused' ? 'refused' : 'unknown';
          }
          // An "up" sent before the instance said it was leaving is stale: the flag wins.
          if (answer === 'up' && !((this.leaving.get(url) ?? -Infinity) >= sent)) {
            this.down.delete(url);
            this.leaving.delete(url);
          }
          if (answer === 'leaving') this.markLeaving(url);
          if (answer === 'refused' && !this.leaving.has(url)) this.down.add(url);
          // Gone for longer than a restart takes: it is down (a crashed or removed instance fails calls at once again).
          const since = this.leaving.get(url);
          if (since !== undefined && Date.now() - since > this.restartWaitMs && answer !== 'leaving') {
            this.leaving.delete(url);
            this.down.add(url);
          }
        }),
    );
  }
}

const CUT_OFF = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/**
 * Why a proxied call failed at the network: 'refused' (it never reached the instance: safe to send to another),
 * 'cut' (the connection broke: the instance may have acted on it), or null (anything else).
 */
export function networkFailure(error: unknown): 'refused' | 'cut' | null {
  if (neverSent(error)) return 'refused';
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code && CUT_OFF.has(e.code)) return 'cut';
  }
  return null;
}
