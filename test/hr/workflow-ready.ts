/** HR's rules a status move needs, which no declaration says (test/support/workflow-ready.ts): a candidate is hired from a start date. */
import type { Ready } from '../support/workflow-ready';

export const ready: Record<string, Ready> = {
  candidate: { body: (to) => (to === 'HIRED' ? { start_date: '2030-06-01' } : {}) },
};
