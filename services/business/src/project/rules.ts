import { PROJECT_WON_SUBJECT, project, projectTeam, type ProjectWonEvent } from '@portal/contracts';
import { AppError, enqueue, hooksFor, type HooksOf, type ServiceKit } from '@portal/service-kit';

/** The probability a project's last stages hold, locked (forecast integrity: won is certain, lost is nothing). */
const LOCKED: Record<string, number> = { WON: 100, LOST: 0 };

/**
 * The project register's rules (contracts business/project.ts): the probability is the seller's estimate until the
 * project is won or lost, then 100 or 0 and locked — a reopened lost project starts again from the seller's new
 * estimate, its reason for losing cleared. A win is published with the project's team.
 */
export function projectHooks(kit: () => ServiceKit): HooksOf<typeof project> {
  return hooksFor(project, {
    beforeUpdate(input, existing) {
      const locked = LOCKED[String(existing.stage)];
      if (locked !== undefined && input.probability !== undefined && input.probability !== null && Number(input.probability) !== locked)
        throw new AppError(422, 'project_probability_locked', { value: String(locked) }, [
          { path: 'probability', key: 'project_probability_locked', params: { value: String(locked) } },
        ]);
    },
    beforeStatus(move) {
      const locked = LOCKED[move.to];
      if (locked !== undefined) return { probability: locked };
      if (move.from === 'LOST') return { lost_reason: null };
    },
    async afterStatus(move, row, _ctx, tx) {
      if (move.to !== 'WON') return;
      const team = kit().repo(projectTeam).def;
      const { rows } = await tx.query<{ staff_id: string; position_id: string }>(
        `SELECT staff_id, position_id FROM ${team.table} WHERE project_id = $1 AND state = 'ACTIVE' ORDER BY created_date`,
        [row.id],
      );
      const event: ProjectWonEvent = {
        id: String(row.id),
        code: String(row.code),
        name: String(row.name),
        department_id: String(row.department_id),
        manager_id: (row.manager_id as string | null) ?? null,
        expected_value: row.expected_value === null || row.expected_value === undefined ? null : Number(row.expected_value),
        won_date: (row.won_date as string | null) ?? null,
        team: rows,
      };
      await enqueue(tx, PROJECT_WON_SUBJECT, event);
    },
  });
}
