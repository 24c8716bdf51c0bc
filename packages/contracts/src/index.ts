export * from './kit/field';
export * from './kit/resource';
export * from './kit/list';
export * from './kit/routes';
export * from './kit/approval';
export * from './kit/menu';
export * from './common/permissions';
export * from './common/options';
export * from './common/labels';
export * from './common/ids';
export * from './common/dates';
export * from './hr';
export * from './system';
export * from './files';
export * from './notifications';
export * from './admin';

import { resourceRoutes, type RouteDecl } from './kit/routes';
import { approvalSettingsRoutes, delegationRoutes } from './kit/approval';
import type { ResourceDef } from './kit/resource';
import { hrResources, hrRoutes } from './hr';
import { systemResources, systemRoutes } from './system';
import { filesRoutes } from './files';
import { notificationsRoutes } from './notifications';
import { adminResources, adminRoutes } from './admin';

/** Every declared resource of the portal, by name. */
export const allResources: ResourceDef[] = [...hrResources, ...systemResources, ...adminResources];
export const resourceByName = new Map(allResources.map((r) => [r.name, r]));

/** Every route the gateway exposes under /api/v1. Custom routes first so they win over generated `:id` ones. */
export const allRoutes: RouteDecl[] = [
  ...hrRoutes, ...systemRoutes, ...adminRoutes, ...delegationRoutes, ...filesRoutes, ...notificationsRoutes,
  ...[...new Set(allResources.filter((r) => r.approval).map((r) => r.domain))].flatMap(approvalSettingsRoutes),
  ...allResources.flatMap(resourceRoutes),
];
