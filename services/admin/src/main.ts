/** The administration service as its own process (distributed mode): see serveFromEnv for the environment it reads. */
import { requiredEnv, serveFromEnv } from '@portal/service-kit';
import { ADMIN_MIGRATIONS, createAdminApp } from './app';

void serveFromEnv('admin', ADMIN_MIGRATIONS, (d) => {
  const systemUrl = requiredEnv(d.env, 'SYSTEM_URL');
  return createAdminApp({
    pool: d.pool,
    bus: d.bus,
    internalKey: d.internalKey,
    directoryUrl: () => systemUrl,
    overdueEveryMs: Number(process.env.TICKET_OVERDUE_EVERY_MS) || undefined,
    draftSweepEveryMs: Number(process.env.BOOKING_DRAFT_SWEEP_EVERY_MS) || undefined,
  });
});
