import type { Domain } from '@portal/contracts';

/**
 * The instances of each domain service (several spread the load). Calls rotate over the instances thought up;
 * one that cannot be reached is marked down at once (passive check) and probed on GET /healthz every
 * `probeMs` until it answers again, so a stopped instance costs at most the calls already sent to it.
 */
export class Upstreams {
  private readonly down = new Set<string>();
  private readonly next = new Map<Domain, number>();
  private timer: NodeJS.Timeout | null = null;
  private probeSoon: NodeJS.Immediate | null = null;

  constructor(private readonly services: Partial<Record<Domain, string[]>>, private readonly probeMs = 2000) {}

  /**
   * The next instance of `domain`, skipping `except` and those down. When every one left is thought down, one of
   * them is still tried (the probe may not have seen it come back yet); null only when none is left to try.
   */
  pick(domain: Domain, except: readonly string[] = []): string | null {
    const urls = (this.services[domain] ?? []).filter((u) => !except.includes(u));
    if (!urls.length) return null;
    const start = ((this.next.get(domain) ?? -1) + 1) % urls.length;
    this.next.set(domain, start);
    for (let n = 0; n < urls.length; n++) {
      const url = urls[(start + n) % urls.length]!;
      if (!this.down.has(url)) return url;
    }
    return urls[start]!;
  }

  /** All instances of `domain`, comma-separated, those up first: for calls that fail over themselves (fetchAny). */
  ordered(domain: Domain): string | null {
    const urls = this.services[domain] ?? [];
    if (!urls.length) return null;
    return [...urls.filter((u) => !this.down.has(u)), ...urls.filter((u) => this.down.has(u))].join(',');
  }

  /**
   * Takes an instance out of the rotation, and probes those out at once: one taken out earlier may be back already
   * (a restart the periodic probe has not seen yet).
   */
  markDown(url: string) {
    this.down.add(url);
    this.probeSoon ??= setImmediate(() => { void this.probe().finally(() => { this.probeSoon = null; }); });
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
   * The instances thought down: one that answers is back in the rotation. Those up are not probed: a call that cannot
   * reach one takes it out at once (markDown), and a probe of a busy instance that times out would take it out wrongly.
   */
  async probe() {
    await Promise.all([...this.down].map(async (url) => {
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1500) }).then((r) => r.ok, () => false);
      if (ok) this.down.delete(url);
    }));
  }
}

const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const CUT_OFF = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/**
 * Why a proxied call failed at the network: 'refused' (it never reached the instance: safe to send to another),
 * 'cut' (the connection broke: the instance may have acted on it), or null (anything else).
 */
export function networkFailure(error: unknown): 'refused' | 'cut' | null {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code && NEVER_SENT.has(e.code)) return 'refused';
    if (e.code && CUT_OFF.has(e.code)) return 'cut';
  }
  return null;
}
