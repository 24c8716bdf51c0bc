/** The notifications service as its own process (distributed mode): SMTP_URL, MAIL_FROM, PUBLIC_URL, see config.ts. */
import { serveFromEnv } from '@portal/service-kit';
import { createNotificationsApp, NOTIFICATIONS_MIGRATIONS } from './app';
import { notificationsConfigFromEnv } from './config';

void serveFromEnv('notifications', NOTIFICATIONS_MIGRATIONS, (d) =>
  createNotificationsApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, config: notificationsConfigFromEnv(d.env) }),
);
