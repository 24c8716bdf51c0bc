import { staff, staffLeave, workingDays, type CallerContext, type InputOf, type RowOf } from '@portal/contracts';
import { AppError, hooksFor, Params, scopeCondition, type Tx } from '@portal/service-kit';
import { checkLeaveAllowance } from './leave-balance';

/** The holiday dates (ACTIVE holidays) between two dates. */
async function holidaysBetween(tx: Tx, from: string, to: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ d: string }>(
    `SELECT to_char(g::date, 'YYYY-MM-DD') AS d FROM holiday h, generate_series(greatest(h.from_date, $1::date), least(h.to_date, $2::date), interval '1 day') g
      WHERE h.state = 'ACTIVE' AND h.from_date <= $2::date AND h.to_date >= $1::date`,
    [from, to],
  );
  return new Set(rows.map((r) => r.d));
}

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The staff member the leave is for, within the caller's scope (an employee: themself). */
async function staffInScope(tx: Tx, id: unknown, ctx: CallerContext) {
  const p = new Params();
  const scope = scopeCondition(staff, ctx, p);
  const { rows } = await tx.query<{ id: string; full_name: string; department_id: string | null }>(
    `SELECT t.id, t.full_name, t.department_id FROM staff t WHERE t.id = ${p.add(id)} AND t.state = 'ACTIVE'${scope ? ` AND ${scope}` : ''}`,
    p.values,
  );
  if (!rows[0]) throw new AppError(400, 'bad_request', {}, [{ path: 'staff_id', key: 'leave_staff_invalid' }]);
  return rows[0];
}

async function derive(tx: Tx, input: InputOf<typeof staffLeave>, existing: RowOf<typeof staffLeave> | null, ctx: CallerContext) {
  // Whose leave the caller may file or change is declared (contracts hr/leave.ts: its actors and acts).
  const staffId = input.staff_id ?? existing?.staff_id;
  const s = await staffInScope(tx, staffId, ctx);
  // Both dates are required fields: validated before the hook runs.
  const from = (input.from_date ?? existing?.from_date)!;
  const to = (input.to_date ?? existing?.to_date)!;
  if (from > to) throw new AppError(400, 'bad_request', {}, [{ path: 'to_date', key: 'invalid' }]);
  input.days = workingDays(from, to, await holidaysBetween(tx, from, to));
  input.title = `${s.full_name}: ${dmy(from)} – ${dmy(to)}`;
  if (!existing) input.approval_status = 'DRAFT';
  if (input.days === 0) throw new AppError(400, 'bad_request', {}, [{ path: 'to_date', key: 'invalid' }]);
}

/**
 * Leave requests (contracts hr/leave.ts): derived fields, and the allowance checked when it enters approval. Spec §8 —
 * nothing is deleted or withdrawn once the leave has begun — and whose leave one may touch are declared there.
 */
export const staffLeaveHooks = hooksFor(staffLeave, {
  beforeCreate: (input, ctx, tx) => derive(tx, input, null, ctx),
  beforeUpdate: (input, existing, ctx, tx) => derive(tx, input, existing, ctx),
  beforeApproval: async (action, record, _ctx, tx) => {
    // The balance and the type's yearly cap are checked when the leave enters approval (leave-balance.ts).
    if (action === 'submit' || action === 'resubmit') await checkLeaveAllowance(tx, record);
  },
});
