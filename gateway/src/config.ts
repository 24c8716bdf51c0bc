import type { Domain } from '@portal/contracts';

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
  trustProxy: boolean;
  /** Built front end to serve at / (optional). */
  staticDir: string | null;
  /** Seconds an authorization stays cached when no event invalidates it. */
  authzTtlSeconds: number;
}

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv, services: GatewayConfig['services']): GatewayConfig {
  const num = (k: string, d: number) => (env[k] && Number.isFinite(Number(env[k])) ? Number(env[k]) : d);
  return {
    port: num('PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    internalKey: env.INTERNAL_KEY ?? '',
    authSecret: env.AUTH_SECRET ?? '',
    services,
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    rateLimitPerMinute: num('RATE_LIMIT_PER_MINUTE', 1200),
    authRateLimitPerMinute: num('AUTH_RATE_LIMIT_PER_MINUTE', 20),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    staticDir: env.STATIC_DIR ?? null,
    authzTtlSeconds: num('AUTHZ_TTL_SECONDS', 60),
  };
}
