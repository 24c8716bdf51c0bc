import {
  isUuid,
  MAIL_REQUEST_LIMITS,
  NOTIFICATION_TYPES,
  notificationRequestedSubject,
  type MailRequested,
  type NotificationRequest,
  type NotificationType,
} from '@portal/contracts';
import { enqueue, type Tx } from '@portal/service-kit';

export const MAX_RECIPIENTS = 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export { isUuid };

const text = (v: unknown, max: number, path: string) => {
  const o = v as { vi?: unknown; en?: unknown } | null;
  if (!o || typeof o !== 'object' || typeof o.vi !== 'string' || typeof o.en !== 'string' || !o.vi.trim() || !o.en.trim())
    throw new Error(`${path}: { vi, en } non-empty strings`);
  if (o.vi.length > max || o.en.length > max) throw new Error(`${path}: at most ${max} characters`);
  return { vi: o.vi, en: o.en };
};

/**
 * Checks a `notification.requested` payload and returns it normalised (recipients de-duplicated, their emails
 * kept in step). Throws an Error that names the bad field.
 */
export function parseNotificationRequest(data: unknown): NotificationRequest {
  const d = data as Record<string, unknown> | null;
  if (!d || typeof d !== 'object') throw new Error('payload: an object');
  const settles = d.settles ?? null;
  if (settles !== null && (typeof settles !== 'string' || !settles || settles.length > 200)) throw new Error('settles: a context of at most 200 characters');
  // Only a request that settles earlier ones may name nobody.
  if (!Array.isArray(d.user_ids) || (!d.user_ids.length && !settles) || d.user_ids.length > MAX_RECIPIENTS || !d.user_ids.every(isUuid))
    throw new Error(`user_ids: 1 to ${MAX_RECIPIENTS} uuids`);
  if (
    d.emails !== undefined &&
    d.emails !== null &&
    (!Array.isArray(d.emails) ||
      d.emails.length !== d.user_ids.length ||
      !d.emails.every((e) => e === null || (typeof e === 'string' && e.length <= 254 && EMAIL.test(e))))
  )
    throw new Error('emails: one address or null per user_ids entry');
  if (!NOTIFICATION_TYPES.includes(d.type as NotificationType)) throw new Error(`type: one of ${NOTIFICATION_TYPES.join(', ')}`);
  const link = d.link ?? null;
  if (link !== null && (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//') || link.length > 1000))
    throw new Error('link: a page path starting with /');
  const context = d.context ?? null;
  if (context !== null && (typeof context !== 'string' || context.length > 200)) throw new Error('context: a string of at most 200 characters');
  const emails = Array.isArray(d.emails) ? (d.emails as (string | null)[]) : null;
  const seen = new Map<string, string | null>();
  (d.user_ids as string[]).forEach((id, i) => {
    const key = id.toLowerCase();
    if (!seen.has(key) || !seen.get(key)) seen.set(key, emails?.[i] ?? null);
  });
  return {
    user_ids: [...seen.keys()],
    emails: [...seen.values()],
    type: d.type as NotificationType,
    title: text(d.title, 255, 'title'),
    body: text(d.body, 2000, 'body'),
    link: link as string | null,
    context: context as string | null,
    ...(settles ? { settles: settles as string } : {}),
  };
}

/**
 * For any service: notify users as part of the caller's transaction. The request is written to the caller's own
 * outbox as `portal.<domain>.notification.requested` and reaches the notifications service only if the write
 * commits (ARCHITECTURE §5). Kick the service's relay after the commit (the kit's repositories and non-GET
 * routes do) or it goes out with the relay's next tick.
 *
 *   await withTx(pool, async (tx) => {
 *     ...the write...
 *     await requestNotification(tx, 'hr', { user_ids: [approverId], emails: [approverEmail], type: 'APPROVE_REQUEST',
 *       title: { vi: 'Yêu cầu phê duyệt nghỉ phép', en: 'Leave approval request' }, body: {...}, link: `/hr/staff-leave/${id}`, context: `staff-leave:${id}` });
 *   });
 */
export async function requestNotification(tx: Tx, domain: string, payload: NotificationRequest): Promise<string> {
  return enqueue(tx, notificationRequestedSubject(domain), parseNotificationRequest(payload));
}

/**
 * Checks a `mail.requested` payload (contracts MailRequested) and returns it normalised (addresses de-duplicated,
 * case-insensitively). Throws an Error that names the bad field.
 */
export function parseMailRequest(data: unknown): MailRequested {
  const d = data as Record<string, unknown> | null;
  const L = MAIL_REQUEST_LIMITS;
  if (!d || typeof d !== 'object') throw new Error('payload: an object');
  if (!Array.isArray(d.to) || !d.to.length || d.to.length > L.to || !d.to.every((e) => typeof e === 'string' && e.length <= 254 && EMAIL.test(e)))
    throw new Error(`to: 1 to ${L.to} addresses`);
  if (typeof d.subject !== 'string' || !d.subject.trim() || d.subject.length > L.subject)
    throw new Error(`subject: a non-empty string of at most ${L.subject} characters`);
  if (typeof d.text !== 'string' || d.text.length > L.text) throw new Error(`text: a string of at most ${L.text} characters`);
  const files = d.attachments ?? [];
  if (
    !Array.isArray(files) ||
    files.length > L.attachments ||
    !files.every(
      (a) =>
        a &&
        typeof a === 'object' &&
        typeof a.filename === 'string' &&
        /^[\w.-]{1,100}$/.test(a.filename) &&
        typeof a.content === 'string' &&
        a.content.length <= L.attachmentChars &&
        typeof a.content_type === 'string' &&
        /^[\w.+-]+\/[\w.+-]+(;\s*[\w-]+=[\w.-]+)*$/.test(a.content_type),
    )
  )
    throw new Error(`attachments: at most ${L.attachments} of { filename, content, content_type }`);
  const seen = new Map<string, string>();
  for (const e of d.to as string[]) if (!seen.has(e.toLowerCase())) seen.set(e.toLowerCase(), e);
  return {
    to: [...seen.values()],
    subject: d.subject,
    text: d.text,
    attachments: (files as MailRequested['attachments'] & object).map((a) => ({ filename: a.filename, content: a.content, content_type: a.content_type })),
  };
}
