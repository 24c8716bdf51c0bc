/**
 * Business rules a status move needs, which no declaration says (test/support/workflow-ready.ts): a yearly plan is sent
 * for approval only with targets — one line with a month above zero — and only while its year is not over.
 */
import type { Ready } from '../support/workflow-ready';

export const ready: Record<string, Ready> = {
  businessPlan: {
    prepare: async (admin, plan) => {
      const res = await admin.post('/business-report/plan-line', { plan_id: plan.id, item: 'BIDS_WON', m1: 2 });
      if (res.status !== 200) throw new Error(`plan line: ${res.status} ${JSON.stringify(res.body)}`);
    },
    set: () => ({ expired: false }),
  },
};
