import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../access';
import { ok } from '../errors';
import { ApprovalEngine, parseApprovalBody, type ApprovalAction } from './engine';

/** The approval routes of one resource declaring `approval` (declared by contracts' resourceRoutes). */
export function registerApproval(app: FastifyInstance, engine: ApprovalEngine) {
  const path = `/api/v1${engine.def.path}/:id`;
  const id = (params: unknown) => (params as { id: string }).id;
  app.get(`${path}/approval`, async (req) => ok(await engine.view(id(req.params), requireCaller(req))));
  const actions: [string, ApprovalAction][] = [
    ['submit', 'submit'], ['resubmit', 'resubmit'], ['cancel', 'cancel'],
    ['approve', 'approve'], ['refuse', 'refuse'], ['submit-superiors', 'submit_superiors'],
  ];
  for (const [segment, action] of actions) {
    app.post(`${path}/${segment}`, async (req) => {
      const ctx = requireCaller(req);
      return ok(await engine.act(action, id(req.params), parseApprovalBody(req.body), ctx));
    });
  }
}
