import { z } from 'zod';
import {
  MATRIX_BOARD_SHOWN,
  MATRIX_BOARD_WHICH,
  MATRIX_CELLS,
  moneyTotal,
  project,
  PROJECT_OPEN_STAGES,
  type MatrixBoardProject,
  type MatrixBoardReport,
  type MatrixBoardWhich,
  type MoneyTotal,
} from '@portal/contracts';
import { badRequest, inTurn, Params, parseOrThrow, scopeCondition, type ReportRun } from '@portal/service-kit';

/** `?which=open` (the default) or `all`. */
export function matrixBoardQuery(raw: unknown): { which: MatrixBoardWhich } {
  const q = parseOrThrow(
    z.object({ which: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MATRIX_BOARD_WHICH, { error: 'select_required' }).optional()) }).loose(),
    raw ?? {},
    badRequest,
  );
  return { which: q.which ?? 'open' };
}

/**
 * The matrix screen's figures (contracts business/matrix-board.ts), in the caller's project scope, in the report's
 * snapshot: the count and value of every cell in one pass, then each cell's largest projects by a window over the same
 * projects (the project's `matrix_cell`, kept by the positioning's sums, is what is read: no score is summed here).
 */
export async function matrixBoard(run: ReportRun<{ which: MatrixBoardWhich }>): Promise<MatrixBoardReport> {
  const { db, q, ctx } = run;
  const where = (p: Params) =>
    [`p.state = 'ACTIVE'`, q.which === 'open' ? `p.stage = ANY(${p.add([...PROJECT_OPEN_STAGES])}::text[])` : '', scopeCondition(project, ctx, p, 'p')]
      .filter(Boolean)
      .join(' AND ');
  const cp = new Params();
  const sp = new Params();
  const [counts, shown] = await inTurn(
    () =>
      db.query<{ cell: string | null; projects: number; expected_value: MoneyTotal }>(
        `SELECT p.matrix_cell AS cell, count(*)::int AS projects, coalesce(sum(p.expected_value), 0)::text AS expected_value
           FROM project p WHERE ${where(cp)} GROUP BY 1`,
        cp.values,
      ),
    () =>
      db.query<MatrixBoardProject>(
        `SELECT cell, id, code, name, stage, expected_value FROM (
           SELECT p.matrix_cell AS cell, p.id, p.code, p.name, p.stage, p.expected_value::text AS expected_value,
                  row_number() OVER (PARTITION BY p.matrix_cell ORDER BY p.expected_value DESC NULLS LAST, p.name, p.id) AS n
             FROM project p WHERE ${where(sp)}) ranked
          WHERE n <= ${sp.add(MATRIX_BOARD_SHOWN)} ORDER BY cell NULLS LAST, n`,
        sp.values,
      ),
  );
  const byCell = new Map(counts.rows.map((r) => [r.cell, r]));
  const cells = MATRIX_CELLS.map((cell) => ({ cell, projects: byCell.get(cell)?.projects ?? 0, expected_value: byCell.get(cell)?.expected_value ?? '0' }));
  const placed = cells.reduce((n, c) => n + c.projects, 0);
  const unplaced = byCell.get(null)?.projects ?? 0;
  return {
    which: q.which,
    projects: placed + unplaced,
    placed,
    unplaced,
    cells: cells.map((c) => ({ ...c, expected_value: moneyTotal([c.expected_value]) })),
    shown: shown.rows.map((r) => ({ ...r, expected_value: r.expected_value === null ? null : moneyTotal([r.expected_value]) })),
  };
}
