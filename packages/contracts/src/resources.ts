import type { ResourceDef } from './kit/resource';
import { DOMAIN_REGISTRY } from './domains';

/** Every declared resource of the portal (the domain registry's), by name. */
export const allResources: ResourceDef[] = DOMAIN_REGISTRY.flatMap((d) => d.resources);
export const resourceByName = new Map(allResources.map((r) => [r.name, r]));
