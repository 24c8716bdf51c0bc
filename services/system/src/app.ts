import type { Pool } from 'pg';
import { PROJECT_DIRECTORY, systemResources, type Domain } from '@portal/contracts';
import { createServiceApp, localServiceUrl, recordLookup, type EventBus } from '@portal/service-kit';
import type { SystemConfig } from './config';
import { authService } from './auth/service';
import { authRoutes } from './auth/routes';
import { oidcRoutes } from './auth/oidc';
import { activityLogRoutes } from './routes/activity-log';
import { adminEventsReportRoute } from './routes/admin-events';
import { LogScope } from './routes/log-scope';
import { systemAdminRoutes } from './routes/system-admin';
import { approvalDirectoryRoutes } from './approval/directory';
import { approverPickerRoutes, delegationHooks } from './approval/delegation';
import { bookmarkRoutes } from './routes/bookmarks';
import { leaveDelegations } from './approval/leave-delegation';
import { accountHooks } from './auth/accounts';

export const SYSTEM_MIGRATIONS = `${__dirname}/../migrations`;

/** `serviceUrl`: where the other domains' services are (the owners of records an activity entry names); default: this process's. */
export async function createSystemApp(deps: {
  pool: Pool;
  bus: EventBus;
  internalKey: string;
  config: SystemConfig;
  serviceUrl?: (domain: Domain) => string | null;
}) {
  const cfg = deps.config;
  let auth!: ReturnType<typeof authService>;
  const created = await createServiceApp(
    {
      domain: 'system',
      resources: systemResources,
      pool: deps.pool,
      bus: deps.bus,
      internalKey: deps.internalKey,
      mail: cfg.mail ?? undefined,
      serviceUrl: deps.serviceUrl,
      // Accounts: invitation and reset links, rights within the editor's own, deactivation (auth/accounts.ts).
      hooks: { user: accountHooks(cfg, (staffId) => auth.staffOf(staffId)), delegation: delegationHooks() },
    },
    async (app, kit) => {
      auth = authService(deps.pool, cfg, kit.codec);
      authRoutes(app, kit, auth, cfg);
      oidcRoutes(app, kit, auth, cfg);
      systemAdminRoutes(app, kit, auth, cfg);
      const serviceUrl = deps.serviceUrl ?? ((d: Domain) => localServiceUrl(deps.bus, d));
      approvalDirectoryRoutes(app, deps.pool, kit.codec, cfg.hrUrl, () => serviceUrl(PROJECT_DIRECTORY.domain));
      approverPickerRoutes(app, deps.pool);
      bookmarkRoutes(app, kit);
      const logScope = new LogScope(kit, serviceUrl);
      await activityLogRoutes(app, kit, recordLookup(serviceUrl, kit.codec, 'system'), logScope);
      adminEventsReportRoute(app, kit, logScope);
      await leaveDelegations(kit);
    },
  );
  return { ...created, auth };
}
