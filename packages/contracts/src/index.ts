/** `@portal/contracts`: every declaration of the portal — the zod-free part the front end's first page takes (frame.ts), the zod schemas and the routes. */
export * from './frame';
export * from './kit/routes';
export * from './kit/report';
export * from './kit/mail-limit';
export * from './common/day-schema';
export * from './common/money-schema';
export * from './hr';
export * from './system';
export * from './files';
export * from './admin';
export * from './assets';
export * from './business';
export * from './implementation';
export * from './internal';

import { resourceRoutes, searchRoutes, type RouteDecl } from './kit/routes';
import { approvalSettingsRoutes, delegationRoutes } from './kit/approval';
import { allResources } from './resources';
import { hrRoutes } from './hr';
import { systemRoutes } from './system';
import { filesRoutes } from './files';
import { notificationsRoutes } from './notifications';
import { adminRoutes } from './admin';
import { assetsRoutes } from './assets';
import { businessRoutes } from './business';
import { implementationRoutes } from './implementation';

/** Every route the gateway exposes under /api/v1. Custom routes first so they win over generated `:id` ones. */
export const allRoutes: RouteDecl[] = [
  ...hrRoutes,
  ...systemRoutes,
  ...adminRoutes,
  ...assetsRoutes,
  ...businessRoutes,
  ...implementationRoutes,
  ...delegationRoutes,
  ...filesRoutes,
  ...notificationsRoutes,
  ...[...new Set(allResources.filter((r) => r.approval).map((r) => r.domain))].flatMap(approvalSettingsRoutes),
  ...searchRoutes(allResources),
  ...allResources.flatMap(resourceRoutes),
];
