import { CANDIDATE_STATUS, candidate, recruitment, FUNNEL_STAGES, type CandidateStatusKey, type RecruitmentFunnelReport } from '@portal/contracts';
import { inTurn, Params, scopeCondition, type ReportRun } from '@portal/service-kit';
import { inSubtree, where } from './sql';

interface Q {
  from: string | null;
  to: string | null;
  recruitmentId: string | null;
  organizationId: string | null;
}

/** Reached the interview stage: an interview on record, or a status from INTERVIEWING on (the funnel is cumulative). */
const INTERVIEWED = `(c.status IN ('INTERVIEWING', 'SUCCESS', 'APPROVED', 'HIRED')
  OR EXISTS (SELECT 1 FROM candidate_interview i WHERE i.candidate_id = c.id AND i.state = 'ACTIVE'))`;

/** A recruitment request that still asks for people: neither cancelled nor refused in approval. */
const LIVE_REQUEST = `coalesce(r.status, '') <> 'CANCELLED' AND coalesce(r.approval_status, '') NOT IN ('REFUSE', 'CANCELLED')`;

/**
 * The recruitment funnel (read only: recruitment and candidates belong to the recruitment workflow). Candidates
 * (state ACTIVE, in the caller's scope) who applied in the period — or of one request — by stage and by status; the
 * requests opened in the period (or the one request) with the head count asked for and the candidates hired on them.
 */
export async function recruitmentFunnel({ db, ctx, q }: ReportRun<Q>): Promise<RecruitmentFunnelReport> {
  const candidates = async () => {
    const p = new Params();
    const { rows } = await db.query<{ status: string | null; n: number; interviewed: number }>(
      `SELECT c.status, count(*)::int AS n, count(*) FILTER (WHERE ${INTERVIEWED})::int AS interviewed
         FROM candidate c
         ${where(
           `c.state = 'ACTIVE'`,
           q.recruitmentId
             ? `c.recruitment_id = ${p.add(q.recruitmentId)}::uuid`
             : `c.created_date::date BETWEEN ${p.add(q.from)}::date AND ${p.add(q.to)}::date`,
           scopeCondition(candidate, ctx, p, 'c'),
           inSubtree(['c.department_id'], q.organizationId, p),
         )}
        GROUP BY c.status`,
      p.values,
    );
    return rows;
  };
  const requests = async () => {
    const p = new Params();
    const { rows } = await db.query<{
      id: string;
      name: string | null;
      department_name: string | null;
      quantity: number;
      hired: number;
      created: string;
      total_requested: number;
      total_hired: number;
    }>(
      `WITH req AS (
         SELECT r.id, r.name, o.name AS department_name, coalesce(r.quantity, 0) AS quantity, r.created_date, coalesce(h.n, 0) AS hired
           FROM recruitment r
           LEFT JOIN organization o ON o.id = r.department_id
           LEFT JOIN (SELECT recruitment_id, count(*)::int AS n FROM candidate WHERE state = 'ACTIVE' AND status = 'HIRED' GROUP BY recruitment_id) h ON h.recruitment_id = r.id
           ${where(
             `r.state = 'ACTIVE'`,
             LIVE_REQUEST,
             q.recruitmentId ? `r.id = ${p.add(q.recruitmentId)}::uuid` : `r.created_date::date BETWEEN ${p.add(q.from)}::date AND ${p.add(q.to)}::date`,
             scopeCondition(recruitment, ctx, p, 'r'),
             inSubtree(['r.department_id'], q.organizationId, p),
           )}
       )
       SELECT id, name, department_name, quantity, hired, sum(quantity) OVER ()::int AS total_requested, sum(hired) OVER ()::int AS total_hired
         FROM req ORDER BY created_date DESC, id LIMIT 20`,
      p.values,
    );
    return rows;
  };
  const [byStatusRows, reqRows] = await inTurn(candidates, requests);
  const count = (statuses: readonly string[]) => byStatusRows.filter((r) => r.status && statuses.includes(r.status)).reduce((n, r) => n + r.n, 0);
  const stageCount: Record<(typeof FUNNEL_STAGES)[number], number> = {
    APPLIED: byStatusRows.reduce((n, r) => n + r.n, 0),
    INTERVIEWED: byStatusRows.reduce((n, r) => n + r.interviewed, 0),
    PASSED: count(['SUCCESS', 'APPROVED', 'HIRED']),
    APPROVED: count(['APPROVED', 'HIRED']),
    HIRED: count(['HIRED']),
  };
  const unknown = byStatusRows.filter((r) => !r.status || !(CANDIDATE_STATUS as readonly string[]).includes(r.status)).reduce((n, r) => n + r.n, 0);
  return {
    from: q.from,
    to: q.to,
    recruitment_id: q.recruitmentId,
    stages: FUNNEL_STAGES.map((stage) => ({ stage, count: stageCount[stage] })),
    byStatus: [
      ...CANDIDATE_STATUS.map((status) => ({ status: status as CandidateStatusKey, count: count([status]) })),
      ...(unknown ? [{ status: 'UNKNOWN' as const, count: unknown }] : []),
    ],
    requested: reqRows[0]?.total_requested ?? 0,
    hired: reqRows[0]?.total_hired ?? 0,
    requests: reqRows.map(({ id, name, department_name, quantity, hired }) => ({ id, name, department_name, quantity, hired })),
  };
}
