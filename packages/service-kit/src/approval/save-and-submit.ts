import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Access, admits, featureFor } from '@portal/contracts';
import { requireCaller } from '../access';
import { rolledBack, type Tx } from '../db';
import { AppError, badRequest, forbidden, ok } from '../errors';
import { parseOrThrow, resourceSchemas } from '../resource/validation';
import { type ApprovalEngine, type ApprovalRequestRow, parseApprovalBody } from './engine';

/**
 * "Save and send for approval" (issue 32, point 4): `POST <path>/save-and-submit` `{ record, description, approver_ids }`
 * creates the record and submits it in ONE transaction — both or neither. A submit the engine refuses (no approver found,
 * approvers to pick, a declared actor who may not send it, a resource hook) rolls the create back too: nothing is saved,
 * the answer is the refusal, and the form the user filled in still holds everything to correct and send again (no
 * orphan draft, no duplicate on the retry). The create is the create route's own (its schema, defaults, hooks, guards,
 * declared actors of the fields) and the submit is the submit route's own (`ApprovalEngine.actIn`: the record read in the
 * caller's scope, `acts.submit`, `beforeApproval`, the flow, the caller, the record's creator and subject taken out of
 * every level): whoever could not save and then send separately cannot here either. The gateway asks the `add` right,
 * as for both routes. Field errors keep the field's own path (`from_date`), as the create route's.
 *
 * `PUT <path>/:id/save-and-submit` (the same body) is the same for a record already saved — a draft being edited, or one
 * refused or cancelled: the update is the update route's own (its schema, the approval lock, hooks, guards, the declared
 * actors of the fields: `ResourceRepository.updateThen`) and the send is a submit, or a resubmit when the approval was
 * refused or cancelled, in the same transaction: both or neither (a refused send leaves the record as it was). The
 * gateway asks `edit`, as for PUT; the send also asks `add` here, as its own route does at the gateway.
 *
 * `?dry_run=1` on both, and on `POST <path>/:id/submit` and `…/:id/resubmit`: the same, always rolled back; the answer is
 * the levels the request would go to (`{ levels: [{ level, approver_ids }], pick: false }`), so the sender sees their
 * approvers before sending; `{ levels: [], pick: true }` when the flow leaves them to the sender and none were given (the
 * real call's 400 on `approver_ids`: the dialog asks for them); any other refusal as the real call would answer it.
 */
export function registerSaveAndSubmit(app: FastifyInstance, engine: ApprovalEngine) {
  const repo = engine.repo;
  const { create, update } = resourceSchemas(engine.def);
  const shape = z.object({ record: z.record(z.string(), z.unknown(), { error: 'body_object' }) }, { error: 'body_object' }).loose();

  app.post(`/api/v1${engine.def.path}/save-and-submit`, async (req) => {
    const ctx = requireCaller(req);
    const sent = parseOrThrow(shape, req.body, badRequest);
    const input = parseOrThrow(create, sent.record, badRequest);
    const approval = parseApprovalBody({ description: sent.description, approver_ids: sent.approver_ids });
    if (dryRun(req))
      return ok(await whom(() => repo.createThen(input, ctx, (tx, row) => engine.actIn(tx, 'submit', row.id, approval, ctx), true).then((d) => d.after)));
    const done = await repo.createThen(input, ctx, (tx, row) => engine.actIn(tx, 'submit', row.id, approval, ctx));
    return ok(await repo.get(done.row.id, ctx));
  });

  // Sending asks what the submit and resubmit routes ask at the gateway (the add right), besides the edit right asked here.
  const sending: Access = engine.def.access === 'own' ? 'signed-in' : { feature: featureFor(engine.def, 'add'), action: 'add' };
  app.put(`/api/v1${engine.def.path}/:id/save-and-submit`, async (req) => {
    const ctx = requireCaller(req);
    if (admits(ctx, sending) !== 'ok') throw forbidden();
    const id = (req.params as { id: string }).id;
    const sent = parseOrThrow(shape, req.body, badRequest);
    const input = parseOrThrow(update, sent.record, badRequest);
    const approval = parseApprovalBody({ description: sent.description, approver_ids: sent.approver_ids });
    const send = async (tx: Tx, row: { id: string }) => engine.actIn(tx, await engine.sendingAction(tx, row.id), row.id, approval, ctx);
    if (dryRun(req)) return ok(await whom(() => repo.updateThen(id, input, ctx, send, true).then((d) => d.after)));
    await repo.updateThen(id, input, ctx, send);
    return ok(await repo.get(id, ctx));
  });
}

/** The submit (or resubmit) of an existing record, rolled back: the levels it would go to. */
export function dryRunSubmit(engine: ApprovalEngine, action: 'submit' | 'resubmit', id: string, raw: unknown, ctx: Parameters<ApprovalEngine['actIn']>[4]) {
  const body = parseApprovalBody(raw);
  return whom(() => rolledBack(engine.pool, (tx) => engine.actIn(tx, action, id, body, ctx)));
}

/** A dry run's answer: the levels, or that the sender picks the approvers (a 400 on `approver_ids` alone). */
async function whom(run: () => Promise<ApprovalRequestRow>): Promise<{ levels: ApprovalRequestRow['levels']; pick: boolean }> {
  try {
    return { levels: (await run()).levels, pick: false };
  } catch (e) {
    const fields = e instanceof AppError && e.status === 400 ? e.fieldErrors : [];
    if (fields.length && fields.every((f) => f.path === 'approver_ids')) return { levels: [], pick: true };
    throw e;
  }
}

/** `?dry_run=1` (or `true`): check and answer, write nothing. */
export function dryRun(req: FastifyRequest): boolean {
  const v = (req.query as Record<string, unknown> | undefined)?.dry_run;
  return v === '1' || v === 'true';
}
