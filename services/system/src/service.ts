/**
 * The system service as the stacks build it: AUTH_SECRET, SMTP_URL, PUBLIC_URL, see config.ts. In its own process the
 * first start creates the administrator (PORTAL_ADMIN_EMAIL, PORTAL_ADMIN_PASSWORD, required then: unlike `npm start`,
 * nothing is printed); the all-in-one stack creates it itself.
 */
import { defineService } from '@portal/service-kit';
import { createSystemApp, SYSTEM_MIGRATIONS } from './app';
import { systemConfigFromEnv } from './config';
import { ensureAdmin } from './bootstrap';

export const service = defineService({
  domain: 'system',
  migrations: SYSTEM_MIGRATIONS,
  create: (d) =>
    createSystemApp({
      pool: d.pool,
      bus: d.bus,
      internalKey: d.internalKey,
      config: systemConfigFromEnv(d.env, () => d.url('hr') ?? ''),
      serviceUrl: d.url,
    }),
  serve: async (d) => {
    const password = d.env.PORTAL_ADMIN_PASSWORD || undefined;
    if (!password) {
      const { rows } = await d.pool.query(`SELECT 1 FROM app_user WHERE is_admin AND state = 'ACTIVE' LIMIT 1`);
      // A container's output is its log, and passwords never reach logs: the first start needs one given.
      if (!rows.length) throw new Error('PORTAL_ADMIN_PASSWORD is not set: the first start creates the administrator with it');
    }
    await ensureAdmin(d.pool, d.env.PORTAL_ADMIN_EMAIL || 'admin@portal.local', password);
  },
});
