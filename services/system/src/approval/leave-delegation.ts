import { consume, type ServiceKit } from '@portal/service-kit';

interface LeaveApprovalEvent {
  id: string;
  action: string;
  status_to: string;
  record: { staff_id?: string; deputy_staff_id?: string | null; from_date?: string; to_date?: string; title?: string };
}

const day = (v: unknown) => String(v ?? '').slice(0, 10);

/**
 * "Delegation while the approver is on leave" (spec §6): when a leave naming a deputy is approved, the staff member's
 * account delegates its approvals to the deputy's account for the leave's days; cancelling the leave ends that
 * delegation. Skipped (and logged) when either has no account, or the approver already has a delegation over those
 * days — a delegation set by hand wins.
 */
export async function leaveDelegations(kit: ServiceKit) {
  await consume(kit.bus, kit.pool, 'system.leave-delegation', 'portal.hr.staffLeave.approval.*', async (event, tx) => {
    const e = event.data as LeaveApprovalEvent;
    const source = `staffLeave:${e.id}`;
    if (e.status_to === 'CANCELLED' || e.status_to === 'REFUSE') {
      await tx.query(`UPDATE delegation SET state = 'INACTIVE', updated_date = now() WHERE source = $1 AND state = 'ACTIVE'`, [source]);
      return;
    }
    if (e.status_to !== 'APPROVED' || !e.record?.deputy_staff_id || !e.record.staff_id) return;
    const { rows } = await tx.query<{ id: string; staff_id: string }>(
      `SELECT id, staff_id FROM app_user WHERE staff_id = ANY($1::uuid[]) AND state = 'ACTIVE'`,
      [[e.record.staff_id, e.record.deputy_staff_id]],
    );
    const approver = rows.find((r) => r.staff_id === e.record.staff_id);
    const deputy = rows.find((r) => r.staff_id === e.record.deputy_staff_id);
    const from = day(e.record.from_date);
    const to = day(e.record.to_date);
    if (!approver || !deputy || approver.id === deputy.id) return;
    const overlap = await tx.query(`SELECT 1 FROM delegation WHERE approver_id = $1 AND state = 'ACTIVE' AND from_date <= $3 AND to_date >= $2`, [
      approver.id,
      from,
      to,
    ]);
    if (overlap.rows.length) return;
    await tx.query(`INSERT INTO delegation (approver_id, deputy_id, from_date, to_date, note, created_by, source) VALUES ($1, $2, $3, $4, $5, $1, $6)`, [
      approver.id,
      deputy.id,
      from,
      to,
      `Nghỉ phép / On leave: ${e.record.title ?? ''}`.slice(0, 1000),
      source,
    ]);
  });
}
