import type { FastifyInstance } from 'fastify';
import type { ResourceHooks, ServiceKit } from '@portal/service-kit';
import { recruitmentRequestHooks } from './recruitment';
import { candidateHooks } from './candidate';
import { interviewHooks } from './interview';
import { recruitmentRoutes } from './routes';

/**
 * Recruitment requests, candidates and interviews (contracts hr/recruitment.ts; the transition tables and route
 * bodies are in contracts hr/recruitment-routes.ts). Decisions where the spec is silent:
 *
 * - **Requests** (`/recruitment`, approval document type `recruitment`) are created NEW with hired_count 0 in a
 *   department the creator may see. The approval engine approves them; `POST /recruitment/:id/status {status, note}`
 *   then moves them: NEW→IN_PROGRESS|CANCELLED, IN_PROGRESS→PAUSED|DONE|CANCELLED, PAUSED→IN_PROGRESS|DONE|CANCELLED;
 *   DONE and CANCELLED are final. Anything else, or any move before approval, is a 422 with a message. A move is an
 *   activity-log update (origin/updated status, the note as description) and a `recruitment.updated` event.
 *   Cancelling a request closes its open candidates as CANCELLED. A request with active candidates is not deleted,
 *   nor moved to another department or position (its candidates carry them).
 *   The head count cannot go below the hires. A finished or cancelled request is not resubmitted for approval.
 * - **"Approved"** means the request's approval is APPROVED — or, when the company has no active `recruitment`
 *   approval flow in the settings, that it never entered approval (approval is then not required). With a flow (the
 *   demo has one) a request recruits only once approved. This also lets the generated test suite create candidates.
 * - **Candidates** (`/candidate`, approval document type `candidate`) get a code UV + 6 digits (one past the highest
 *   ever given, under an advisory lock; never reused), status PENDING, and the department and position of their
 *   request, which must be ACTIVE, approved and NEW or IN_PROGRESS (422 otherwise; out of scope: 400). The first
 *   candidate of a NEW request moves it to IN_PROGRESS. Only a PENDING candidate moves to another request.
 * - **Candidate statuses** (`POST /candidate/:id/status {status, note, start_date, probation_salary}`):
 *   PENDING→INTERVIEWING, INTERVIEWING→SUCCESS, SUCCESS→INTERVIEWING (another round), APPROVED→HIRED; any of PENDING,
 *   INTERVIEWING, SUCCESS, APPROVED → COMPANY_CANCELLED, CANDIDATE_CANCELLED or EXPIRED; PENDING, INTERVIEWING,
 *   SUCCESS → PAUSED and PAUSED back to PENDING, INTERVIEWING or SUCCESS (the user picks; no field keeps where it was).
 *   HIRED, the cancellations and EXPIRED are final (the profile is reused through "old candidates"). The workflow
 *   itself sets: INTERVIEWING when the first interview of a PENDING candidate is scheduled; APPROVED when the last
 *   level of the candidate's approval approves (beforeApproval: only a SUCCESS candidate is submitted), SUCCESS again if
 *   that approval is cancelled (never once HIRED); CANCELLED when the request is cancelled. No status change while the
 *   candidate's approval is in progress.
 * - **Hiring** (APPROVED→HIRED) needs the staff `add` right (403) and a start date, and the request must not be DONE
 *   or CANCELLED. In the same transaction, through the staff repository: a staff record NV<next number>, PROBATION,
 *   entry and probation date = the start date, the request's department and position (unit = the department's unit,
 *   manager = its head, job position = the position's name), the candidate's name split into last/middle/first, email
 *   as personal email, phone, birthday, gender, probation salary = the given one or the expected salary; linked in
 *   staff_id. hired_count is recounted (HIRED candidates) and the request becomes DONE when it reaches the quantity.
 *   A hired candidate is not deleted.
 * - **Bulk create** (`POST /candidate/bulk-create {recruitment_id, items}`, at most 200): every item is validated as a
 *   candidate, emails checked within the batch and against active candidates; any error rejects the whole batch (400,
 *   errors `items.N.field`).
 * - **"-create-series"** is read as an *interview series*: `POST /candidate/create-series {candidate_ids, kind,
 *   start_at, minutes, location, interviewer_id}` schedules one interview round for up to 50 candidates in consecutive
 *   slots (all or nothing, errors `candidate_ids.N`). The other readings clash with the declaration: a candidate's
 *   email is required and unique among active candidates, so neither "the same person in several requests at once"
 *   nor "N numbered empty candidates" can exist.
 * - **Old candidates** (`GET /candidate/old`, the list contract with q and filters, in scope): not hired, and either
 *   closed (company/candidate cancelled, expired, cancelled) or of a request that is DONE, CANCELLED or inactive.
 *   `POST /candidate/:id/reapply {recruitment_id}` reuses the profile: a new PENDING candidate in the open request;
 *   the old record is deactivated (which frees the email) and stays readable with its interviews (f_state=INACTIVE).
 * - **Interviews** are generic CRUD scoped through their candidate; a closed, approved or hired candidate gets no new
 *   interview (422). Interviewers are not notified: interviewer_id is a staff record and the HR service cannot map
 *   staff to user accounts without a new directory call (left for later).
 * - Status moves are workflow writes (`writeWorkflow`, ./write.ts: the repository's `workflow` option): not refused by
 *   the approval lock, since an approved request or candidate is exactly when these statuses move.
 */
export const recruitmentHooks = (kit: () => ServiceKit): Record<string, ResourceHooks> => ({
  recruitment: recruitmentRequestHooks(kit),
  candidate: candidateHooks(kit),
  candidateInterview: interviewHooks(kit),
});

/** Recruitment routes beyond the generated ones (contracts hr/recruitment-routes.ts). */
export function recruitmentExtraRoutes(app: FastifyInstance, kit: ServiceKit) {
  recruitmentRoutes(app, kit);
}
