import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../access';
import { badRequest, ok } from '../errors';
import { allOrNothing, bulkIds, unique } from '../resource/bulk';
import { parseOrThrow } from '../resource/validation';
import { type ApprovalEngine, parseApprovalBody, type ApprovalAction } from './engine';
import { dryRun, dryRunSubmit, registerSaveAndSubmit } from './save-and-submit';

const bulkBody = z.object(
  {
    ids: bulkIds,
    description: z.string({ error: 'invalid' }).trim().max(2000, { error: 'max_length|{"n":2000}' }).nullish(),
  },
  { error: 'body_object' },
);

/** The approval routes of one resource declaring `approval` (declared by contracts' resourceRoutes). */
export function registerApproval(app: FastifyInstance, engine: ApprovalEngine) {
  const path = `/api/v1${engine.def.path}/:id`;
  const id = (params: unknown) => (params as { id: string }).id;
  app.get(`${path}/approval`, async (req) => ok(await engine.view(id(req.params), requireCaller(req))));
  const actions: [string, ApprovalAction][] = [
    ['submit', 'submit'],
    ['resubmit', 'resubmit'],
    ['cancel', 'cancel'],
    ['approve', 'approve'],
    ['refuse', 'refuse'],
    ['submit-superiors', 'submit_superiors'],
  ];
  for (const [segment, action] of actions) {
    app.post(`${path}/${segment}`, async (req) => {
      const ctx = requireCaller(req);
      // A submit's or resubmit's dry run: the approvers it would go to, every check made, nothing written (save-and-submit.ts).
      if ((action === 'submit' || action === 'resubmit') && dryRun(req)) return ok(await dryRunSubmit(engine, action, id(req.params), req.body, ctx));
      return ok(await engine.act(action, id(req.params), parseApprovalBody(req.body), ctx));
    });
  }
  registerSaveAndSubmit(app, engine);
  // Declared bulk actions (ResourceDef.bulk.approval): the same action on every record, in one transaction, each record
  // checked as its own action is (the caller its approver now and not its subject; only its submitter cancels), all or
  // nothing with the refusal of every record (`ids.N`).
  if (engine.def.bulk?.approval) {
    for (const action of ['approve', 'refuse', 'cancel'] as const) {
      app.post(`/api/v1${engine.def.path}/bulk-${action}`, async (req) => {
        const ctx = requireCaller(req);
        const b = parseOrThrow(bulkBody, req.body, badRequest);
        const done = await allOrNothing(engine.repo, unique(b.ids), 'ids', (tx, recordId) =>
          engine.actIn(tx, action, recordId, { description: b.description ?? undefined }, ctx),
        );
        return ok({ done: done.length, items: done.map((r) => ({ id: r.record_id, status: r.status })) });
      });
    }
  }
}
