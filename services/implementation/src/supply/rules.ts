import { APPROVAL_IN_PROGRESS, supply } from '@portal/contracts';
import { AppError, hooksFor, type HooksOf } from '@portal/service-kit';

/**
 * Supply requests (contracts implementation/supply.ts): ordered only once approved — the flow the SUPPLIER cost limit
 * chose has agreed to the money; given up (FAILED) with its reason before it is ordered, its approval withdrawn first.
 */
export function supplyHooks(): HooksOf<typeof supply> {
  return hooksFor(supply, {
    beforeStatus(move, record) {
      if (move.to === 'ORDER' && record.approval_status !== 'APPROVED') throw new AppError(422, 'supply_not_approved');
      // Given up while its approval runs, the approvers would go on deciding a request nobody wants: withdrawn first.
      if (move.to === 'FAILED' && record.approval_status && APPROVAL_IN_PROGRESS.includes(record.approval_status))
        throw new AppError(422, 'supply_in_approval');
    },
  });
}
