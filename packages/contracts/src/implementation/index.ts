import type { RouteDecl } from '../kit/routes';
import { implementationReportRoutes } from './report';
import { reviewRoutes } from './review-routes';
import { reviewPointRoutes } from './review-points';

export * from './resources';
export * from './report';
export * from './review-routes';

/** The implementation routes beyond the generated ones. */
export const implementationRoutes: RouteDecl[] = [...implementationReportRoutes, ...reviewRoutes, ...reviewPointRoutes];
