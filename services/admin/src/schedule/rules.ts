import type { ResourceHooks } from '@portal/service-kit';
import { mayChange } from '../timing';

/**
 * A working schedule entry is its person's (contracts admin/schedule.ts): they write their own; whoever keeps schedules
 * (the approve right on work_schedule, within their scope) writes anyone's — nobody puts an entry on a colleague's or a
 * leader's week otherwise, nor moves one of theirs onto someone else.
 */
export function scheduleHooks(): ResourceHooks {
  const check = (row: Record<string, unknown>, ctx: Parameters<typeof mayChange>[1]) => mayChange(row, ctx, 'work_schedule', 'schedule_not_yours', 'staff_id');
  return {
    beforeCreate: (input, ctx) => check(input, ctx),
    beforeUpdate: (input, existing, ctx) => {
      check(existing, ctx);
      if (input.staff_id !== undefined) check({ ...existing, ...input }, ctx);
    },
    beforeDelete: (existing, ctx) => check(existing, ctx),
  };
}
