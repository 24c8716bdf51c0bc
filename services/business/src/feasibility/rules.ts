import { feasibility } from '@portal/contracts';
import { hooksFor, type HooksOf } from '@portal/service-kit';

/**
 * Feasibility studies (contracts business/feasibility.ts): a study judged not feasible and then changed by its author
 * or a business officer is waiting for review again, the last review's note cleared — the new figures are what the
 * management judges next (a verdict is never left standing over figures it did not see).
 */
export function feasibilityHooks(): HooksOf<typeof feasibility> {
  return hooksFor(feasibility, {
    async beforeUpdate(input, existing) {
      if (existing.ability === 'NOT_FEASIBLE') Object.assign(input, { ability: 'WAITING', review_note: null });
    },
  });
}
