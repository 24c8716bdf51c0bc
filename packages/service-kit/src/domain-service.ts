import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { calledDomains, DOMAIN_REGISTRY, serviceUrlVar, type Domain } from '@portal/contracts';
import type { EventBus } from './events/bus';
import type { ServiceKit } from './app';
import { requiredEnv, serveFromEnv, type ServeDeps } from './serve';

/** What a domain's service is built from, in its own process and in the all-in-one stack alike. */
export interface DomainServiceDeps {
  pool: Pool;
  bus: EventBus;
  internalKey: string;
  /** Its configuration (the table in README "Configuration"); the stack adds its secrets and mail address to it. */
  env: NodeJS.ProcessEnv;
  /**
   * Where another domain's service is (one or several comma-separated instances), read per call: the stack's loopback
   * address, or the `<DOMAIN>_URL` variable the registry says this service reads (null for any other domain).
   */
  url: (d: Domain) => string | null;
  /** Where stored files and their staging live unless configured otherwise (the stack's data folder; DATA_DIR). */
  dataDir: string;
  /** The clock its rules read: a test's fixed one; the real one without. */
  now?: () => Date;
}

/** A domain's service: `services/<domain>/src/service.ts` exports it as `service` (the stacks find it by the registry). */
export interface DomainServiceModule {
  domain: Domain;
  /** The service's own SQL migrations (the kit's come first). */
  migrations: string;
  create: (deps: DomainServiceDeps) => Promise<{ app: FastifyInstance; kit: ServiceKit }>;
  /** Its own process only, once built and before it listens (the system service's first administrator). */
  serve?: (deps: ServeDeps) => Promise<void>;
}

export const defineService = (m: DomainServiceModule): DomainServiceModule => m;

/**
 * The `<DOMAIN>_URL` variables a service process reads: one per domain the registry says it calls (what it needs, and
 * with `records` every domain owning resources), each required.
 */
export const serviceUrlVars = (domain: Domain): string[] => calledDomains(DOMAIN_REGISTRY, domain).map(serviceUrlVar);

/** A domain's service as its own process (the distributed mode): serveFromEnv, with the addresses the registry names. */
export function serveDomain(service: DomainServiceModule) {
  return serveFromEnv(
    service.domain,
    service.migrations,
    (d) => {
      const urls = new Map(calledDomains(DOMAIN_REGISTRY, service.domain).map((c) => [c, requiredEnv(d.env, serviceUrlVar(c))]));
      return service.create({ ...d, url: (c) => urls.get(c) ?? null, dataDir: d.env.DATA_DIR ?? '/tmp/portal-files' });
    },
    service.serve,
  );
}
