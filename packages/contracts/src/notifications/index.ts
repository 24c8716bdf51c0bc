import type { RouteDecl } from '../kit/routes';

/**
 * The notifications service (spec §3 "Notifications", §7 "Notifications", §9 limits; ARCHITECTURE §5).
 * Every route is open to any signed-in user at the gateway; the service shows each user only their own
 * notifications (an admin may also read another user's requests). `/notifications/stream` is answered by
 * the gateway itself (gateway/src/live.ts: server-sent events), never forwarded.
 */
export const notificationsApi = {
  list: {
    method: 'GET',
    path: '/notifications',
    domain: 'notifications',
    access: 'signed-in',
    summary: 'My notifications, newest first (limit default 50, page, f_type), with unread_count',
  },
  readAll: { method: 'GET', path: '/notifications/read-all', domain: 'notifications', access: 'signed-in', summary: 'Mark all my notifications read' },
  read: {
    method: 'GET',
    path: '/notifications/read/:id',
    domain: 'notifications',
    access: 'signed-in',
    summary: 'Mark one of my notifications read (the unread count drops by one)',
  },
  requests: {
    method: 'GET',
    path: '/notifications/requests/:userId',
    domain: 'notifications',
    access: 'signed-in',
    summary: 'Approval requests (APPROVE_REQUEST notifications) of a user: own only, unless admin',
  },
  approvals: {
    method: 'GET',
    path: '/notifications/approvals',
    domain: 'notifications',
    access: 'signed-in',
    summary: 'My approval notifications grouped as APPROVED, APPROVE_REQUEST and CANCELLED, each { items, total } (2000 per group)',
  },
  preferences: {
    method: 'GET',
    path: '/notifications/preferences',
    domain: 'notifications',
    access: 'signed-in',
    summary: 'My delivery preferences per notification type (in-app, email)',
  },
  setPreferences: {
    method: 'PUT',
    path: '/notifications/preferences',
    domain: 'notifications',
    access: 'signed-in',
    summary: 'Set my delivery preferences: body { preferences: [{ type, in_app?, email? }] }',
  },
  stream: {
    method: 'GET',
    path: '/notifications/stream',
    domain: 'notifications',
    access: 'signed-in',
    summary: 'Live push (text/event-stream, answered by the gateway): event "notification" with { notification, unread_count }',
  },
} satisfies Record<string, RouteDecl>;

export const notificationsRoutes: RouteDecl[] = Object.values(notificationsApi);

export const NOTIFICATION_TYPES = ['APPROVE_REQUEST', 'APPROVED', 'CANCELLED', 'REFUSED', 'INFO'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** Spec §3: approval notifications are grouped as these, each with a total. */
export const APPROVAL_GROUPS = ['APPROVED', 'APPROVE_REQUEST', 'CANCELLED'] as const satisfies readonly NotificationType[];
/** Spec §9. */
export const NOTIFICATION_LIST_LIMIT = 50;
export const APPROVAL_GROUP_LIMIT = 2000;

export interface LocalizedText {
  vi: string;
  en: string;
}

/**
 * The payload of `portal.<domain>.notification.requested`, which any service puts in its own outbox (in the
 * transaction of the write that causes it) to notify users. The notifications service stores one row per
 * recipient, honouring each recipient's preferences. Call `requestNotification(tx, domain, payload)` from
 * `@portal/notifications` rather than writing the row by hand.
 */
export interface NotificationRequest {
  user_ids: string[];
  /**
   * Recipients' email addresses, in the order of `user_ids` (null or missing: no email for that user). The
   * sender knows them; the notifications service does no lookup. Used only when the user wants email for the type.
   */
  emails?: (string | null)[];
  type: NotificationType;
  title: LocalizedText;
  body: LocalizedText;
  /** A page path in the portal, e.g. `/hr/staff-leave/<id>`. */
  link?: string | null;
  /** The record it is about, e.g. `staff:<uuid>`. */
  context?: string | null;
  /**
   * A record (a context) whose approval has moved on: the approval requests about it sent before this one are answered
   * and leave everyone's "Waiting for me" (the approval engine sends it with every action; `user_ids` may then be empty).
   */
  settles?: string | null;
}

export const notificationRequestedSubject = (domain: string) => `portal.${domain}.notification.requested`;

/** A file sent with a requested mail, its content as text (a meeting invitation's .ics). */
export interface MailAttachmentRequest {
  filename: string;
  content: string;
  content_type: string;
}
/** Addresses, attachments and their size in one mail request. */
export const MAIL_REQUEST_LIMITS = { to: 200, attachments: 5, attachmentChars: 500_000, subject: 500, text: 20_000 } as const;

/**
 * The payload of `portal.<domain>.mail.requested`: a mail the sender itself decided on (a meeting invitation with its
 * .ics — the orderer asked for it), sent to these addresses whatever their notification preferences, with no in-app
 * row. Put in the service's own outbox in the transaction that decides it, like a notification request; the
 * notifications service queues one mail per address (its mail queue sends them, retried).
 */
export interface MailRequested {
  to: string[];
  subject: string;
  text: string;
  attachments?: MailAttachmentRequest[];
}
export const mailRequestedSubject = (domain: string) => `portal.${domain}.mail.requested`;
/** Emitted by the notifications service for each stored notification (the gateway pushes it live). */
export const NOTIFICATION_CREATED_SUBJECT = 'portal.notifications.notification.created';
/**
 * Emitted by the notifications service for each user whose approval requests about a record were just answered
 * (`settled_at`): the gateway pushes it live, so "Waiting for me" drops them without a reload, wherever they were answered.
 */
export const NOTIFICATION_SETTLED_SUBJECT = 'portal.notifications.notification.settled';

export interface NotificationDto {
  id: string;
  user_id: string;
  type: NotificationType;
  title: LocalizedText;
  body: LocalizedText;
  link: string | null;
  context: string | null;
  read_at: string | null;
  created_date: string;
}

/** The data of `portal.notifications.notification.created`. */
export interface NotificationCreatedEvent {
  user_id: string;
  notification: NotificationDto;
  /** The user's unread count right after this notification was stored. */
  unread_count: number;
}

/** The data of `portal.notifications.notification.settled`. */
export interface NotificationSettledEvent {
  user_id: string;
  /** The record whose requests were answered (`<resource>:<id>`). */
  context: string;
}

export interface NotificationPreference {
  type: NotificationType;
  in_app: boolean;
  email: boolean;
}
/** Without a stored choice: shown in the app, not emailed. */
export const DEFAULT_NOTIFICATION_PREFERENCE = { in_app: true, email: false } as const;
