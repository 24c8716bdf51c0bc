import { CANDIDATE_OPEN, RECRUITMENT_OPEN, RECRUITMENT_STATUS_LABELS, recruitment, type CallerContext, type RecruitmentStatus } from '@portal/contracts';
import { AppError, approvalSatisfied, badRequest, changes, hooksFor, Params, scopeCondition, type Row, type ServiceKit, type Tx } from '@portal/service-kit';
import { writeWorkflow } from './write';

/** A recruitment request within the caller's scope, locked; 400 on `field` when it does not exist or is out of scope. */
export async function recruitmentInScope(tx: Tx, id: unknown, ctx: CallerContext, field = 'recruitment_id'): Promise<Row> {
  const p = new Params();
  const scope = scopeCondition(recruitment, ctx, p);
  const { rows } = await tx.query<Row>(`SELECT t.* FROM recruitment t WHERE t.id = ${p.add(id)}${scope ? ` AND ${scope}` : ''} FOR UPDATE`, p.values);
  if (!rows[0]) throw badRequest([{ path: field, key: 'invalid' }]);
  return rows[0];
}

/** 422 unless the request takes new candidates: ACTIVE, approved (the kit's approvalSatisfied: approved, or never sent where no recruitment flow is set up), NEW or IN_PROGRESS. */
export async function assertOpen(tx: Tx, rec: Row) {
  const status = rec.status as RecruitmentStatus;
  if (rec.state !== 'ACTIVE' || !RECRUITMENT_OPEN.includes(status)) {
    throw new AppError(422, 'recruitment_not_open', {
      status: rec.state !== 'ACTIVE' ? { vi: 'ngừng hoạt động', en: 'inactive' } : RECRUITMENT_STATUS_LABELS[status],
    });
  }
  if (!(await approvalSatisfied(tx, recruitment, rec))) throw new AppError(422, 'recruitment_not_approved');
}

/** hired_count = the request's HIRED candidates; DONE once it reaches the head count. */
export async function recountHired(kit: ServiceKit, tx: Tx, recruitmentId: string, ctx: CallerContext): Promise<Row> {
  const {
    rows: [rec],
  } = await tx.query<Row>('SELECT * FROM recruitment WHERE id = $1 FOR UPDATE', [recruitmentId]);
  const {
    rows: [c],
  } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM candidate WHERE recruitment_id = $1 AND state = 'ACTIVE' AND status = 'HIRED'`, [
    recruitmentId,
  ]);
  const hired = c?.n ?? 0;
  const patch: Record<string, unknown> = { hired_count: hired };
  if (hired >= Number(rec!.quantity ?? 0) && rec!.status !== 'DONE' && rec!.status !== 'CANCELLED') patch.status = 'DONE';
  return writeWorkflow(kit, tx, 'recruitment', recruitmentId, patch, ctx);
}

function checkSalary(input: Record<string, unknown>, existing: Row | null) {
  const from = input.salary_from !== undefined ? input.salary_from : existing?.salary_from;
  const to = input.salary_to !== undefined ? input.salary_to : existing?.salary_to;
  if (from !== null && from !== undefined && to !== null && to !== undefined && Number(from) > Number(to)) {
    throw badRequest([{ path: 'salary_to', key: 'min_number', params: { n: Number(from) } }]);
  }
}

/**
 * Recruitment requests: salary band and head count, the place fixed once candidates apply, and the status workflow
 * (contracts `workflow`: POST /recruitment/:id/status) — only an approved request moves, and cancelling it cancels its
 * open candidates.
 */
export const recruitmentRequestHooks = (kit: () => ServiceKit) =>
  hooksFor(recruitment, {
    beforeStatus: async (_move, record, _ctx, tx) => {
      if (!(await approvalSatisfied(tx, recruitment, record))) throw new AppError(422, 'recruitment_not_approved');
    },
    afterStatus: async (move, record, ctx, tx) => {
      if (move.to !== 'CANCELLED') return;
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM candidate WHERE recruitment_id = $1 AND state = 'ACTIVE' AND status = ANY($2::text[]) ORDER BY created_date FOR UPDATE`,
        [record.id, CANDIDATE_OPEN],
      );
      for (const c of rows) {
        await writeWorkflow(kit(), tx, 'candidate', c.id, { status: 'CANCELLED' }, ctx, {
          description: `Hủy theo yêu cầu tuyển dụng ${record.code} / Cancelled with recruitment request ${record.code}`,
        });
      }
    },
    beforeCreate: (input) => {
      checkSalary(input, null);
    },
    beforeUpdate: async (input, existing, _ctx, tx) => {
      checkSalary(input, existing);
      const hired = existing.hired_count ?? 0;
      if (input.quantity !== undefined && input.quantity !== null && input.quantity < hired)
        throw new AppError(422, 'recruitment_quantity_below_hired', { n: hired });
      // Candidates carry the request's department and position (their scope): these are fixed once there are any.
      const moved = changes(recruitment, input, existing, ['department_id', 'position_id']);
      if (moved) {
        const { rows } = await tx.query(`SELECT 1 FROM candidate WHERE recruitment_id = $1 AND state = 'ACTIVE' LIMIT 1`, [existing.id]);
        if (rows.length) throw new AppError(422, 'recruitment_place_fixed');
      }
    },
    beforeDelete: async (existing, _ctx, tx) => {
      const { rows } = await tx.query(`SELECT 1 FROM candidate WHERE recruitment_id = $1 AND state = 'ACTIVE' LIMIT 1`, [existing.id]);
      if (rows.length) throw new AppError(422, 'recruitment_has_candidates');
    },
    beforeApproval: (action, record) => {
      const status = (record.status as RecruitmentStatus | null) ?? 'NEW';
      if ((action === 'submit' || action === 'resubmit') && (status === 'DONE' || status === 'CANCELLED')) {
        throw new AppError(422, 'recruitment_closed', { status: RECRUITMENT_STATUS_LABELS[status] });
      }
    },
  });
