import { candidateInterview, PORTAL_TIME_ZONE, type RecruitmentEventsReport } from '@portal/contracts';
import { inPeriod, Params, scopeCondition, type ReportRun } from '@portal/service-kit';

/**
 * Recruitment events for the administration's report page (served here, where the interviews are): the
 * interviews held or planned in a period — those of candidates in the caller's scope — by round and result, by week
 * (Monday, company time), and the ten busiest interviewers. `upcoming`: still to come.
 */
export async function recruitmentEvents({ db, ctx, q, kit }: ReportRun<{ from: string; to: string }>): Promise<RecruitmentEventsReport> {
  // One set of parameters per statement: each names only its own.
  const where = () => {
    const p = new Params();
    return { p, w: [`t.state = 'ACTIVE'`, inPeriod(p, 't.scheduled_at', q), scopeCondition(candidateInterview, ctx, p, 't')].filter(Boolean).join(' AND ') };
  };
  const [a, b, c] = [where(), where(), where()];
  const tz = b.p.add(PORTAL_TIME_ZONE);
  const now = a.p.add(kit.now());
  const [kinds, weeks, people] = await (async () =>
    [
      await db.query<{ kind: string; result: string; count: number; upcoming: number }>(
        `SELECT t.kind, coalesce(t.result, 'PENDING') AS result, count(*)::int AS count, count(*) FILTER (WHERE t.scheduled_at > ${now})::int AS upcoming
           FROM candidate_interview t WHERE ${a.w} GROUP BY 1, 2 ORDER BY 1, 2`,
        a.p.values,
      ),
      await db.query<{ week: string; count: number }>(
        `SELECT to_char(date_trunc('week', t.scheduled_at AT TIME ZONE ${tz}), 'YYYY-MM-DD') AS week, count(*)::int AS count
           FROM candidate_interview t WHERE ${b.w} GROUP BY 1 ORDER BY 1`,
        b.p.values,
      ),
      await db.query<{ staff_id: string; staff_name: string | null; count: number }>(
        `SELECT t.interviewer_id AS staff_id, s.full_name AS staff_name, count(*)::int AS count FROM candidate_interview t JOIN staff s ON s.id = t.interviewer_id
        WHERE ${c.w} GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 10`,
        c.p.values,
      ),
    ] as const)();
  return {
    ...q,
    total: kinds.rows.reduce((n, r) => n + r.count, 0),
    upcoming: kinds.rows.reduce((n, r) => n + r.upcoming, 0),
    byKind: kinds.rows.map(({ kind, result, count }) => ({ kind, result, count })),
    byWeek: weeks.rows,
    interviewers: people.rows,
  };
}
