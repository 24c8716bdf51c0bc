import { businessPlan } from '@portal/contracts';
import { AppError, badRequest, hooksFor, type HooksOf, type ServiceKit } from '@portal/service-kit';

/**
 * Yearly plans (contracts business/plan.ts): a plan is sent for approval only with targets (at least one line above
 * zero); sent again or taken back, the last decision's note goes; an expired plan is reopened — a draft again — only by
 * giving it an approval deadline still to come.
 */
export function planHooks(kit: () => ServiceKit): HooksOf<typeof businessPlan> {
  return hooksFor(businessPlan, {
    async beforeUpdate(input, existing) {
      if (existing.status !== 'EXPIRED') return;
      const by = input.approve_by === undefined ? null : String(input.approve_by);
      if (!by || by <= kit().today()) throw badRequest([{ path: 'approve_by', key: 'plan_reopen_deadline' }]);
      Object.assign(input, { status: 'DRAFT', decision_note: null });
    },
    async beforeStatus(move, record, _ctx, tx) {
      if (move.to !== 'APPROVING' && move.to !== 'DRAFT') return;
      if (move.to === 'APPROVING') {
        const { rows } = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM business_plan_line WHERE plan_id = $1 AND state = 'ACTIVE' AND total > 0`,
          [record.id],
        );
        if (!rows[0]!.n) throw new AppError(422, 'plan_without_targets');
      }
      return { decision_note: null };
    },
  });
}
