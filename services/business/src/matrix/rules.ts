import { businessMatrix, businessMatrixScore, matrixGroup, matrixItem, project, type CallerContext } from '@portal/contracts';
import { AppError, hooksFor, type HooksOf, type ServiceKit, type Tx } from '@portal/service-kit';

/**
 * The positioning matrix (contracts business/matrix.ts): a project's cell is its positioning's, computed from the scores
 * (the kit keeps the sums and the cell in the score's own write). Whenever the cell changes — a criterion scored,
 * rescored or removed, the positioning deleted — it is written on the project as a
 * move of its own (`matrix_cell`): the project's history holds who changed it, when, from and to, and the pipeline's
 * lists filter by it.
 */
export function matrixHooks(kit: () => ServiceKit): {
  group: HooksOf<typeof matrixGroup>;
  matrix: HooksOf<typeof businessMatrix>;
  score: HooksOf<typeof businessMatrixScore>;
} {
  const follow = async (matrixId: string, ctx: CallerContext, tx: Tx) => {
    const { rows } = await tx.query<{ project_id: string; cell: string | null; state: string }>(
      `SELECT project_id, cell, state FROM ${businessMatrix.table} WHERE id = $1`,
      [matrixId],
    );
    const m = rows[0];
    if (!m) return;
    const cell = m.state === 'ACTIVE' ? m.cell : null;
    const repo = kit().repo(project);
    const p = await repo.get(m.project_id, ctx, tx, true);
    if ((p.matrix_cell ?? null) === cell) return;
    const description = `Ô ma trận ${p.matrix_cell ?? '—'} → ${cell ?? '—'} / Matrix cell ${p.matrix_cell ?? '—'} → ${cell ?? '—'}`;
    await repo.updateIn(tx, m.project_id, { matrix_cell: cell }, ctx, 'update', { workflow: true, description });
  };
  return {
    // A group's axis is what its criteria's scores were summed on: it stays once it has criteria (the scores copy their
    // criterion's axis when written, so moving the group would leave them counted on the old one).
    group: hooksFor(matrixGroup, {
      async beforeUpdate(input, existing, _ctx, tx) {
        if (input.axis === undefined || input.axis === existing.axis) return;
        const { rowCount } = await tx.query(`SELECT 1 FROM ${matrixItem.table} WHERE group_id = $1 AND state = 'ACTIVE' LIMIT 1`, [existing.id]);
        if (rowCount) throw new AppError(422, 'matrix_group_axis_fixed');
      },
    }),
    matrix: hooksFor(businessMatrix, {
      async afterWrite(_verb, row, ctx, tx) {
        await follow(String(row.id), ctx, tx);
      },
    }),
    score: hooksFor(businessMatrixScore, {
      async afterWrite(_verb, row, ctx, tx) {
        await follow(String(row.matrix_id), ctx, tx);
      },
    }),
  };
}
