import { z } from 'zod';
import { UUID_RE } from '../common/ids';
import { zDay } from '../common/day-schema';
import { zMoney } from '../common/money-schema';
import type { RouteDecl } from '../kit/routes';
import { CANDIDATE_STATUS, INTERVIEW_KIND, RECRUITMENT_STATUS, type CandidateStatus, type RecruitmentStatus } from './recruitment';
export { CANDIDATE_TRANSITIONS, RECRUITMENT_TRANSITIONS, type CandidateStatus, type RecruitmentStatus } from './recruitment';

/** A request takes new candidates in these statuses (and only once approved). */
export const RECRUITMENT_OPEN: readonly RecruitmentStatus[] = ['NEW', 'IN_PROGRESS'];

/** Statuses of a candidate still in the running (a cancelled request closes them as CANCELLED). */
export const CANDIDATE_OPEN: readonly CandidateStatus[] = ['PENDING', 'INTERVIEWING', 'SUCCESS', 'APPROVED', 'PAUSED'];
/** Closed without being hired: such a candidate is an "old candidate" whose profile can be reused. */
export const CANDIDATE_CLOSED: readonly CandidateStatus[] = ['COMPANY_CANCELLED', 'CANDIDATE_CANCELLED', 'EXPIRED', 'CANCELLED'];
/** A candidate in these statuses can be given an interview. */
export const CANDIDATE_INTERVIEWABLE: readonly CandidateStatus[] = ['PENDING', 'INTERVIEWING', 'SUCCESS'];

export const INTERVIEW_SERIES_MAX = 50;

const uuid = () => z.string({ error: 'select_required' }).regex(UUID_RE, { error: 'invalid' }).toLowerCase();
/** NUL and other C0 controls (but tab and newlines) are never valid text. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const text = (max: number) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, { error: `max_length|{"n":${max}}` })
    .refine((v) => !CONTROL.test(v), { error: 'invalid' })
    .nullish();
const note = () => text(1000);
/** An ISO date-time between 1900 and 2200. */
const isDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(new Date(v).getTime()) && new Date(v).getUTCFullYear() >= 1900 && new Date(v).getUTCFullYear() <= 2200;

/** POST /recruitment/:id/status */
export const recruitmentStatusBody = z.object(
  {
    status: z.enum(RECRUITMENT_STATUS, { error: 'select_required' }),
    note: note(),
  },
  { error: 'body_object' },
);

/** POST /candidate/:id/status. HIRED takes the start date (the staff record's entry date) and may take a probation salary. */
export const candidateStatusBody = z.object(
  {
    status: z.enum(CANDIDATE_STATUS, { error: 'select_required' }),
    note: note(),
    start_date: zDay().nullish(),
    probation_salary: zMoney().nullish(),
  },
  { error: 'body_object' },
);

/** POST /candidate/create-series: one interview round for several candidates, in consecutive slots. */
export const interviewSeriesBody = z.object(
  {
    candidate_ids: z
      .array(uuid(), { error: 'select_required' })
      .min(1, { error: 'select_required' })
      .max(INTERVIEW_SERIES_MAX, { error: `too_many|{"n":${INTERVIEW_SERIES_MAX}}` }),
    kind: z.enum(INTERVIEW_KIND, { error: 'select_required' }),
    start_at: z.string({ error: 'date_required' }).refine(isDateTime, { error: 'date_invalid' }),
    minutes: z
      .number({ error: 'must_number' })
      .int({ error: 'must_integer' })
      .min(5, { error: 'min_number|{"n":5}' })
      .max(480, { error: 'max_number|{"n":480}' })
      .default(60),
    location: text(255),
    interviewer_id: uuid().nullish(),
  },
  { error: 'body_object' },
);

/** POST /candidate/:id/reapply */
export const candidateReapplyBody = z.object({ recruitment_id: uuid() }, { error: 'body_object' });

const rec = (action: 'view' | 'add' | 'edit') => ({ feature: 'recruitment', action }) as const;

/** Recruitment and candidate routes beyond the generated ones (status changes, bulk and series creation, old candidates). */
export const recruitmentApi = {
  oldCandidates: {
    method: 'GET',
    path: '/candidate/old',
    domain: 'hr',
    access: rec('view'),
    summary: 'Old candidates (closed without being hired, or left over from finished or cancelled requests), paged like every list, with q',
  },
  createSeries: {
    method: 'POST',
    path: '/candidate/create-series',
    domain: 'hr',
    access: rec('add'),
    summary:
      'Schedule one interview round for several candidates in consecutive slots: body { candidate_ids, kind, start_at, minutes, location, interviewer_id }',
  },
  reapply: {
    method: 'POST',
    path: '/candidate/:id/reapply',
    domain: 'hr',
    access: rec('add'),
    summary: "Reuse an old candidate's profile for an open recruitment request: body { recruitment_id }; the old record is deactivated",
  },
} satisfies Record<string, RouteDecl>;

export const recruitmentRoutes: RouteDecl[] = Object.values(recruitmentApi);
