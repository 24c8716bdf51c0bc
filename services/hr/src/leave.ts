import { can, isoDay, staff, todayIso, workingDays } from '@portal/contracts';
import { AppError, Params, scopeCondition, type ResourceHooks, type Tx } from '@portal/service-kit';
import type { CallerContext } from '@portal/contracts';
import { checkLeaveAllowance } from './leave-balance';


/** The holiday dates (ACTIVE holidays) between two dates. */
async function holidaysBetween(tx: Tx, from: string, to: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ d: string }>(
    `SELECT to_char(g::date, 'YYYY-MM-DD') AS d FROM holiday h, generate_series(greatest(h.from_date, $1::date), least(h.to_date, $2::date), interval '1 day') g
      WHERE h.state = 'ACTIVE' AND h.from_date <= $2::date AND h.to_date >= $1::date`, [from, to]);
  return new Set(rows.map((r) => r.d));
}

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The staff member the leave is for, within the caller's scope (an employee: themself). */
async function staffInScope(tx: Tx, id: unknown, ctx: CallerContext) {
  const p = new Params();
  const scope = scopeCondition(staff, ctx, p);
  const { rows } = await tx.query<{ id: string; full_name: string; department_id: string | null }>(
    `SELECT t.id, t.full_name, t.department_id FROM staff t WHERE t.id = ${p.add(id)} AND t.state = 'ACTIVE'${scope ? ` AND ${scope}` : ''}`, p.values);
  if (!rows[0]) throw new AppError(400, 'bad_request', {}, [{ path: 'staff_id', key: 'leave_staff_invalid' }]);
  return rows[0];
}

/** Filing, editing or deleting someone else's leave takes the leave approve right (managers, HR); otherwise only one's own. */
const mayActFor = (ctx: CallerContext, staffId: unknown) =>
  can(ctx, 'approve', 'leave') || String(staffId).toLowerCase() === (ctx.staffId ?? '').toLowerCase();

async function derive(tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null, ctx: CallerContext) {
  const staffId = input.staff_id ?? existing?.staff_id;
  if (!mayActFor(ctx, staffId)) {
    throw new AppError(400, 'bad_request', {}, [{ path: 'staff_id', key: 'leave_staff_invalid' }]);
  }
  const s = await staffInScope(tx, staffId, ctx);
  // Both dates are required fields: validated before the hook runs.
  const from = isoDay(input.from_date ?? existing?.from_date)!;
  const to = isoDay(input.to_date ?? existing?.to_date)!;
  if (from > to) throw new AppError(400, 'bad_request', {}, [{ path: 'to_date', key: 'invalid' }]);
  input.days = workingDays(from, to, await holidaysBetween(tx, from, to));
  input.title = `${s.full_name}: ${dmy(from)} – ${dmy(to)}`;
  if (!existing) input.approval_status = 'DRAFT';
  if (input.days === 0) throw new AppError(400, 'bad_request', {}, [{ path: 'to_date', key: 'invalid' }]);
}

/** Spec §8: a leave whose first day has come can no longer be deleted or cancelled. */
const started = (leave: Record<string, unknown>) => isoDay(leave.from_date)! <= todayIso();

/** Leave requests (contracts hr/leave.ts): derived fields, and spec §8 — nothing is deleted or cancelled once the leave has begun. */
export const staffLeaveHooks: ResourceHooks = {
  beforeCreate: (input, ctx, tx) => derive(tx, input, null, ctx),
  beforeUpdate: (input, existing, ctx, tx) => derive(tx, input, existing, ctx),
  beforeDelete: (existing, ctx) => {
    if (!mayActFor(ctx, existing.staff_id)) throw new AppError(403, 'forbidden');
    if (started(existing)) throw new AppError(422, 'leave_started');
  },
  beforeApproval: async (action, record, _ctx, tx) => {
    if (action === 'cancel' && started(record)) throw new AppError(422, 'leave_started');
    // The balance and the type's yearly cap are checked when the leave enters approval (leave-balance.ts).
    if (action === 'submit' || action === 'resubmit') await checkLeaveAllowance(tx, record);
  },
};
