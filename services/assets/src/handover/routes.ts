import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assetHandover, assetHandoverLine, assetsApi, HANDOVER_REQUIRED, HANDOVER_TYPE } from '@portal/contracts';
import { AppError, badRequest, ok, parseOrThrow, requireCaller, serveRoute, withTx, type ServiceKit } from '@portal/service-kit';

const query = z.object({ type: z.enum(HANDOVER_TYPE, { error: 'select_required' }), bulk: z.enum(['0', '1', 'true', 'false']).optional() }).loose();

/**
 * `GET /asset-handover/require-fields?type=&bulk=`: the fields a handover of that type must have before it is sent.
 * `POST /asset-handover/:id/return`: the return of a completed handover to a user — a RETURN draft from its receiver back
 * to its giver, in its department, with the assets the receiver still holds from it — made as the caller's own create
 * (so only the asset office, who names givers and receivers, makes it); it is sent by its giver or the office as any.
 */
export function handoverRoutes(app: FastifyInstance, kit: ServiceKit) {
  serveRoute(app, assetsApi.requireFields, async (req) => {
    requireCaller(req);
    const q = parseOrThrow(query, req.query, badRequest);
    const bulk = q.bulk === '1' || q.bulk === 'true';
    return ok({ type: q.type, bulk, fields: HANDOVER_REQUIRED[q.type][bulk ? 'bulk' : 'single'] });
  });

  serveRoute<{ Params: { id: string } }>(app, assetsApi.returnOf, async (req) => {
    const ctx = requireCaller(req);
    const handovers = kit.repo(assetHandover);
    const made = await withTx(kit.pool, async (tx) => {
      const h = await handovers.get(req.params.id, ctx, tx, true);
      if (h.type !== 'TO_USER' || h.status !== 'CONFIRM') throw new AppError(422, 'handover_return_of');
      const { rows } = await tx.query<{ id: string }>(
        `SELECT a.id FROM asset_handover_line l JOIN asset a ON a.id = l.asset_id
          WHERE l.handover_id = $1 AND l.state = 'ACTIVE' AND l.status = 'ACCEPTED' AND a.state = 'ACTIVE' AND a.holder_id = $2
          ORDER BY a.asset_code`,
        [h.id, h.receiver_id],
      );
      if (!rows.length) throw new AppError(422, 'handover_return_nothing');
      const back = await handovers.createIn(
        tx,
        { type: 'RETURN', department_id: h.department_id, giver_id: h.receiver_id, receiver_id: h.giver_id, reason: `Trả lại theo ${h.code}` },
        ctx,
      );
      for (const { id } of rows) await kit.repo(assetHandoverLine).createIn(tx, { handover_id: back.id, asset_id: id }, ctx);
      return back;
    });
    kit.repo(assetHandover).onCommit();
    return ok(await handovers.get(made.id, ctx));
  });
}
