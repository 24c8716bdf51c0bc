import type { RouteDecl } from '../kit/routes';
import { businessReportRoutes } from './reports';

export * from './resources';
export * from './reports';

/** The business routes beyond the generated ones: its reports. */
export const businessRoutes: RouteDecl[] = [...businessReportRoutes];
