/** The notifications service as the stacks build it: SMTP_URL, MAIL_FROM, PUBLIC_URL (config.ts). */
import { defineService } from '@portal/service-kit';
import { createNotificationsApp, NOTIFICATIONS_MIGRATIONS } from './app';
import { notificationsConfigFromEnv } from './config';

export const service = defineService({
  domain: 'notifications',
  migrations: NOTIFICATIONS_MIGRATIONS,
  create: (d) => createNotificationsApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, config: notificationsConfigFromEnv(d.env) }),
});
