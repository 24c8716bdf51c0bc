import type { ContractorGrade, ContractorReport } from '@portal/contracts';
import type { ReportRun } from '@portal/service-kit';

const mean = (v: string | null) => (v === null ? null : Number(v));

/**
 * The contractor report (contracts business/reports.ts): every ACTIVE partner with its standing (kept from its completed
 * evaluations, services/business contractor/evaluation.ts) and its completed evaluations of the year — partners are the
 * company's, read with the `subcontractor` right, so nothing here is limited by department or project.
 */
export async function contractorReport(run: ReportRun<{ year: number }>): Promise<ContractorReport> {
  const { db, q } = run;
  const { rows } = await db.query<{
    code: string | null;
    name: string;
    kind: ContractorReport['contractors_list'][number]['kind'];
    status: ContractorReport['contractors_list'][number]['status'];
    grade: ContractorGrade | null;
    avg_point: string | null;
    year_evaluations: number;
    year_point: string | null;
    year_sum: string | null;
    last_evaluated: string | null;
  }>(
    `SELECT c.code, c.name, c.kind, c.status, c.grade, c.avg_point::text AS avg_point,
            count(e.id)::int AS year_evaluations, round(avg(e.point), 2)::text AS year_point, sum(e.point)::text AS year_sum,
            to_char(max(e.evaluation_date), 'YYYY-MM-DD') AS last_evaluated
       FROM contractor c
       LEFT JOIN contractor_evaluation e ON e.contractor_id = c.id AND e.state = 'ACTIVE' AND e.status = 'COMPLETED' AND e.point IS NOT NULL
                                        AND extract(year FROM e.evaluation_date) = $1
      WHERE c.state = 'ACTIVE'
      GROUP BY c.id ORDER BY c.avg_point ASC NULLS LAST, c.name`,
    [q.year],
  );
  const evaluations = rows.reduce((n, r) => n + r.year_evaluations, 0);
  const points = rows.reduce((s, r) => s + Number(r.year_sum ?? 0), 0);
  const grades: (ContractorGrade | null)[] = ['GIOI', 'KHA', 'TRUNG_BINH', null];
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const meanOf = (list: typeof rows) => {
    const rated = list.filter((r) => r.avg_point !== null);
    return rated.length ? Math.round((rated.reduce((s, r) => s + Number(r.avg_point), 0) * 100) / rated.length) / 100 : null;
  };
  return {
    year: q.year,
    contractors: rows.length,
    cooperating: rows.filter((r) => r.status === 'COOPERATING').length,
    evaluated: rows.filter((r) => r.grade !== null).length,
    poor: rows.filter((r) => r.grade === 'TRUNG_BINH').length,
    evaluations,
    mean_point: evaluations ? Math.round((points * 100) / evaluations) / 100 : null,
    by_grade: grades.map((grade) => ({ grade, contractors: rows.filter((r) => r.grade === grade).length })).filter((g) => g.contractors > 0),
    by_kind: kinds.map((kind) => {
      const of = rows.filter((r) => r.kind === kind);
      return { kind, contractors: of.length, evaluated: of.filter((r) => r.grade !== null).length, mean_point: meanOf(of) };
    }),
    contractors_list: rows.map(({ year_sum: _sum, avg_point, year_point, ...r }) => ({ ...r, avg_point: mean(avg_point), year_point: mean(year_point) })),
  };
}
