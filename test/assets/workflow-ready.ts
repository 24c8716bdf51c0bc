/**
 * The assets' rules a status move needs, which no declaration says (test/support/workflow-ready.ts): an asset goes into
 * use only with a holder (one set by SQL: holders follow handovers, not edits), and is liquidated on a day between its
 * purchase and today; a handover is sent with its receiver and a line; a repair comes back on a day between its sending
 * and today.
 */
import { resourceByName } from '@portal/contracts';
import { createSample } from '../support/samples';
import type { Ready } from '../support/workflow-ready';

const staff = (admin: Parameters<typeof createSample>[0], n: number) => createSample(admin, resourceByName.get('staff')!, n, { referenced: true });

export const ready: Record<string, Ready> = {
  asset: {
    set: () => ({ purchase_date: '2024-01-15', holder_id: '00000000-0000-4000-8000-000000000044' }),
    records: (to) => (to === 'LIQUIDATION' ? { liquidation_date: '2025-06-30' } : {}),
  },
  // A handover is sent with a receiver and at least one line, and where a bulk one goes.
  assetHandover: {
    refs: async (admin) => ({ receiver_id: (await staff(admin, 45)).id }),
    prepare: async (admin, h) => {
      // A handover to a user (the sample may be a return, whose assets its giver would have to hold).
      const put = await admin.put(`/asset-handover/${h.id}`, { type: 'TO_USER' });
      if (put.status !== 200) throw new Error(`handover type: ${put.status} ${JSON.stringify(put.body)}`);
      const a = await createSample(admin, resourceByName.get('asset')!, 46, { referenced: true });
      const res = await admin.post('/asset-handover-line', { handover_id: h.id, asset_id: a.id });
      if (res.status !== 200) throw new Error(`handover line: ${res.status} ${JSON.stringify(res.body)}`);
    },
  },
  repairAsset: {
    set: () => ({ sent_date: '2025-01-10' }),
    records: (to) => (to === 'RETURNED' ? { returned_date: '2025-01-20' } : {}),
  },
};
