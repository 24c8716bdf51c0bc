import { implementationProject, PROJECT_WON_SUBJECT, type ProjectWonEvent } from '@portal/contracts';
import { consume, systemCaller, type ServiceKit, type Tx } from '@portal/service-kit';

/**
 * A project won in the business domain arrives here (README "Decisions": one id from lead to handover): its
 * implementation project is created under the register's project — its code, name, department, manager and expected
 * value as the contract value — by one durable consumer, once per project (a redelivered event, or a project won
 * again after being reopened, finds it there and changes nothing). Its team is the register's own (the business
 * domain's project team): nothing to copy.
 */
export async function implementWonProjects(kit: ServiceKit) {
  await consume(kit.bus, kit.pool, 'implementation.project-won', PROJECT_WON_SUBJECT, async (event, tx) => {
    await implementProject(kit, tx, event.data as ProjectWonEvent);
  });
}

/** The implementation project of a won project (its id), created unless it is there already (the demo company's too). */
export async function implementProject(kit: ServiceKit, tx: Tx, won: ProjectWonEvent): Promise<string> {
  // Locked by the project's id, so that the event and a user creating it by hand cannot both insert it.
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`implementation:${won.id}`]);
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM implementation_project WHERE project_id = $1', [won.id]);
  if (rows[0]) return rows[0].id;
  const row = await kit.repo(implementationProject).createIn(
    tx,
    {
      name: won.name,
      project_id: won.id,
      department_id: won.department_id,
      manager_id: won.manager_id,
      contract_value: won.expected_value,
    },
    systemCaller('project won'),
  );
  return row.id;
}
