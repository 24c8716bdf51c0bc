import { AppError, changes, hooksFor, type ResourceHooks, type ServiceKit, type Tx } from '@portal/service-kit';
import { isoDay, staff as staffDef, staffStatus, staffTransferHistory, type CallerContext } from '@portal/contracts';

/**
 * Status changes and the staff record (contracts hr/staff-records.ts `staffStatus`, spec §4 staff states, §8).
 *
 * Filing a change updates the staff record in the same transaction, through the staff repository (so the staff's own
 * activity log and events show it):
 * - PROBATION, OFFICIAL, LEAVE: the staff status becomes the new one. From QUIT this is a re-hire: the severance day is
 *   cleared.
 * - QUIT: status QUIT and the severance day = the effective date (it may lie ahead: notice period). Writes the transfer
 *   history (kind QUIT). Quitting twice is a 422.
 * - TRANSFER with a destination (unit, department or position): an internal move — the staff record takes the new
 *   place (a department without a unit given brings its own unit), the status stays (a transferred official is still
 *   official). TRANSFER without a destination: transferred out of the company (to a member company of the group) —
 *   the status becomes TRANSFER. Both write the transfer history (kind TRANSFER) with where from and where to.
 * A filed change is history: only its decision number and reason may be edited later.
 *
 * Spec §8: an employee whose termination date (severance day) has not arrived cannot be deleted. An employee without
 * a severance day may be deleted (a record created by mistake); deletion is INACTIVE, never a purge.
 */

const FIXED = ['status', 'effective_date', 'to_unit_id', 'to_department_id', 'to_position_id'] as const;

/** The unit a department belongs to: its nearest ancestor of type UNIT. */
async function unitOf(tx: Tx, departmentId: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `WITH RECURSIVE up AS (SELECT id, parent_id, type, 0 AS depth FROM organization WHERE id = $1
       UNION ALL SELECT o.id, o.parent_id, o.type, up.depth + 1 FROM organization o JOIN up ON o.id = up.parent_id WHERE up.depth < 50)
     SELECT id FROM up WHERE type = 'UNIT' ORDER BY depth LIMIT 1`,
    [departmentId],
  );
  return rows[0]?.id ?? null;
}

async function apply(kit: ServiceKit, tx: Tx, change: Record<string, unknown>, ctx: CallerContext) {
  const staffRepo = kit.repo(staffDef);
  const staff = await staffRepo.get(String(change.staff_id), ctx, tx, true);
  const status = String(change.status);
  const date = isoDay(change.effective_date);
  const patch: Record<string, unknown> = {};
  const history = (kind: 'TRANSFER' | 'QUIT', to: Record<string, unknown>) =>
    kit.repo(staffTransferHistory).createIn(
      tx,
      {
        staff_id: staff.id,
        kind,
        effective_date: date,
        decision_code: change.decision_code ?? null,
        reason: change.reason ?? null,
        from_unit_id: staff.unit_id ?? null,
        from_department_id: staff.department_id ?? null,
        from_position_id: staff.position_id ?? null,
        ...to,
      },
      ctx,
    );
  if (status === 'QUIT') {
    Object.assign(patch, { status: 'QUIT', severance_date: date });
    await history('QUIT', {});
  } else if (status === 'TRANSFER') {
    const moves = change.to_unit_id || change.to_department_id || change.to_position_id;
    if (moves) {
      const to = {
        to_department_id: change.to_department_id ?? staff.department_id ?? null,
        to_unit_id: change.to_unit_id ?? (change.to_department_id ? await unitOf(tx, String(change.to_department_id)) : null) ?? staff.unit_id ?? null,
        to_position_id: change.to_position_id ?? staff.position_id ?? null,
      };
      Object.assign(patch, { department_id: to.to_department_id, unit_id: to.to_unit_id, position_id: to.to_position_id });
      await history('TRANSFER', to);
    } else {
      patch.status = 'TRANSFER';
      await history('TRANSFER', {});
    }
  } else {
    patch.status = status;
    if (staff.status === 'QUIT') patch.severance_date = null;
  }
  await staffRepo.updateIn(tx, staff.id, patch, ctx);
}

export const staffRecordHooks = (kit: () => ServiceKit): Record<string, ResourceHooks> => ({
  staffStatus: hooksFor(staffStatus, {
    beforeCreate: async (input, ctx, tx) => {
      const staff = await kit().repo(staffDef).get(input.staff_id!, ctx, tx, true);
      if (input.status === 'QUIT' && staff.status === 'QUIT' && staff.severance_date) throw new AppError(422, 'staff_already_quit');
      input.from_status = staff.status ?? null;
      if (input.status !== 'TRANSFER') Object.assign(input, { to_unit_id: null, to_department_id: null, to_position_id: null });
    },
    beforeUpdate: (input, existing) => {
      if (changes(staffStatus, input, existing, FIXED)) throw new AppError(422, 'staff_status_fixed');
    },
    afterWrite: async (verb, row, ctx, tx) => {
      if (verb === 'created') await apply(kit(), tx, row, ctx);
    },
  }),
  staff: hooksFor(staffDef, {
    beforeDelete: (existing) => {
      const end = existing.severance_date;
      if (end && end > kit().today()) throw new AppError(422, 'staff_not_terminated');
    },
  }),
});
