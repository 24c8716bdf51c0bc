import type { RouteDecl } from '../kit/routes';

/** HR reports (feature `report`). */
export const hrReportRoutes: RouteDecl[] = [];
