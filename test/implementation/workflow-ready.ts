/**
 * Implementation rules a status move needs, which no declaration says (test/support/workflow-ready.ts): only an advance
 * paid in full is settled; a cost review is compared with something to compare.
 */
import type { Ready } from '../support/workflow-ready';
import { resourceByName } from '@portal/contracts';
import { okData as ok } from '../support/stack';
import { createSample } from '../support/samples';

/**
 * A cost review is compared only with an item and a quotation (services/implementation review rules); it is reopened
 * or cancelled only out of approval (the suite's record is otherwise "approved" before each move).
 */
const review = (path: string): Ready => ({
  prepare: async (admin, rec) => {
    ok(await admin.post(`${path}-product`, { review_id: rec.id, name: 'Thép D25', unit: 'tấn', quantity: 10 }));
    const party = await createSample(admin, resourceByName.get('contractor')!, 41);
    ok(await admin.post(`${path}-quotation`, { review_id: rec.id, contractor_id: party.id }));
  },
  set: () => ({ approval_status: 'DRAFT' }),
});

export const ready: Record<string, Ready> = {
  // Paid in full: the confirmed confirmations' sum at least the amount (paid_state is computed from the two).
  paymentOrder: { set: () => ({ kind: 'ADVANCE', paid_amount: 1_000_000_000_000 }) },
  reviewCostSupplier: review('/review-cost-supplier'),
  reviewCostSubcontractor: review('/review-cost-subcontractor'),
};
