import { CANDIDATE_INTERVIEWABLE, CANDIDATE_STATUS_LABELS, candidateInterview, type CandidateStatus } from '@portal/contracts';
import { AppError, changes, hooksFor, type HooksOf, type ServiceKit, type Tx } from '@portal/service-kit';
import { writeWorkflow } from './write';

/** A candidate who is closed, approved or hired gets no new interview (422 with its status). */
async function checkInterviewable(tx: Tx, candidateId: unknown) {
  const { rows } = await tx.query<{ status: CandidateStatus }>('SELECT status FROM candidate WHERE id = $1 FOR UPDATE', [candidateId]);
  const status = rows[0]?.status;
  if (status && !CANDIDATE_INTERVIEWABLE.includes(status)) throw new AppError(422, 'candidate_not_interviewable', { status: CANDIDATE_STATUS_LABELS[status] });
}

/**
 * Interviews (generic CRUD; the kit checks the candidate is ACTIVE and within the caller's scope): scheduling the first
 * interview of a PENDING candidate moves the candidate to INTERVIEWING, in the same transaction.
 */
export function interviewHooks(kit: () => ServiceKit): HooksOf<typeof candidateInterview> {
  return hooksFor(candidateInterview, {
    beforeCreate: (input, _ctx, tx) => checkInterviewable(tx, input.candidate_id),
    beforeUpdate: async (input, existing, _ctx, tx) => {
      if (changes(candidateInterview, input, existing, ['candidate_id'])) await checkInterviewable(tx, input.candidate_id);
    },
    afterWrite: async (verb, row, ctx, tx) => {
      if (verb !== 'created') return;
      const { rows } = await tx.query<{ status: string }>('SELECT status FROM candidate WHERE id = $1', [row.candidate_id]);
      if (rows[0]?.status === 'PENDING') await writeWorkflow(kit(), tx, 'candidate', row.candidate_id!, { status: 'INTERVIEWING' }, ctx);
    },
  });
}
