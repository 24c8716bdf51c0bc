/**
 * The portal's services as the stacks build them, from the domain registry (packages/contracts/src/domains.ts): every
 * domain with a service is the package `@portal/<domain>`, whose `service` (services/<domain>/src/service.ts) builds
 * it — the same one its own process serves (main.ts, serveDomain). `npm start` and the tests' stack (stack.ts), the
 * compose file's seed job, the migration generator, the declaration tests and the test databases read this list.
 * A domain's part of the demo company is `scripts/lib/demo-<domain>.ts` (its `seedDomainDemo`), found by its name.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_DOMAINS, type Domain, type ResourceDef } from '@portal/contracts';
import type { DomainServiceModule, ServiceKit } from '@portal/service-kit';
import type { DemoCompany } from './demo-company';

export interface DomainEntry extends DomainServiceModule {
  /** The resources the service declares (the registry's): its generated routes, tables and tests. */
  resources: ResourceDef[];
  /**
   * The domain's part of the demo company, written through its service's own code once the base (system and HR:
   * demo.ts) is there — by `npm start`, the tests' template and the compose file's seed-demo job alike.
   */
  demo?: (kit: ServiceKit, company: DemoCompany) => Promise<void>;
}

function entryOf(domain: Domain, resources: ResourceDef[]): DomainEntry {
  // The registry names the package; a domain whose package does not build its service is an error here, at start.
  const { service } = require(`@portal/${domain}`) as { service?: DomainServiceModule };
  if (service?.domain !== domain) throw new Error(`@portal/${domain} does not export its service (services/${domain}/src/service.ts)`);
  const demoFile = join(__dirname, `demo-${domain}.ts`);
  const demo = existsSync(demoFile) ? (require(demoFile) as { seedDomainDemo: DomainEntry['demo'] }).seedDomainDemo : undefined;
  return { ...service, resources, demo };
}

/** In the order the stack migrates, builds and starts them (the registry's). */
export const DOMAIN_REGISTRY: readonly DomainEntry[] = SERVICE_DOMAINS.map((d) => entryOf(d.name, d.resources));
