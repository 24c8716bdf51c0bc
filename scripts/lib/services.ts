import { hrResources, systemResources, type Domain, type ResourceDef } from '@portal/contracts';

/** The services that exist today and the resources each declares. */
export const SERVICES: { domain: Domain; resources: ResourceDef[] }[] = [
  { domain: 'system', resources: systemResources },
  { domain: 'hr', resources: hrResources },
];
