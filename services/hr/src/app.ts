import './messages';
import { hrResources } from '@portal/contracts';
import { consume, createServiceApp, type DomainAppDeps, type ServiceKit } from '@portal/service-kit';
import { orgTreeRoutes } from './routes/org-tree';
import { staffExtraRoutes } from './routes/staff-extra';
import { directoryRoutes } from './routes/directory';
import { staffLeaveHooks } from './leave';
import { staffRecordHooks } from './staff-status';
import { leaveRoutes } from './leave-balance';
import { recruitmentExtraRoutes, recruitmentHooks } from './recruitment';
import { hrReportRoutes } from './reports';

export const HR_MIGRATIONS = `${__dirname}/../migrations`;

export async function createHrApp(deps: DomainAppDeps) {
  // Hooks that write other resources (a status change moves the staff record) reach their repositories through the kit.
  let kitRef: ServiceKit | null = null;
  const kit = () => kitRef!;
  const hooks = { staffLeave: staffLeaveHooks, ...staffRecordHooks(kit), ...recruitmentHooks(kit) };
  const created = await createServiceApp({ domain: 'hr', resources: hrResources, hooks, ...deps }, async (app, k) => {
    kitRef = k;
    orgTreeRoutes(app, k);
    staffExtraRoutes(app, k);
    directoryRoutes(app, k);
    leaveRoutes(app, k);
    recruitmentExtraRoutes(app, k);
    hrReportRoutes(app, k);
  });
  // Decentralization (system) lands on the staff record as decentralization_id (spec §6).
  await consume(deps.bus, deps.pool, 'hr.decentralization', 'portal.system.decentralization.*', async (event, tx) => {
    const { record } = event.data as { record: { id: string; staff_id: string; state: string } };
    if (event.subject.endsWith('.deleted') || record.state !== 'ACTIVE') {
      await tx.query('UPDATE staff SET decentralization_id = NULL WHERE id = $1 AND decentralization_id = $2', [record.staff_id, record.id]);
    } else {
      await tx.query('UPDATE staff SET decentralization_id = $2 WHERE id = $1', [record.staff_id, record.id]);
    }
  });
  return created;
}
