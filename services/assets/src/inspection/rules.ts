import { asset, assetGroup, assetInspection, assetType } from '@portal/contracts';
import { AppError, badRequest, hooksFor, type HooksOf, type ServiceKit } from '@portal/service-kit';
import { refreshInspectionDue } from './due';

/**
 * Inspections (contracts assets/inspection.ts): an inspection stays on its asset, is dated no later than today (its declaration's `past`), and is
 * not recorded on a liquidated asset; each write (a correction or a deletion too) sets the asset's due date and state
 * again in its transaction. A group's or type's interval, changed, moves the due dates of their assets.
 */
export function inspectionHooks(kit: () => ServiceKit): HooksOf<typeof assetInspection> {
  return hooksFor(assetInspection, {
    async beforeCreate(input, ctx, tx) {
      const target = await kit().repo(asset).get(String(input.asset_id), ctx, tx, true);
      if (target.status === 'LIQUIDATION') throw new AppError(422, 'inspection_asset_liquidated');
    },
    beforeUpdate(input, existing) {
      if (input.asset_id !== undefined && input.asset_id !== existing.asset_id) throw badRequest([{ path: 'asset_id', key: 'inspection_asset_fixed' }]);
    },
    async afterWrite(_verb, row, _ctx, tx) {
      await refreshInspectionDue(tx, kit().today(), { assets: [String(row.asset_id)] });
    },
  });
}

/** A group's or type's interval: its assets' due dates follow a change of it. */
export function policyHooks(kit: () => ServiceKit) {
  return {
    assetGroup: hooksFor(assetGroup, {
      async afterWrite(verb, row, _ctx, tx) {
        if (verb !== 'created') await refreshInspectionDue(tx, kit().today(), { group: row.id });
      },
    }),
    assetType: hooksFor(assetType, {
      async afterWrite(verb, row, _ctx, tx) {
        if (verb !== 'created') await refreshInspectionDue(tx, kit().today(), { type: row.id });
      },
    }),
  };
}
