import type { FastifyInstance } from 'fastify';
import type { ServiceKit } from '@portal/service-kit';

/** HR reports (contracts hr/report-routes.ts). */
export function hrReportRoutes(_app: FastifyInstance, _kit: ServiceKit) {}
