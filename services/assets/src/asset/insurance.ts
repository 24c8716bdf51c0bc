import { assetInsurance } from '@portal/contracts';
import { badRequest, hooksFor, type HooksOf, type ServiceKit } from '@portal/service-kit';

/**
 * Insurance policies (contracts assets/insurance.ts): a policy stays on its asset, and the asset's `insured_until` is
 * the latest end of its active policies, kept in the policy's transaction (a derived value: no entry of its own in the
 * asset's history; the policy's write has one).
 */
export function insuranceHooks(_kit: () => ServiceKit): HooksOf<typeof assetInsurance> {
  return hooksFor(assetInsurance, {
    beforeUpdate(input, existing) {
      if (input.asset_id !== undefined && input.asset_id !== existing.asset_id) throw badRequest([{ path: 'asset_id', key: 'insurance_asset_fixed' }]);
    },
    async afterWrite(_verb, row, _ctx, tx) {
      await tx.query(`UPDATE asset SET insured_until = (SELECT max(to_date) FROM asset_insurance WHERE asset_id = $1 AND state = 'ACTIVE') WHERE id = $1`, [
        row.asset_id,
      ]);
    },
  });
}
