/**
 * Administration's rules a status move needs, which no declaration says (test/support/workflow-ready.ts): a meeting is
 * ended only once begun (and cancelled only before); a ticket is started by its performer's presence, and moved within
 * its stage to another status than its own (its status is cleared).
 */
import { resourceByName } from '@portal/contracts';
import { createSample } from '../support/samples';
import type { Ready } from '../support/workflow-ready';

const hour = 3_600_000;

export const ready: Record<string, Ready> = {
  bookRoom: {
    set: (to) =>
      to === 'ENDED'
        ? { start_time: new Date(Date.now() - hour), end_time: new Date(Date.now() + hour) }
        : { start_time: new Date(Date.now() + 30 * 24 * hour), end_time: new Date(Date.now() + 30 * 24 * hour + hour) },
  },
  ticket: {
    refs: async (admin) => ({ performer_id: (await createSample(admin, resourceByName.get('staff')!, 42, { referenced: true })).id }),
    set: () => ({ status_id: null }),
  },
};
