import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { MAIL_LIMIT_DEFAULTS, MAIL_LIMIT_MAX, type CallerContext, type Domain, type MailLimits } from '@portal/contracts';
import { withTx, type Tx } from './db';
import { AppError, badRequest, ok } from './errors';
import { defineMessages } from './i18n';
import { changedFields, recordActivity } from './activity';
import { requireCaller } from './access';
import { parseOrThrow } from './resource/validation';

const mailLimitMessages = defineMessages({
  mail_limit_hour: {
    vi: 'Đã đạt giới hạn {n} thư mỗi giờ gửi thay bạn (lần thay đổi này gửi thêm {more}): hãy thử lại sau hoặc bỏ chọn "Lưu vào lịch"',
    en: 'You have reached the limit of {n} mails an hour sent on your behalf (this change would send {more} more): try again later or untick "Save to calendar"',
  },
  mail_limit_day: {
    vi: 'Đã đạt giới hạn {n} thư mỗi ngày gửi thay bạn (lần thay đổi này gửi thêm {more}): hãy thử lại vào ngày mai hoặc bỏ chọn "Lưu vào lịch"',
    en: 'You have reached the limit of {n} mails a day sent on your behalf (this change would send {more} more): try again tomorrow or untick "Save to calendar"',
  },
});
type MailLimitMessages = typeof mailLimitMessages;
declare module './i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends MailLimitMessages {}
}

/** The company's limits (the one row of mail_limit), MAIL_LIMIT_DEFAULTS until an administrator sets them. */
export async function mailLimits(db: Pool | Tx): Promise<MailLimits> {
  const { rows } = await db.query<MailLimits>('SELECT per_hour, per_day FROM mail_limit WHERE id = 1');
  return rows[0] ? { per_hour: rows[0].per_hour, per_day: rows[0].per_day } : { ...MAIL_LIMIT_DEFAULTS };
}

/**
 * Counts, in the caller's transaction, the mail a write will send on the caller's behalf (a meeting invitation), and
 * refuses the write (429, the limit named) when it would take the caller past the hour's or the day's limit. Call it
 * for each record the write tells about, with the people it tells: each person counts once per transaction (a change
 * batch — a new series, a series edit — is one mail each), and the caller's own staff record never (mail to oneself
 * floods nobody). The count is in the database under a per-user lock, so it holds across instances and concurrent
 * requests; a refused write rolls its count back with it. Only the mail a user asks for is counted: a cancellation
 * follows an invitation already counted, and refusing it would keep a meeting alive.
 */
export async function chargeMailOnBehalf(tx: Tx, ctx: Pick<CallerContext, 'userId' | 'staffId'>, recipients: readonly string[]): Promise<void> {
  const own = ctx.staffId?.toLowerCase();
  const to = [...new Set(recipients.map((r) => r.toLowerCase()))].filter((r) => r !== own);
  if (!to.length) return;
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('mail_on_behalf'), hashtext($1))`, [ctx.userId]);
  const { rowCount } = await tx.query(
    `INSERT INTO mail_on_behalf (user_id, batch, recipient) SELECT $1, txid_current(), unnest($2::text[]) ON CONFLICT DO NOTHING`,
    [ctx.userId, to],
  );
  if (!rowCount) return;
  await tx.query(`DELETE FROM mail_on_behalf WHERE user_id = $1 AND sent_at < now() - interval '1 day'`, [ctx.userId]);
  const limits = await mailLimits(tx);
  const {
    rows: [used],
  } = await tx.query<{ hour: number; day: number; batch: number }>(
    `SELECT count(*) FILTER (WHERE sent_at > now() - interval '1 hour')::int AS hour, count(*)::int AS day,
            count(*) FILTER (WHERE batch = txid_current())::int AS batch
       FROM mail_on_behalf WHERE user_id = $1 AND sent_at > now() - interval '1 day'`,
    [ctx.userId],
  );
  if (used!.hour > limits.per_hour) throw refused('mail_limit_hour', limits.per_hour, used!.batch, 3600);
  if (used!.day > limits.per_day) throw refused('mail_limit_day', limits.per_day, used!.batch, 86_400);
}

const refused = (key: 'mail_limit_hour' | 'mail_limit_day', n: number, more: number, retryAfter: number) =>
  Object.assign(new AppError(429, key, { n, more }), { retryAfter });

const limitsBody = z
  .object(
    {
      per_hour: z
        .number({ error: 'must_number' })
        .int({ error: 'must_integer' })
        .min(1, { error: 'min_number|{"n":1}' })
        .max(MAIL_LIMIT_MAX, { error: `max_number|{"n":${MAIL_LIMIT_MAX}}` }),
      per_day: z
        .number({ error: 'must_number' })
        .int({ error: 'must_integer' })
        .min(1, { error: 'min_number|{"n":1}' })
        .max(MAIL_LIMIT_MAX, { error: `max_number|{"n":${MAIL_LIMIT_MAX}}` }),
    },
    { error: 'body_object' },
  )
  .strict();

/**
 * `GET|PUT /api/v1/<domain>/mail-limit` (contracts mailLimitRoutes; the gateway asks `setting`): the limits of mail
 * sent on a user's behalf by this service. A change lands in the activity log.
 */
export function mailLimitRoutes(app: FastifyInstance, pool: Pool, domain: Domain) {
  const path = `/api/v1/${domain}/mail-limit`;
  app.get(path, async (req) => {
    requireCaller(req);
    return ok(await mailLimits(pool));
  });
  app.put(path, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(limitsBody, req.body ?? {}, (e) => badRequest(e));
    if (body.per_day < body.per_hour) throw badRequest([{ path: 'per_day', key: 'min_number', params: { n: body.per_hour } }]);
    return ok(
      await withTx(pool, async (tx) => {
        const before = await mailLimits(tx);
        await tx.query(
          `INSERT INTO mail_limit (id, per_hour, per_day, updated_by) VALUES (1, $1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET per_hour = $1, per_day = $2, updated_date = now(), updated_by = $3`,
          [body.per_hour, body.per_day, ctx.userId],
        );
        const diff = changedFields(before as unknown as Record<string, unknown>, body);
        await recordActivity(tx, ctx, {
          domain,
          resource: 'mail_limit',
          recordId: '00000000-0000-0000-0000-000000000001',
          action: 'update',
          feature: 'setting',
          originData: diff.origin,
          updatedData: diff.updated,
        });
        return body;
      }),
    );
  });
}
