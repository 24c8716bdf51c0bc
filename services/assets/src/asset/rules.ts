import { asset, type CallerContext, type InputOf, type RowOf } from '@portal/contracts';
import { AppError, badRequest, changes, hooksFor, type HooksOf, type ServiceKit, type Tx } from '@portal/service-kit';
import { depreciationInputOf, scheduleFields } from './depreciation';
import { refreshInspectionDue } from '../inspection/due';

type Input = InputOf<typeof asset>;
type AssetRow = RowOf<typeof asset>;

/** The repair an asset is out for, if any (its code). */
export async function openRepair(tx: Tx, assetId: string): Promise<string | null> {
  const { rows } = await tx.query<{ code: string }>(
    `SELECT code FROM repair_asset WHERE asset_id = $1 AND state = 'ACTIVE' AND status = 'SENT' ORDER BY created_date LIMIT 1`,
    [assetId],
  );
  return rows[0]?.code ?? null;
}

/**
 * The register's own rules (contracts assets/asset.ts):
 * - a group belongs to the chosen type; a new asset without a useful life takes its group's (neither: 400);
 * - `depreciation_end` follows every change of the price, the purchase date or the life (with the capitalised repairs);
 * - moves: into use (USED) only with a holder; nothing moves out of DAMAGED while it is out for repair, nor is
 *   liquidated; a liquidation is dated between the purchase and today; leaving the holder's hands (storage,
 *   liquidation) clears the holder;
 * - its inspection due date and state follow every write (inspection/due.ts).
 */
export function assetHooks(kit: () => ServiceKit): HooksOf<typeof asset> {
  const checkGroup = async (input: Input, existing: AssetRow | null, tx: Tx) => {
    const groupId = input.group_id !== undefined ? input.group_id : existing?.group_id;
    const typeId = input.type_id ?? existing?.type_id;
    if (!groupId) return null;
    if (!changes(asset, input, existing, ['group_id', 'type_id'])) return null;
    const { rows } = await tx.query<{ type_id: string; depreciation_months: number }>(
      `SELECT type_id, depreciation_months FROM asset_group WHERE id = $1 AND state = 'ACTIVE'`,
      [groupId],
    );
    if (!rows[0]) throw badRequest([{ path: 'group_id', key: 'invalid' }]);
    if (typeId && rows[0].type_id !== typeId) throw badRequest([{ path: 'group_id', key: 'asset_group_type' }]);
    return rows[0];
  };
  const keepSchedule = async (input: Input, existing: AssetRow | null, tx: Tx) => {
    if (existing && !changes(asset, input, existing, ['purchase_price', 'purchase_date', 'depreciation_months'])) return;
    const row = {
      id: existing?.id ?? '00000000-0000-0000-0000-000000000000',
      purchase_price: input.purchase_price ?? existing?.purchase_price ?? 0,
      purchase_date: input.purchase_date ?? existing?.purchase_date ?? kit().today(),
      depreciation_months: input.depreciation_months ?? existing?.depreciation_months ?? 0,
    };
    Object.assign(input, scheduleFields(await depreciationInputOf(tx, row)));
  };
  return hooksFor(asset, {
    async beforeCreate(input, _ctx, tx) {
      const group = await checkGroup(input, null, tx);
      if (input.depreciation_months === undefined || input.depreciation_months === null) {
        if (!group) throw badRequest([{ path: 'depreciation_months', key: 'asset_life_required' }]);
        input.depreciation_months = group.depreciation_months;
      }
      await keepSchedule(input, null, tx);
    },
    async beforeUpdate(input, existing, _ctx, tx) {
      await checkGroup(input, existing, tx);
      await keepSchedule(input, existing, tx);
    },
    async beforeStatus(move, record, _ctx: CallerContext, tx) {
      if (move.to === 'USED' && !record.holder_id) throw new AppError(422, 'asset_no_holder');
      if (move.from === 'DAMAGED' || move.from === 'STORAGE_DAMAGED' || move.to === 'LIQUIDATION') {
        const code = await openRepair(tx, record.id);
        if (code) throw new AppError(422, 'asset_in_repair', { code });
      }
      if (move.to === 'LIQUIDATION') {
        const day = String(move.recorded.liquidation_date);
        if (day < String(record.purchase_date)) throw badRequest([{ path: 'liquidation_date', key: 'asset_liquidation_before_purchase' }]);
        if (day > kit().today()) throw badRequest([{ path: 'liquidation_date', key: 'asset_liquidation_future' }]);
      }
      if (['STORAGE', 'STORAGE_DAMAGED', 'LIQUIDATION'].includes(move.to)) return { holder_id: null };
    },
    // Its inspection due date follows its purchase date, group, type and liquidation (inspection/due.ts).
    async afterWrite(verb, row, _ctx, tx) {
      if (verb !== 'deleted') await refreshInspectionDue(tx, kit().today(), { assets: [row.id] });
    },
  });
}
