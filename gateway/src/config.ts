import { gatewayUrlsVar, SERVICE_DOMAINS, type Domain } from '@portal/contracts';
import type { RemoteConfig, WebConfig } from '@portal/web-server';

export interface GatewayConfig {
  port: number;
  host: string;
  internalKey: string;
  authSecret: string;
  /** Base URLs of each domain service (several, comma-separated, spread the load). */
  services: Partial<Record<Domain, string[]>>;
  /** Browser origins allowed to call the API cross-origin (same-origin always works). */
  corsOrigins: string[];
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /**
   * How many proxies in front append to X-Forwarded-For (TRUST_PROXY): the caller's address is the entry the nearest of
   * them wrote, never one a client sent. false: none, the connection's address is the caller's.
   */
  trustProxy: number | false;
  /** The front end: the shell's files and the remotes of the runtime manifest. */
  web: WebConfig;
  /** Distributed mode: the shell's own container; every GET outside /api goes there (WEB_URL). */
  webUrl: string | null;
  /** How often instances are probed on /healthz to take them out of, or back into, the rotation. */
  probeMs: number;
  /** How long a call waits for a domain whose every instance is restarting (a graceful stop) before it answers 503. */
  restartWaitMs: number;
  /** Seconds an authorization stays cached when no event invalidates it. */
  authzTtlSeconds: number;
  /** Spec §9 payload encoding (gateway/src/encoding.ts): off unless PAYLOAD_ENCODING=1. */
  payloadEncoding: {
    enabled: boolean;
    /** Master secret the per-session keys are derived from; the internal key when unset. */
    secret: string | null;
    /** Lifetime of a key handed out without a session (for sign-in and refresh). */
    anonymousKeyTtlSeconds: number;
  };
}

/**
 * Fastify's reading of X-Forwarded-For for `hops` proxies in front: the addresses are walked from the connection's
 * inward, and the first `hops` of them are proxies (trusted), so the caller is the address the nearest proxy appended.
 */
export const trustedHops = (hops: number | false) => (hops ? (_address: string, hop: number) => hop < hops : false);

/** The services' addresses in the distributed mode: <DOMAIN>_URLS, each one or several comma-separated base URLs. */
export function serviceUrlsFromEnv(env: NodeJS.ProcessEnv): GatewayConfig['services'] {
  const out: GatewayConfig['services'] = {};
  for (const { name: d } of SERVICE_DOMAINS) {
    const v = env[gatewayUrlsVar(d)];
    if (v)
      out[d] = v
        .split(',')
        .map((u) => u.trim().replace(/\/+$/, ''))
        .filter(Boolean);
  }
  return out;
}

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv, services: GatewayConfig['services']): GatewayConfig {
  const num = (k: string, d: number) => (env[k] && Number.isFinite(Number(env[k])) ? Number(env[k]) : d);
  return {
    port: num('PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    internalKey: env.INTERNAL_KEY ?? '',
    authSecret: env.AUTH_SECRET ?? '',
    services,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimitPerMinute: num('RATE_LIMIT_PER_MINUTE', 1200),
    authRateLimitPerMinute: num('AUTH_RATE_LIMIT_PER_MINUTE', 20),
    trustProxy: env.TRUST_PROXY === 'true' ? 1 : Number(env.TRUST_PROXY) > 0 ? Math.floor(Number(env.TRUST_PROXY)) : false,
    web: {
      shellDir: env.SHELL_DIR ?? null,
      remotes: env.REMOTES_JSON ? (JSON.parse(env.REMOTES_JSON) as RemoteConfig[]) : [],
      remotesFile: env.REMOTES_FILE || null,
    },
    webUrl: env.WEB_URL ? env.WEB_URL.replace(/\/+$/, '') : null,
    probeMs: num('UPSTREAM_PROBE_MS', 2000),
    restartWaitMs: num('UPSTREAM_RESTART_WAIT_MS', 60_000),
    authzTtlSeconds: num('AUTHZ_TTL_SECONDS', 60),
    payloadEncoding: {
      enabled: env.PAYLOAD_ENCODING === '1' || env.PAYLOAD_ENCODING === 'true',
      secret: env.PAYLOAD_ENCODING_SECRET || null,
      anonymousKeyTtlSeconds: num('PAYLOAD_ENCODING_KEY_TTL_SECONDS', 600),
    },
  };
}
