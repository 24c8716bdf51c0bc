import type { Pool } from 'pg';
import { consume, createServiceApp, queueMail, type EventBus } from '@portal/service-kit';
import type { NotificationsConfig } from './config';
import { notificationsRoutes } from './routes';
import { parseMailRequest, parseNotificationRequest } from './request';
import { storeRequest } from './store';
import { adminNotificationsReportRoute } from './admin-report';

export const NOTIFICATIONS_MIGRATIONS = `${__dirname}/../migrations`;
/** Every domain's requests: `portal.<domain>.notification.requested`. */
export const REQUESTED_PATTERN = 'portal.*.notification.requested';
/** Every domain's mail requests (a meeting invitation): `portal.<domain>.mail.requested`. */
export const MAIL_REQUESTED_PATTERN = 'portal.*.mail.requested';

/** The bus as `consume` sees it, with `after` run once a handled event's transaction has committed. */
function afterCommit(bus: EventBus, after: () => void): EventBus {
  return {
    publish: (e) => bus.publish(e),
    subscribe: (pattern, durable, handler) =>
      bus.subscribe(pattern, durable, async (e) => {
        await handler(e);
        after();
      }),
    subscribeAll: (pattern, handler) => bus.subscribeAll(pattern, handler),
    close: () => bus.close(),
  };
}

/**
 * The notifications service (spec §3, §7; ARCHITECTURE §5). See services/notifications/README.md.
 * - consumes `portal.<domain>.notification.requested` idempotently: one row per recipient (per their preferences),
 *   `portal.notifications.notification.created` for the live push, and queued mail; the requests a new one settles
 *   become `portal.notifications.notification.settled`, one per recipient, pushed live too;
 * - consumes `portal.<domain>.mail.requested` idempotently: one queued mail per address, with its attachments;
 * - its mail goes to the kit's mail queue (sent with retries, never holding the events);
 * - serves the caller's own list, read, read-all, requests, approval groups and preferences.
 */
export async function createNotificationsApp(deps: { pool: Pool; bus: EventBus; internalKey: string; config: NotificationsConfig }) {
  const { config, ...rest } = deps;
  const created = await createServiceApp(
    { domain: 'notifications', resources: [], ...rest, mail: config.smtpUrl ? { smtpUrl: config.smtpUrl, from: config.from } : undefined },
    async (app, kit) => {
      notificationsRoutes(app, kit);
      adminNotificationsReportRoute(app, kit);
      const bus = afterCommit(kit.bus, () => void kit.relay.kick());
      await consume(bus, kit.pool, 'notifications.requests', REQUESTED_PATTERN, async (event, tx) => {
        let req;
        try {
          req = parseNotificationRequest(event.data);
        } catch (err) {
          // Never valid however often it is delivered: recorded as processed, logged, dropped.
          app.log.warn({ subject: event.subject, id: event.id, err: (err as Error).message }, 'notifications: invalid request dropped');
          return;
        }
        await storeRequest(tx, event.id, req, deps.config.publicUrl);
      });
      // Queued mail goes out at once rather than on the sender's next tick.
      const mailBus = afterCommit(kit.bus, () => void kit.mail?.kick());
      await consume(mailBus, kit.pool, 'notifications.mail', MAIL_REQUESTED_PATTERN, async (event, tx) => {
        let req;
        try {
          req = parseMailRequest(event.data);
        } catch (err) {
          app.log.warn({ subject: event.subject, id: event.id, err: (err as Error).message }, 'notifications: invalid mail request dropped');
          return;
        }
        for (const to of req.to) await queueMail(tx, { to, subject: req.subject, text: req.text, attachments: req.attachments });
      });
    },
  );
  return created;
}
