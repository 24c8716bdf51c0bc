import { contractorEvaluation, contractorEvaluationLine, gradeOf, gradeSql } from '@portal/contracts';
import { AppError, badRequest, hooksFor, type HooksOf, type Tx } from '@portal/service-kit';

/**
 * An evaluation's point (contracts business/evaluation.ts): per group of its type, the points its lines give over the
 * most its items give, weighted by the group's proportion, out of 100 (two decimals); none while no group of the type
 * has items. Groups left unscored count as nothing: a draft's point grows as it is scored.
 */
async function recountEvaluation(tx: Tx, id: string): Promise<void> {
  await tx.query(
    `WITH g AS (
       SELECT gr.proportion, sum(i.point) AS most, coalesce(sum(l.point), 0) AS got
         FROM contractor_evaluation e
         JOIN contractor_evaluation_group gr ON gr.evaluation_type = e.evaluation_type AND gr.state = 'ACTIVE'
         JOIN contractor_evaluation_item i ON i.group_id = gr.id AND i.state = 'ACTIVE'
         LEFT JOIN contractor_evaluation_line l ON l.item_id = i.id AND l.evaluation_id = e.id AND l.state = 'ACTIVE'
        WHERE e.id = $1
        GROUP BY gr.id, gr.proportion HAVING sum(i.point) > 0),
     p AS (SELECT CASE WHEN sum(proportion) > 0 THEN round(sum(proportion * got / most * 100) / sum(proportion), 2) END AS point FROM g)
     UPDATE contractor_evaluation SET point = p.point,
       grade = ${gradeSql('p.point')}
       FROM p WHERE id = $1`,
    [id],
  );
}

/**
 * A contractor's standing from its completed evaluations (contracts business/contractor.ts): the average point, the
 * execution scale and maintenance mark (the averages of each warranty type), how many there are, and the grade. A
 * contractor never evaluated has none: no activity is no score.
 */
export async function recountStanding(tx: Tx, contractorId: string): Promise<void> {
  const { rows } = await tx.query<{ avg: number | null; exe: number | null; mnt: number | null; n: number }>(
    `SELECT round(avg(point), 2) AS avg,
            round(avg(point) FILTER (WHERE warranty_type = 'EXECUTION'), 2) AS exe,
            round(avg(point) FILTER (WHERE warranty_type = 'MAINTENANCE'), 2) AS mnt,
            count(*)::int AS n
       FROM contractor_evaluation WHERE contractor_id = $1 AND state = 'ACTIVE' AND status = 'COMPLETED' AND point IS NOT NULL`,
    [contractorId],
  );
  const s = rows[0]!;
  await tx.query(`UPDATE contractor SET avg_point = $2, execution_point = $3, maintenance_point = $4, evaluation_count = $5, grade = $6 WHERE id = $1`, [
    contractorId,
    s.avg,
    s.exe,
    s.mnt,
    s.n,
    gradeOf(s.avg === null ? null : Number(s.avg)),
  ]);
}

/**
 * The evaluation rules: once it has lines, its contractor and type stay (the lines score that type's items); completing
 * or reopening it counts it in or out of the contractor's standing.
 */
export function evaluationHooks(): HooksOf<typeof contractorEvaluation> {
  return hooksFor(contractorEvaluation, {
    async beforeUpdate(input, existing, _ctx, tx) {
      const moved = (['contractor_id', 'evaluation_type'] as const).filter((k) => input[k] !== undefined && String(input[k]) !== String(existing[k]));
      if (!moved.length) return;
      const { rows } = await tx.query(`SELECT 1 FROM contractor_evaluation_line WHERE evaluation_id = $1 AND state = 'ACTIVE' LIMIT 1`, [existing.id]);
      if (rows.length) throw badRequest(moved.map((path) => ({ path, key: 'evaluation_fixed' })));
    },
    async afterWrite(verb, row, _ctx, tx) {
      if (verb === 'updated') await recountEvaluation(tx, row.id);
    },
    async afterStatus(_move, row, _ctx, tx) {
      await recountStanding(tx, String(row.contractor_id));
    },
  });
}

/**
 * An evaluation line's item is one of the evaluation's type, and a line stays on its evaluation and item (rescored, not
 * moved). That writing it is an edit of its evaluation — only while a draft, only by who may edit it — is declared
 * (`parentEdit`: contracts business/evaluation.ts). The evaluation's point is counted again with every line written.
 */
export function evaluationLineHooks(): HooksOf<typeof contractorEvaluationLine> {
  // (Its points at most the item's: the declaration's `maxFrom`, checked by the kit.)
  const checkItem = async (tx: Tx, evaluationId: string, itemId: string) => {
    const { rows } = await tx.query<{ same: boolean }>(
      `SELECT i.evaluation_type = e.evaluation_type AS same FROM contractor_evaluation_item i, contractor_evaluation e
        WHERE i.id = $1 AND i.state = 'ACTIVE' AND e.id = $2`,
      [itemId, evaluationId],
    );
    if (!rows[0]?.same) throw badRequest([{ path: 'item_id', key: 'evaluation_item_type' }]);
  };
  return hooksFor(contractorEvaluationLine, {
    async beforeCreate(input, _ctx, tx) {
      await checkItem(tx, String(input.evaluation_id), String(input.item_id));
    },
    async beforeUpdate(input, existing) {
      if (
        (input.evaluation_id !== undefined && String(input.evaluation_id) !== String(existing.evaluation_id)) ||
        (input.item_id !== undefined && String(input.item_id) !== String(existing.item_id))
      )
        throw new AppError(422, 'evaluation_line_fixed');
    },
    async afterWrite(_verb, row, _ctx, tx) {
      await recountEvaluation(tx, String(row.evaluation_id));
    },
  });
}
