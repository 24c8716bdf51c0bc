import type { RouteDecl } from '../kit/routes';
import { businessReportRoutes } from './reports';
import { matrixBoardRoutes } from './matrix-board';

export * from './resources';
export * from './reports';
export * from './matrix-board';

/** The business routes beyond the generated ones: its reports and the matrix screen's figures. */
export const businessRoutes: RouteDecl[] = [...businessReportRoutes, ...matrixBoardRoutes];
