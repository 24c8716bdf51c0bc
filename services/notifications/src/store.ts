import {
  APPROVAL_GROUPS,
  APPROVAL_GROUP_LIMIT,
  DEFAULT_NOTIFICATION_PREFERENCE,
  NOTIFICATION_CREATED_SUBJECT,
  NOTIFICATION_SETTLED_SUBJECT,
  NOTIFICATION_TYPES,
  type NotificationCreatedEvent,
  type NotificationDto,
  type NotificationSettledEvent,
  type NotificationPreference,
  type NotificationRequest,
  type NotificationType,
} from '@portal/contracts';
import { enqueue, queueMail, type MailRequest, type Tx } from '@portal/service-kit';
import type { Pool, PoolClient } from 'pg';

export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  title_vi: string;
  title_en: string;
  body_vi: string;
  body_en: string;
  link: string | null;
  context: string | null;
  read_at: Date | null;
  created_date: Date;
}

export const COLUMNS = 'id, user_id, type, title_vi, title_en, body_vi, body_en, link, context, read_at, created_date';

export function toDto(r: NotificationRow): NotificationDto {
  return {
    id: r.id,
    user_id: r.user_id,
    type: r.type,
    title: { vi: r.title_vi, en: r.title_en },
    body: { vi: r.body_vi, en: r.body_en },
    link: r.link,
    context: r.context,
    read_at: r.read_at ? r.read_at.toISOString() : null,
    created_date: r.created_date.toISOString(),
  };
}

type Q = Pool | PoolClient;

export async function unreadCount(db: Q, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM notification WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return Number(rows[0]!.n);
}

export async function preferencesOf(db: Q, userIds: string[]): Promise<Map<string, Map<NotificationType, NotificationPreference>>> {
  const { rows } = await db.query<{ user_id: string; type: NotificationType; in_app: boolean; email: boolean }>(
    'SELECT user_id, type, in_app, email FROM notification_preference WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  const out = new Map<string, Map<NotificationType, NotificationPreference>>();
  for (const id of userIds) out.set(id, new Map(NOTIFICATION_TYPES.map((type) => [type, { type, ...DEFAULT_NOTIFICATION_PREFERENCE }])));
  for (const r of rows) out.get(r.user_id)?.set(r.type, { type: r.type, in_app: r.in_app, email: r.email });
  return out;
}

/**
 * One `notification.requested` event: for each recipient, a row if they want it in the app (then a
 * `notification.created` event for the live push), and a queued mail if they want it by email and the
 * sender gave their address. All in the consumer's transaction.
 */
export async function storeRequest(tx: Tx, eventId: string, req: NotificationRequest, publicUrl = ''): Promise<{ created: number; mails: number }> {
  // Approval requests about the record sent before this one are answered (before this one's own rows are written).
  // Their recipients hear of it live: the approver who answered elsewhere (another tab, the bulk dialog) and the
  // approvers of the same level who did not.
  if (req.settles) {
    const { rows } = await tx.query<{ user_id: string }>(
      `UPDATE notification SET settled_at = now() WHERE context = $1 AND type = 'APPROVE_REQUEST' AND settled_at IS NULL RETURNING user_id`,
      [req.settles],
    );
    for (const userId of new Set(rows.map((r) => r.user_id))) {
      const event: NotificationSettledEvent = { user_id: userId, context: req.settles };
      await enqueue(tx, NOTIFICATION_SETTLED_SUBJECT, event);
    }
  }
  const prefs = await preferencesOf(tx, req.user_ids);
  let created = 0;
  let mails = 0;
  for (const [i, userId] of req.user_ids.entries()) {
    const pref = prefs.get(userId)!.get(req.type)!;
    // One notification per person per change: what follows within the fold window is a line of the unread one.
    const folded = req.type === 'INFO' && req.context ? await foldInto(tx, userId, req) : null;
    if (folded) {
      created++;
      const event: NotificationCreatedEvent = { user_id: userId, notification: toDto(folded), unread_count: await unreadCount(tx, userId) };
      await enqueue(tx, NOTIFICATION_CREATED_SUBJECT, event);
      continue;
    }
    if (pref.in_app) {
      const { rows } = await tx.query<NotificationRow>(
        `INSERT INTO notification (user_id, type, title_vi, title_en, body_vi, body_en, link, context, source_event)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (source_event, user_id) DO NOTHING RETURNING ${COLUMNS}`,
        [userId, req.type, req.title.vi, req.title.en, req.body.vi, req.body.en, req.link ?? null, req.context ?? null, eventId],
      );
      if (rows[0]) {
        created++;
        const event: NotificationCreatedEvent = { user_id: userId, notification: toDto(rows[0]), unread_count: await unreadCount(tx, userId) };
        await enqueue(tx, NOTIFICATION_CREATED_SUBJECT, event);
      }
    }
    const to = req.emails?.[i];
    if (pref.email && to) {
      const mail: MailRequest = {
        to,
        subject: req.title.vi === req.title.en ? req.title.vi : `${req.title.vi} / ${req.title.en}`,
        text: [req.body.vi, req.body.en === req.body.vi ? null : `\n---\n\n${req.body.en}`, req.link ? `\n\n${publicUrl}${req.link}` : null]
          .filter(Boolean)
          .join(''),
      };
      await queueMail(tx, mail);
      mails++;
    }
  }
  return { created, mails };
}

/**
 * How long after a notification about a record the next ones about it, while unread, fold into it: one user action
 * (a ticket created from a request item with its checklist and sent for approval) is one notification and one mail,
 * not one per event it raised. Only the same headline folds (a follower's "Phiếu PYC26-0009: …", not a deadline
 * reminder about the same record). A change after the window, or after the reader opened it, is a notification of its own.
 */
export const FOLD_WINDOW_SECONDS = 120;
/** Lines kept in a folded notification's body: the first change and the latest ones, the others counted between. */
export const FOLD_LINES = 5;
const MORE = { vi: /^… và \d+ thay đổi khác$/, en: /^… and \d+ more changes$/ };
const more = (n: number, lang: 'vi' | 'en') => (lang === 'vi' ? `… và ${n} thay đổi khác` : `… and ${n} more changes`);

/** Folds `req` into `userId`'s unread INFO with its record and headline of the fold window, if any; the updated row, or null. */
async function foldInto(tx: Tx, userId: string, req: NotificationRequest): Promise<NotificationRow | null> {
  const { rows } = await tx.query<NotificationRow & { folded: number }>(
    `SELECT ${COLUMNS}, folded FROM notification
      WHERE user_id = $1 AND context = $2 AND type = 'INFO' AND read_at IS NULL AND title_vi = $3 AND title_en = $4
        AND created_date > now() - make_interval(secs => $5)
      ORDER BY created_date DESC LIMIT 1 FOR UPDATE`,
    [userId, req.context, req.title.vi, req.title.en, FOLD_WINDOW_SECONDS],
  );
  const row = rows[0];
  if (!row) return null;
  const total = row.folded + 2;
  const body = (old: string, line: string, lang: 'vi' | 'en') => {
    const [first, ...rest] = old.split('\n').filter((l) => !MORE[lang].test(l));
    const latest = [...rest, line].slice(-(FOLD_LINES - 1));
    const hidden = total - 1 - latest.length;
    return [first, ...(hidden > 0 ? [more(hidden, lang)] : []), ...latest].join('\n');
  };
  const updated = await tx.query<NotificationRow>(
    `UPDATE notification SET body_vi = $2, body_en = $3, folded = folded + 1, created_date = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [row.id, body(row.body_vi, req.body.vi, 'vi'), body(row.body_en, req.body.en, 'en')],
  );
  return updated.rows[0]!;
}

export const APPROVAL_LIMIT = APPROVAL_GROUP_LIMIT;
export const GROUPS = APPROVAL_GROUPS;
