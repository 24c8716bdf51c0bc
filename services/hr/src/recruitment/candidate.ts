import {
  APPROVAL_IN_PROGRESS,
  CANDIDATE_CLOSED,
  RECRUITMENT_STATUS_LABELS,
  can,
  candidate,
  candidateStatusBody,
  recruitment,
  staff,
  type ApprovalStatusValue,
  type CallerContext,
  type CandidateStatus,
  type RecruitmentStatus,
} from '@portal/contracts';
import {
  AppError,
  badRequest,
  changes,
  forbidden,
  moveStatus,
  parseOrThrow,
  resourceSchemas,
  toFieldErrors,
  hooksFor,
  type HooksOf,
  type Row,
  type ServiceKit,
  type Tx,
} from '@portal/service-kit';
import { assertOpen, recountHired, recruitmentInScope } from './recruitment';
import { writeWorkflow } from './write';

/**
 * A candidate's request must be in the caller's scope and take candidates; a NEW one starts recruiting. (The candidate's
 * place — department, position — is copied from the request by the kit: contracts `copyFrom`.)
 */
async function attach(kit: ServiceKit, tx: Tx, input: Record<string, unknown>, ctx: CallerContext) {
  const rec = await recruitmentInScope(tx, input.recruitment_id, ctx);
  await assertOpen(tx, rec);
  if (rec.status === 'NEW') await moveStatus(kit.repo(recruitment), tx, rec, 'IN_PROGRESS', ctx);
}

/** Is the candidate an "old" one: closed without being hired, or left over from a finished, cancelled or removed request. */
export async function isOld(tx: Tx, cand: Row): Promise<boolean> {
  if (cand.status === 'HIRED') return false;
  if (CANDIDATE_CLOSED.includes(cand.status as CandidateStatus)) return true;
  const { rows } = await tx.query<{ state: string; status: string }>('SELECT state, status FROM recruitment WHERE id = $1', [cand.recruitment_id]);
  const r = rows[0];
  return r?.state !== 'ACTIVE' || r.status === 'DONE' || r.status === 'CANCELLED';
}

export function candidateHooks(kit: () => ServiceKit): HooksOf<typeof candidate> {
  return hooksFor(candidate, {
    beforeCreate: async (input, ctx, tx) => {
      await attach(kit(), tx, input, ctx);
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      const moved = changes(candidate, input, existing, ['recruitment_id']);
      if (!moved) return;
      if (existing.status !== 'PENDING') throw new AppError(422, 'candidate_recruitment_fixed');
      await attach(kit(), tx, input, ctx);
    },
    beforeDelete: (existing) => {
      if (existing.status === 'HIRED') throw new AppError(422, 'candidate_hired');
    },
    // The offer goes through the engine: only a candidate who passed is submitted; the last approval makes it APPROVED,
    // cancelling that approval takes it back to SUCCESS (not once hired).
    beforeApproval: (action, record) => {
      const status = record.status as CandidateStatus;
      if ((action === 'submit' || action === 'resubmit') && status !== 'SUCCESS') throw new AppError(422, 'candidate_not_passed');
      if (action === 'cancel' && status === 'HIRED') throw new AppError(422, 'candidate_hired');
    },
    afterApproval: async (outcome, record, ctx, tx) => {
      if (outcome === 'approved') await writeWorkflow(kit(), tx, 'candidate', record.id, { status: 'APPROVED' }, ctx);
      if (outcome === 'cancelled' && record.status === 'APPROVED') await writeWorkflow(kit(), tx, 'candidate', record.id, { status: 'SUCCESS' }, ctx);
    },
    // The status workflow (contracts `workflow`: POST /candidate/:id/status). The request is locked before the candidate,
    // the order a request's cancellation locks them in (no deadlock between the two).
    lockBeforeStatus: async (record, tx) => {
      await tx.query('SELECT 1 FROM recruitment WHERE id = $1 FOR UPDATE', [record.recruitment_id]);
    },
    // Not while the candidate's approval is in progress (the engine keeps `approval_status`). HIRED (from APPROVED) needs
    // the staff `add` right and a start date, and creates the staff record, linked in staff_id.
    beforeStatus: async (move, cand, ctx, tx) => {
      if (APPROVAL_IN_PROGRESS.includes(cand.approval_status as ApprovalStatusValue)) throw new AppError(422, 'candidate_in_approval');
      if (move.to !== 'HIRED') return;
      const body = parseOrThrow(candidateStatusBody, move.body, badRequest);
      if (!can(ctx, 'add', 'staff')) throw forbidden();
      if (!body.start_date) throw badRequest([{ path: 'start_date', key: 'date_required' }]);
      const {
        rows: [rec],
      } = await tx.query<Row>('SELECT * FROM recruitment WHERE id = $1', [cand.recruitment_id]);
      const recStatus = (rec?.status as RecruitmentStatus | undefined) ?? 'CANCELLED';
      if (rec?.state !== 'ACTIVE' || recStatus === 'DONE' || recStatus === 'CANCELLED') {
        throw new AppError(422, 'recruitment_closed', {
          status: rec?.state === 'ACTIVE' ? RECRUITMENT_STATUS_LABELS[recStatus] : { vi: 'ngừng hoạt động', en: 'inactive' },
        });
      }
      const person = await createStaff(kit(), tx, cand, body.start_date, body.probation_salary, ctx);
      return { staff_id: person.id };
    },
    // A hire counts towards the request's head count (DONE when it is reached).
    afterStatus: async (move, cand, ctx, tx) => {
      if (move.to === 'HIRED' && cand.recruitment_id) await recountHired(kit(), tx, cand.recruitment_id, ctx);
    },
  });
}

/** The unit a department belongs to: its nearest ancestor of type UNIT. */
async function unitOf(tx: Tx, departmentId: string | null): Promise<string | null> {
  if (!departmentId) return null;
  const { rows } = await tx.query<{ id: string }>(
    `WITH RECURSIVE up AS (SELECT id, parent_id, type, 0 AS depth FROM organization WHERE id = $1
       UNION ALL SELECT o.id, o.parent_id, o.type, up.depth + 1 FROM organization o JOIN up ON o.id = up.parent_id WHERE up.depth < 50)
     SELECT id FROM up WHERE type = 'UNIT' ORDER BY depth LIMIT 1`,
    [departmentId],
  );
  return rows[0]?.id ?? null;
}

/**
 * The staff record of a hired candidate, through the staff repository (its activity log and events): PROBATION from
 * the start date, in the request's department and position (unit and manager from the organization), with the
 * candidate's name (split into last, middle and first name), personal email, phone, birthday and gender.
 */
async function createStaff(
  kit: ServiceKit,
  tx: Tx,
  cand: Row,
  startDate: string,
  probationSalary: number | null | undefined,
  ctx: CallerContext,
): Promise<Row> {
  const words = String(cand.full_name).trim().split(/\s+/);
  const departmentId = (cand.department_id as string | null) ?? null;
  const {
    rows: [dept],
  } = await tx.query<{ manager_id: string | null }>('SELECT manager_id FROM organization WHERE id = $1', [departmentId]);
  const {
    rows: [pos],
  } = await tx.query<{ name: string }>('SELECT name FROM position WHERE id = $1', [cand.position_id]);
  const raw: Record<string, unknown> = {
    full_name: cand.full_name,
    last_name: words.length > 1 ? words[0] : null,
    middle_name: words.length > 2 ? words.slice(1, -1).join(' ') : null,
    first_name: words.at(-1) ?? null,
    personal_email: cand.email ?? null,
    phone: cand.phone ?? null,
    birthday: cand.birthday ?? null,
    gender: cand.gender ?? null,
    department_id: departmentId,
    unit_id: await unitOf(tx, departmentId),
    position_id: cand.position_id ?? null,
    manager_id: dept?.manager_id ?? null,
    job_position: pos?.name ?? null,
    status: 'PROBATION',
    entry_date: startDate,
    probation_date: startDate,
    probation_salary: probationSalary ?? cand.expected_salary ?? null,
  };
  const parsed = resourceSchemas(staff).create.safeParse(raw);
  if (!parsed.success) throw badRequest(toFieldErrors(parsed.error).map((e) => ({ ...e, path: `staff.${e.path}` })));
  return kit.repo(staff).createIn(tx, parsed.data, ctx);
}
