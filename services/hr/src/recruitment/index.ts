import type { FastifyInstance } from 'fastify';
import type { ResourceHooks, ServiceKit } from '@portal/service-kit';

/** Rules of recruitment requests, candidates and interviews (contracts hr/recruitment.ts). */
export const recruitmentHooks = (_kit: () => ServiceKit): Record<string, ResourceHooks> => ({});

/** Recruitment routes beyond the generated ones (contracts hr/recruitment-routes.ts). */
export function recruitmentExtraRoutes(_app: FastifyInstance, _kit: ServiceKit) {}
