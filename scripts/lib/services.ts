import type { Domain, ResourceDef } from '@portal/contracts';
import { DOMAIN_REGISTRY } from './domains';

/** The services that declare resources, and those resources (from the domain registry, domains.ts). */
export const SERVICES: { domain: Domain; resources: ResourceDef[] }[] = DOMAIN_REGISTRY.filter((e) => e.resources.length).map((e) => ({
  domain: e.domain,
  resources: e.resources,
}));
