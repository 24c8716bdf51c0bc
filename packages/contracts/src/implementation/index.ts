import type { RouteDecl } from '../kit/routes';

export * from './resources';

/** The implementation routes beyond the generated ones. */
export const implementationRoutes: RouteDecl[] = [];
