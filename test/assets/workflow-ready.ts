/**
 * The assets' rules a status move needs, which no declaration says (test/support/workflow-ready.ts): an asset goes into
 * use only with a holder (one set by SQL: holders follow handovers, not edits), and is liquidated on a day between its
 * purchase and today; a repair comes back on a day between its sending and today.
 */
import type { Ready } from '../support/workflow-ready';

export const ready: Record<string, Ready> = {
  asset: {
    set: () => ({ purchase_date: '2024-01-15', holder_id: '00000000-0000-4000-8000-000000000044' }),
    records: (to) => (to === 'LIQUIDATION' ? { liquidation_date: '2025-06-30' } : {}),
  },
  repairAsset: {
    set: () => ({ sent_date: '2025-01-10' }),
    records: (to) => (to === 'RETURNED' ? { returned_date: '2025-01-20' } : {}),
  },
};
