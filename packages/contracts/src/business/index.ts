import type { RouteDecl } from '../kit/routes';

export * from './resources';

/** The business routes beyond the generated ones. */
export const businessRoutes: RouteDecl[] = [];
