import type { RouteDecl } from '../kit/routes';

/** Recruitment and candidate routes beyond the generated ones (status changes, bulk and series creation, old candidates). */
export const recruitmentRoutes: RouteDecl[] = [];
