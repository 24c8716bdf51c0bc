import { SERVICE_DOMAINS, type Domain, type ResourceDef } from '@portal/contracts';

/** The services that declare resources, and those resources (from the domain registry, packages/contracts/src/domains.ts). */
export const SERVICES: { domain: Domain; resources: ResourceDef[] }[] = SERVICE_DOMAINS.filter((d) => d.resources.length).map((d) => ({
  domain: d.name,
  resources: d.resources,
}));
