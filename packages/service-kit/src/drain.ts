import type { FastifyInstance } from 'fastify';

/** Set on every answer of a process that is stopping: whoever sends it requests (the gateway) sends the next ones elsewhere. */
export const DRAINING_HEADER = 'x-portal-draining';

const HEALTH = /^\/(healthz|readyz)(\?|$)/;

export interface DrainOptions {
  /**
   * How long the process keeps answering after the stop signal, at the least, so that those who send it requests
   * learn it is leaving before it closes: from a flagged answer, or from /healthz, which the gateway probes every
   * 2 s (UPSTREAM_PROBE_MS). DRAIN_ANNOUNCE_MS, 2,500 by default.
   */
  announceMs: number;
  /** After that, it closes once no request has come for this long and none is running. DRAIN_QUIET_MS, 300. */
  quietMs: number;
  /** It closes after this long whatever comes (in-flight requests still finish: Fastify's close waits for them). DRAIN_TIMEOUT_MS, 15,000. */
  timeoutMs: number;
}

export function drainOptionsFromEnv(env: NodeJS.ProcessEnv): DrainOptions {
  const num = (k: string, d: number) => (env[k] && Number.isFinite(Number(env[k])) ? Number(env[k]) : d);
  return { announceMs: num('DRAIN_ANNOUNCE_MS', 2500), quietMs: num('DRAIN_QUIET_MS', 300), timeoutMs: num('DRAIN_TIMEOUT_MS', 15_000) };
}

/**
 * A graceful stop for a process that serves HTTP (a domain service, the gateway, a web server): on `drain()` it does
 * not refuse anything. It keeps answering, every answer flagged (DRAINING_HEADER) and closing its connection, and its
 * health checks answer 503 "draining", so the gateway (or an orchestrator's load balancer) stops sending it requests
 * while those already sent are answered. Once nobody has sent anything for a moment it closes (Fastify's close: the
 * last requests finish). Refusing at once instead would cut the requests already on their way, which for a write
 * cannot be safely sent again. `streams`: paths of long-lived answers (server-sent events), which the close ends.
 */
export function installDrain(app: FastifyInstance, opts: DrainOptions, streams: readonly string[] = []) {
  let draining = false;
  let inFlight = 0;
  let last = 0;
  // Health checks are not work: the gateway probes an instance that is leaving often, to see its successor at once.
  // Long-lived streams (the gateway's live notifications) are not waited for either: the close ends them, and their
  // clients reconnect (to another gateway, behind a load balancer).
  app.server.on('request', (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (HEALTH.test(path) || streams.includes(path)) return;
    inFlight++;
    last = Date.now();
    res.once('close', () => {
      inFlight--;
      last = Date.now();
    });
  });
  app.addHook('onRequest', async (req, reply) => {
    if (draining && HEALTH.test(req.url)) {
      return reply.status(503).send({ success: false, message: 'draining', errors: [], data: { status: 'draining' } });
    }
  });
  // Set last, over whatever the route set (the gateway's proxied answers carry the upstream's connection headers).
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) {
      reply.removeHeader('keep-alive');
      reply.header(DRAINING_HEADER, '1').header('connection', 'close');
    }
    return payload;
  });

  return {
    draining: () => draining,
    /** Stops taking new work as described above, then closes the app. Resolves when it is closed. */
    async drain() {
      if (draining) return;
      draining = true;
      const start = Date.now();
      // The close below also closes the idle keep-alive connections (Node's server.close): by then every client has
      // stopped sending here (the flagged answers, the draining health check), and the clients' idle connections do not
      // outlive the server's own keep-alive either way (gateway app.ts, infra/lb/haproxy.cfg).
      while (Date.now() - start < opts.timeoutMs) {
        const now = Date.now();
        if (now - start >= opts.announceMs && inFlight === 0 && now - last >= opts.quietMs) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await app.close();
    },
  };
}
