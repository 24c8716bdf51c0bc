import { paymentOrder } from '@portal/contracts';
import { AppError, hooksFor, type HooksOf } from '@portal/service-kit';

/**
 * Payment orders (contracts implementation/payment.ts): only an advance is settled (hoàn ứng), and only once it is
 * approved and paid in full — the money it settles must have gone out. What a payment may take from its budget, and
 * one open advance per subcontractor, are declared (the budget's sum, the order's `oneOpen`).
 */
export function paymentHooks(): HooksOf<typeof paymentOrder> {
  return hooksFor(paymentOrder, {
    beforeStatus(move, record) {
      if (move.to !== 'SETTLED') return;
      if (record.kind !== 'ADVANCE') throw new AppError(422, 'settle_not_advance');
      if (record.approval_status !== 'APPROVED' || record.paid_state !== 'PAID') throw new AppError(422, 'settle_unpaid');
    },
  });
}
