import {
  asset,
  assetHandover,
  assetHandoverLine,
  depreciationEnd,
  HANDOVER_ANSWER_DAYS,
  HANDOVER_LINE_FINAL,
  HANDOVER_REQUIRED,
  type CallerContext,
  type HandoverType,
  type RowOf,
} from '@portal/contracts';
import { AppError, badRequest, hooksFor, ownMove, reachingAll, type HooksOf, type MessageKey, type ServiceKit, type Tx } from '@portal/service-kit';
import { depreciationInputOf } from '../asset/depreciation';

type Handover = RowOf<typeof assetHandover>;
type AssetRow = RowOf<typeof asset>;

/** The asset statuses a handover of each type takes an asset from: to a user what nobody holds and still serves; back, what its holder has. */
const TAKES: Record<HandoverType, readonly string[]> = { TO_USER: ['NEW', 'STORAGE', 'DISCOUNT'], RETURN: ['USED', 'DISCOUNT', 'DAMAGED'] };

/** Why an asset cannot be on a handover of this type from this giver, or null. */
function unavailable(a: AssetRow, h: Pick<Handover, 'type' | 'giver_id'>): MessageKey | null {
  const type = h.type as HandoverType;
  if (type === 'TO_USER' && a.holder_id) return 'handover_asset_held';
  if (type === 'RETURN' && a.holder_id !== h.giver_id) return 'handover_asset_not_giver';
  return TAKES[type].includes(String(a.status)) ? null : 'handover_asset_status';
}

/** The first of these assets already on an open handover (draft or waiting) other than `except`: the asset and that handover's code. */
async function otherOpen(tx: Tx, assetIds: readonly string[], except: string): Promise<{ asset_id: string; code: string } | null> {
  const { rows } = await tx.query<{ asset_id: string; code: string }>(
    `SELECT l.asset_id, h.code FROM asset_handover_line l JOIN asset_handover h ON h.id = l.handover_id
      WHERE l.asset_id = ANY($1::uuid[]) AND l.state = 'ACTIVE' AND h.state = 'ACTIVE' AND h.id <> $2
        AND l.status IN ('NONE', 'HAND_OVER', 'DENIED') ORDER BY l.asset_id LIMIT 1`,
    [assetIds, except],
  );
  return rows[0] ?? null;
}

/** The handover's counts from its lines, kept with every line's write and move. */
async function recount(tx: Tx, handoverId: string): Promise<{ total: number; final: number }> {
  const { rows } = await tx.query<{ total: number; accepted: number; denied: number; final: number }>(
    `UPDATE asset_handover h SET total_lines = c.total, accepted_lines = c.accepted, denied_lines = c.denied
       FROM (SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'ACCEPTED')::int AS accepted,
                    count(*) FILTER (WHERE status IN ('DENIED', 'DENIED_CONFIRM'))::int AS denied,
                    count(*) FILTER (WHERE status = ANY($2::text[]))::int AS final
               FROM asset_handover_line WHERE handover_id = $1 AND state = 'ACTIVE') c
      WHERE h.id = $1 RETURNING c.total, c.accepted, c.denied, c.final`,
    [handoverId, HANDOVER_LINE_FINAL],
  );
  return rows[0] ?? { total: 0, final: 0 };
}

/**
 * Handovers and their lines (contracts assets/handover.ts): who may hand what to whom, and the assets following each
 * step. Every step locks the handover, then its assets in the order of their ids, so two steps on one asset wait for
 * each other instead of both succeeding.
 */
export function handoverRules(kit: () => ServiceKit) {
  const assets = () => kit().repo(asset);
  const lines = () => kit().repo(assetHandoverLine);
  const handovers = () => kit().repo(assetHandover);

  const linesOf = async (tx: Tx, handoverId: string) =>
    (
      await tx.query<{ id: string; asset_id: string; status: string; asset_status_before: string | null }>(
        `SELECT id, asset_id, status, asset_status_before FROM asset_handover_line WHERE handover_id = $1 AND state = 'ACTIVE' ORDER BY asset_id`,
        [handoverId],
      )
    ).rows;
  const lockAssets = (tx: Tx, ids: string[]) => tx.query('SELECT 1 FROM asset WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);

  /** Where an accepted line leaves its asset (`before`: its status when it was handed). */
  const afterAccept = async (tx: Tx, a: AssetRow, h: Handover, before: unknown) => {
    if (h.type === 'RETURN') return { status: before === 'DAMAGED' ? 'STORAGE_DAMAGED' : 'STORAGE', holder_id: null };
    const end = depreciationEnd(await depreciationInputOf(tx, a));
    return { status: end && end < kit().today() ? 'DISCOUNT' : 'USED', holder_id: h.receiver_id };
  };

  const handover: HooksOf<typeof assetHandover> = hooksFor(assetHandover, {
    beforeCreate(input) {
      if (input.receiver_id && input.receiver_id === input.giver_id) throw badRequest([{ path: 'receiver_id', key: 'handover_self' }]);
    },
    async beforeUpdate(input, existing, _ctx, tx) {
      const giver = input.giver_id !== undefined ? input.giver_id : existing.giver_id;
      const receiver = input.receiver_id !== undefined ? input.receiver_id : existing.receiver_id;
      if (receiver && receiver === giver) throw badRequest([{ path: 'receiver_id', key: 'handover_self' }]);
      // A draft's lines were checked for its type and giver: changing either takes them out.
      if ((input.type !== undefined && input.type !== existing.type) || (input.giver_id !== undefined && input.giver_id !== existing.giver_id)) {
        if ((await linesOf(tx, existing.id)).length) throw new AppError(422, 'handover_has_lines');
      }
    },
    async lockBeforeStatus(record, tx) {
      await lockAssets(
        tx,
        (await linesOf(tx, record.id)).map((l) => l.asset_id),
      );
    },
    async beforeStatus(move, record, ctx, tx) {
      const ls = await linesOf(tx, record.id);
      if (move.to === 'HAND_OVER') {
        if (!ls.length) throw new AppError(422, 'handover_no_lines');
        if (ctx.staffId && record.receiver_id === ctx.staffId) throw new AppError(422, 'handover_own');
        const req = HANDOVER_REQUIRED[record.type as HandoverType][ls.length > 1 ? 'bulk' : 'single'];
        const missing = req.filter(
          (k) => record[k as keyof Handover] === null || record[k as keyof Handover] === undefined || record[k as keyof Handover] === '',
        );
        if (missing.length)
          throw badRequest(
            missing.map((path) => ({ path, key: 'required' as const })),
            'handover_required',
          );
        const codes = new Map<string, string>();
        for (const l of ls) {
          const a = await assets().get(l.asset_id, ctx, tx);
          const why = unavailable(a, record);
          if (why) throw new AppError(422, why, { code: String(a.asset_code) });
          codes.set(a.id, String(a.asset_code));
        }
        // Whether any of them is on another open handover: one query for all of them.
        const other = await otherOpen(tx, [...codes.keys()], record.id);
        if (other) throw new AppError(422, 'handover_asset_elsewhere', { code: codes.get(other.asset_id) ?? '', other: other.code });
        const sent = kit().now();
        return { sent_at: sent.toISOString(), answer_due: new Date(sent.getTime() + HANDOVER_ANSWER_DAYS * 86_400_000).toISOString(), completed_at: null };
      }
      // Withdrawn: only while nobody has answered.
      if (move.to === 'NONE' && ls.some((l) => l.status !== 'HAND_OVER')) throw new AppError(422, 'handover_answered');
      if (move.to === 'NONE') return { sent_at: null, answer_due: null };
    },
    async afterStatus(move, record, caller, tx) {
      const ctx = reachingAll(caller);
      const ls = await linesOf(tx, record.id);
      const what = `${move.to === 'HAND_OVER' ? 'Bàn giao / Handed over' : 'Rút lại / Withdrawn'}: ${record.code}`;
      for (const l of ls) {
        if (move.to === 'HAND_OVER') {
          const a = await assets().get(l.asset_id, ctx, tx, true);
          await tx.query(`UPDATE asset_handover_line SET status = 'HAND_OVER', asset_status_before = $2 WHERE id = $1`, [l.id, a.status]);
          await ownMove(assets(), tx, a.id, 'HAND_OVER', ctx, what, { receiver_id: record.receiver_id });
        } else {
          await tx.query(`UPDATE asset_handover_line SET status = 'NONE' WHERE id = $1`, [l.id]);
          if (l.asset_status_before) await ownMove(assets(), tx, l.asset_id, l.asset_status_before, ctx, what, { receiver_id: null });
        }
      }
      lines().onCommit();
    },
  });

  const line: HooksOf<typeof assetHandoverLine> = hooksFor(assetHandoverLine, {
    async beforeCreate(input, ctx, tx) {
      const h = await handovers().get(String(input.handover_id), ctx, tx, true);
      if (h.status !== 'NONE') throw new AppError(422, 'handover_not_draft');
      const a = await assets().get(String(input.asset_id), ctx, tx, true);
      const why = unavailable(a, h);
      if (why) throw badRequest([{ path: 'asset_id', key: why, params: { code: String(a.asset_code) } }]);
      const other = await otherOpen(tx, [a.id], h.id);
      if (other) throw badRequest([{ path: 'asset_id', key: 'handover_asset_elsewhere', params: { code: String(a.asset_code), other: other.code } }]);
    },
    beforeUpdate(input, existing) {
      for (const k of ['handover_id', 'asset_id'] as const)
        if (input[k] !== undefined && input[k] !== existing[k]) throw badRequest([{ path: k, key: 'handover_line_fixed' }]);
    },
    async afterWrite(_verb, row, _ctx, tx) {
      await recount(tx, String(row.handover_id));
    },
    async lockBeforeStatus(record, tx) {
      await tx.query('SELECT 1 FROM asset_handover WHERE id = $1 FOR UPDATE', [record.handover_id]);
      await lockAssets(tx, [String(record.asset_id)]);
    },
    beforeStatus(move, _record, _ctx: CallerContext) {
      if (move.to === 'DENIED') {
        if (!move.note || move.note.trim().length < 3) throw badRequest([{ path: 'note', key: 'handover_deny_reason' }]);
        return { deny_reason: move.note.trim(), answered_at: kit().now().toISOString() };
      }
      if (move.to === 'ACCEPTED') return { answered_at: kit().now().toISOString() };
    },
    async afterStatus(move, record, caller, tx) {
      // The receiver's answer moves an asset their scope may not reach (they do not manage it): the workflow writes, as them.
      const ctx = reachingAll(caller);
      const h = await handovers().get(String(record.handover_id), ctx, tx, true);
      const a = await assets().get(String(record.asset_id), ctx, tx, true);
      if (move.to === 'ACCEPTED') {
        const { status, holder_id } = await afterAccept(tx, a, h, record.asset_status_before);
        await ownMove(assets(), tx, a.id, status, ctx, `Đã nhận / Accepted: ${h.code}`, { holder_id, receiver_id: null });
      }
      if (move.to === 'DENIED_CONFIRM' && record.asset_status_before)
        await ownMove(assets(), tx, a.id, String(record.asset_status_before), ctx, `Thu hồi sau từ chối / Back after denial: ${h.code}`, { receiver_id: null });
      const { total, final } = await recount(tx, h.id);
      if (total > 0 && final === total)
        await ownMove(handovers(), tx, h.id, 'CONFIRM', ctx, `Hoàn tất / Completed: ${h.code}`, { completed_at: kit().now().toISOString() });
      handovers().onCommit();
      assets().onCommit();
    },
  });
  return { handover, line };
}
