import type { RouteDecl } from '../kit/routes';
import { implementationReportRoutes } from './report';

export * from './resources';
export * from './report';

/** The implementation routes beyond the generated ones. */
export const implementationRoutes: RouteDecl[] = [...implementationReportRoutes];
