import type { FastifyInstance } from 'fastify';
import type { ServiceKit } from '@portal/service-kit';

export function leaveRoutes(_app: FastifyInstance, _kit: ServiceKit) {}
