import type { ResourceDef } from './kit/resource';
import { hrResources } from './hr/resources';
import { systemResources } from './system/resources';
import { adminResources } from './admin/resources';

/** Every declared resource of the portal, by name. */
export const allResources: ResourceDef[] = [...hrResources, ...systemResources, ...adminResources];
export const resourceByName = new Map(allResources.map((r) => [r.name, r]));
