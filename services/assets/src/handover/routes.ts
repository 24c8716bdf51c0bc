import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assetsApi, HANDOVER_REQUIRED, HANDOVER_TYPE } from '@portal/contracts';
import { badRequest, ok, parseOrThrow, requireCaller, serveRoute } from '@portal/service-kit';

const query = z.object({ type: z.enum(HANDOVER_TYPE, { error: 'select_required' }), bulk: z.enum(['0', '1', 'true', 'false']).optional() }).loose();

/** `GET /asset-handover/require-fields?type=&bulk=`: the fields a handover of that type must have before it is sent. */
export function handoverRoutes(app: FastifyInstance) {
  serveRoute(app, assetsApi.requireFields, async (req) => {
    requireCaller(req);
    const q = parseOrThrow(query, req.query, badRequest);
    const bulk = q.bulk === '1' || q.bulk === 'true';
    return ok({ type: q.type, bulk, fields: HANDOVER_REQUIRED[q.type][bulk ? 'bulk' : 'single'] });
  });
}
