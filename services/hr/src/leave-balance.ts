import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APPROVAL_IN_PROGRESS,
  isoDay,
  LEAVE_SETTING_DEFAULTS,
  leaveSettingSchema,
  staff,
  UUID_RE,
  zDay,
  type CallerContext,
  type LeaveBalance,
  type LeaveSetting,
  hrApi,
} from '@portal/contracts';
import {
  AppError,
  badRequest,
  changedFields,
  notFound,
  ok,
  Params,
  parseOrThrow,
  recordActivity,
  requireCaller,
  scopeCondition,
  withTx,
  type ServiceKit,
  type Tx,
  serveRoute,
} from '@portal/service-kit';
import type { Pool } from 'pg';

/**
 * Annual leave balances (spec §3 "leave … balance … max leave days"; §7 leave settings, annual leave increase,
 * staff leave days). Nothing is stored that can be computed: the balance of a staff member on a date is
 *
 *   accrued (the year's entitlement, earned monthly or all on 1 January)
 *   + carried over from last year (staff leave days row) − the carried days that lapsed unused after the cut-off month
 *   + HR adjustment (staff leave days row, may be negative)
 *   − approved annual leave of the year − annual leave waiting for approval.
 *
 * Entitlement = (annual days + the seniority increase for the completed years of service) × months employed in the
 * year / 12 (joining or leaving during the year prorates it; the month of joining counts). Monthly accrual credits one
 * twelfth on the first day of each month employed. A leave counts in the year it starts. Only leave types marked
 * `annual` use the balance; any type with `max_days` is capped per year (approved + waiting).
 */

type Db = Pool | Tx;
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function leaveSettings(db: Db): Promise<LeaveSetting> {
  const { rows } = await db.query<{ value: Partial<LeaveSetting> }>('SELECT value FROM leave_setting WHERE id = 1');
  return { ...LEAVE_SETTING_DEFAULTS, ...(rows[0]?.value ?? {}) };
}

/** Whole years from `from` to `to` (dates as YYYY-MM-DD). */
function completedYears(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return Math.max(0, to.slice(5) >= from.slice(5) ? years : years - 1);
}

/** The balance of one staff member on `date`; `exclude`: a leave request not to count (the one being submitted); `given`: settings already read. */
export async function leaveBalance(db: Db, staffId: string, date: string, exclude: string | null = null, given?: LeaveSetting): Promise<LeaveBalance> {
  const year = Number(date.slice(0, 4));
  const settings = given ?? (await leaveSettings(db));
  const {
    rows: [s],
  } = await db.query<{ entry_date: Date | null; severance_date: Date | null }>('SELECT entry_date, severance_date FROM staff WHERE id = $1', [staffId]);
  if (!s) throw notFound();
  const entry = isoDay(s.entry_date);
  const leaving = isoDay(s.severance_date);
  const {
    rows: [inc],
  } = await db.query<{ extra: number | null }>(
    `SELECT max(extra_days)::float AS extra FROM annual_leave_increase WHERE state = 'ACTIVE' AND years_of_service <= $1`,
    [entry ? completedYears(entry, date) : 0],
  );
  const seniority = inc?.extra ?? 0;
  const yearly = settings.annual_days + seniority;
  const firstMonth = entry && Number(entry.slice(0, 4)) === year ? Number(entry.slice(5, 7)) : entry && Number(entry.slice(0, 4)) > year ? 13 : 1;
  const lastMonth = leaving && Number(leaving.slice(0, 4)) === year ? Number(leaving.slice(5, 7)) : leaving && Number(leaving.slice(0, 4)) < year ? 0 : 12;
  const months = Math.max(0, lastMonth - firstMonth + 1);
  const perMonth = yearly / 12;
  const earnedBy = (month: number) => (settings.accrual === 'YEARLY' ? perMonth * months : perMonth * Math.max(0, Math.min(month, lastMonth) - firstMonth + 1));
  const month = Number(date.slice(5, 7));

  const {
    rows: [day],
  } = await db.query<{ carried: number | null; extra: number | null }>(
    `SELECT carried_days::float AS carried, extra_days::float AS extra FROM staff_leave_day WHERE staff_id = $1 AND year = $2 AND state = 'ACTIVE' LIMIT 1`,
    [staffId, year],
  );
  const cutoff = `${year}-${String(settings.carry_over_until_month).padStart(2, '0')}-01`;
  const {
    rows: [used],
  } = await db.query<{ taken: number; pending: number; before_cutoff: number }>(
    `SELECT coalesce(sum(l.days) FILTER (WHERE l.approval_status = 'APPROVED'), 0)::float AS taken,
            coalesce(sum(l.days) FILTER (WHERE l.approval_status = ANY($3)), 0)::float AS pending,
            coalesce(sum(l.days) FILTER (WHERE l.approval_status = 'APPROVED' AND l.from_date < ($4::date + interval '1 month')), 0)::float AS before_cutoff
       FROM staff_leave l JOIN leave_type t ON t.id = l.leave_type_id
      WHERE l.staff_id = $1 AND l.state = 'ACTIVE' AND t.annual IS TRUE AND extract(year FROM l.from_date) = $2 AND ($5::uuid IS NULL OR l.id <> $5)`,
    [staffId, year, APPROVAL_IN_PROGRESS, cutoff, exclude],
  );
  const carried = day?.carried ?? 0;
  const pastCutoff = date >= isoDay(new Date(Date.UTC(year, settings.carry_over_until_month, 1)))!;
  const lapsed = pastCutoff ? Math.max(0, carried - (used?.before_cutoff ?? 0)) : 0;
  const accrued = earnedBy(month);
  const adjustment = day?.extra ?? 0;
  const taken = used?.taken ?? 0;
  const pending = used?.pending ?? 0;
  return {
    staff_id: staffId,
    date,
    year,
    entitlement: round2(perMonth * months),
    accrued: round2(accrued),
    seniority_days: seniority,
    carried_days: carried,
    carried_lapsed: round2(lapsed),
    adjustment_days: adjustment,
    taken,
    pending,
    available: round2(accrued + carried - lapsed + adjustment - taken - pending),
    schedule: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, accrued: round2(earnedBy(i + 1)) })),
  };
}

/** Submitting a leave: the annual balance on its first day must cover it (unless allowed), and the type's yearly cap holds. */
export async function checkLeaveAllowance(tx: Tx, leave: Record<string, unknown>) {
  const {
    rows: [type],
  } = await tx.query<{ annual: boolean | null; max_days: number | null }>('SELECT annual, max_days::float AS max_days FROM leave_type WHERE id = $1', [
    leave.leave_type_id,
  ]);
  const days = Number(leave.days ?? 0);
  const from = isoDay(leave.from_date)!;
  if (type?.max_days !== null && type?.max_days !== undefined) {
    const {
      rows: [u],
    } = await tx.query<{ used: number }>(
      `SELECT coalesce(sum(days), 0)::float AS used FROM staff_leave WHERE staff_id = $1 AND leave_type_id = $2 AND state = 'ACTIVE' AND id <> $3
         AND extract(year FROM from_date) = $4 AND approval_status = ANY($5)`,
      [leave.staff_id, leave.leave_type_id, leave.id, Number(from.slice(0, 4)), ['APPROVED', ...APPROVAL_IN_PROGRESS]],
    );
    if ((u?.used ?? 0) + days > type.max_days) throw new AppError(422, 'leave_type_max_exceeded', { used: u?.used ?? 0, max: type.max_days });
  }
  if (type?.annual) {
    const settings = await leaveSettings(tx);
    const balance = await leaveBalance(tx, String(leave.staff_id), from, String(leave.id), settings);
    if (!settings.allow_negative && days > balance.available) throw new AppError(422, 'leave_balance_exceeded', { available: balance.available, days });
  }
}

const balanceQuery = z.object({ staff_id: z.string().regex(UUID_RE).toLowerCase().optional(), date: zDay().optional() });

/** A staff member the caller may see (their own record always), else 404. */
async function staffVisible(pool: Pool, id: string, ctx: CallerContext) {
  const p = new Params();
  const scope = scopeCondition(staff, ctx, p);
  const { rows } = await pool.query(`SELECT 1 FROM staff t WHERE t.id = ${p.add(id)} AND t.state = 'ACTIVE'${scope ? ` AND ${scope}` : ''}`, p.values);
  if (!rows.length) throw notFound();
}

export function leaveRoutes(app: FastifyInstance, kit: Pick<ServiceKit, 'pool' | 'today'>) {
  serveRoute(app, hrApi.leaveBalance, async (req) => {
    const ctx = requireCaller(req);
    const q = parseOrThrow(balanceQuery, req.query, badRequest);
    const staffId = q.staff_id ?? ctx.staffId;
    if (!staffId) throw badRequest([{ path: 'staff_id', key: 'select_required' }]);
    await staffVisible(kit.pool, staffId, ctx);
    return ok(await leaveBalance(kit.pool, staffId, q.date ?? kit.today()));
  });

  serveRoute(app, hrApi.leaveSetting, async (req) => {
    requireCaller(req);
    return ok(await leaveSettings(kit.pool));
  });

  serveRoute(app, hrApi.setLeaveSetting, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(leaveSettingSchema, req.body, badRequest);
    return ok(
      await withTx(kit.pool, async (tx) => {
        const before = await leaveSettings(tx);
        await tx.query('UPDATE leave_setting SET value = $1, updated_date = now(), updated_by = $2 WHERE id = 1', [JSON.stringify(body), ctx.userId]);
        const diff = changedFields(before as unknown as Record<string, unknown>, body as unknown as Record<string, unknown>);
        await recordActivity(tx, ctx, {
          domain: 'hr',
          resource: 'leave_setting',
          recordId: '00000000-0000-0000-0000-000000000001',
          action: 'update',
          feature: 'leave_days',
          originData: diff.origin,
          updatedData: diff.updated,
        });
        return body;
      }),
    );
  });
}
