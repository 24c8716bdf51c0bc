import { asset, repairAsset } from '@portal/contracts';
import { AppError, badRequest, hooksFor, ownMove, type HooksOf, type ServiceKit } from '@portal/service-kit';
import { depreciationInputOf, scheduleFields } from '../asset/depreciation';
import { openRepair } from '../asset/rules';

/**
 * Repairs (contracts assets/repair.ts): an asset is sent for repair one repair at a time — not one liquidated or in
 * the middle of a handover — and is then out of service (DAMAGED, or STORAGE_DAMAGED from storage); a repair stays on
 * its asset. Its return is dated between its sending and today; a FIXED asset goes back to its holder (USED) or to storage
 * (STORAGE); a capitalised repair's cost and months are added to the asset and its schedule recomputed from the month
 * of the return. The asset is locked before the repair (the order its own moves lock in), so a repair returned while
 * the asset is moved waits for it rather than deadlocking.
 */
/** The status an asset takes when it is sent for repair, from the one it had (a damaged one keeps its own). */
const OUT_OF_SERVICE: Record<string, string> = { NEW: 'STORAGE_DAMAGED', STORAGE: 'STORAGE_DAMAGED', USED: 'DAMAGED', DISCOUNT: 'DAMAGED' };

export function repairHooks(kit: () => ServiceKit): HooksOf<typeof repairAsset> {
  return hooksFor(repairAsset, {
    async beforeCreate(input, ctx, tx) {
      const target = await kit().repo(asset).get(String(input.asset_id), ctx, tx, true);
      if (target.status === 'LIQUIDATION' || target.status === 'HAND_OVER') throw new AppError(422, 'repair_asset_unavailable');
      const code = await openRepair(tx, target.id);
      if (code) throw new AppError(422, 'asset_in_repair', { code });
    },
    async afterWrite(verb, row, ctx, tx) {
      // Sent for repair, the asset is out of service: damaged in use, or damaged in storage.
      if (verb !== 'created') return;
      const repo = kit().repo(asset);
      const target = await repo.get(String(row.asset_id), ctx, tx, true);
      const to = OUT_OF_SERVICE[String(target.status)];
      if (to) await ownMove(repo, tx, target.id, to, ctx, `Gửi sửa chữa / Sent for repair: ${row.code}`);
    },
    beforeUpdate(input, existing) {
      if (input.asset_id !== undefined && input.asset_id !== existing.asset_id) throw badRequest([{ path: 'asset_id', key: 'repair_asset_fixed' }]);
    },
    async lockBeforeStatus(record, tx) {
      await tx.query('SELECT 1 FROM asset WHERE id = $1 FOR UPDATE', [String(record.asset_id)]);
    },
    beforeStatus(move, record) {
      if (move.to !== 'RETURNED') return;
      const day = String(move.recorded.returned_date);
      if (day < String(record.sent_date)) throw badRequest([{ path: 'returned_date', key: 'repair_returned_before_sent' }]);
      if (day > kit().today()) throw badRequest([{ path: 'returned_date', key: 'repair_returned_future' }]);
    },
    async afterStatus(move, record, ctx, tx) {
      if (move.to !== 'RETURNED') return;
      const repo = kit().repo(asset);
      const target = await repo.get(String(record.asset_id), ctx, tx, true);
      const fields = record.capitalised ? scheduleFields(await depreciationInputOf(tx, target)) : {};
      const fixed = record.outcome === 'FIXED';
      const to = !fixed ? String(target.status) : target.status === 'STORAGE_DAMAGED' || !target.holder_id ? 'STORAGE' : 'USED';
      const what = fixed ? 'Đã sửa xong / Repaired' : 'Không sửa được / Not fixable';
      await ownMove(repo, tx, target.id, to, ctx, `${what}: ${record.code}`, fields);
    },
  });
}
