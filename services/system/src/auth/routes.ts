import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, parseOrThrow, queueMail, requireCaller, serveInternal, t, withTx, ok, type ServiceKit, serveRoute } from '@portal/service-kit';
import { systemInternal, systemApi } from '@portal/contracts';
import type { SystemConfig } from '../config';
import { systemLog } from '../system-log';
import type { AuthService } from './service';
import { verifyPassword } from './passwords';
import { revokeSession, rotateRefresh, type DeviceInfo } from './sessions';
import { opaqueToken, sha256 } from './tokens';
import { endLinks } from './accounts';

const msg = (key: string) => ({ error: key });
const signInBody = z
  .object(
    {
      email: z.string(msg('required')).trim().min(1, msg('required')).max(255, msg('invalid')).optional(),
      username: z.string(msg('required')).trim().min(1, msg('required')).max(255, msg('invalid')).optional(),
      password: z.string(msg('required')).min(1, msg('required')).max(256, msg('invalid')),
    },
    msg('body_object'),
  )
  .refine((b) => b.email || b.username, { path: ['email'], error: 'required' });
const refreshBody = z.object({ refreshToken: z.string(msg('required')).min(10, msg('invalid')).max(300, msg('invalid')) }, msg('body_object'));
const changeBody = z.object(
  {
    oldPassword: z.string(msg('required')).min(1, msg('required')).max(256, msg('invalid')),
    newPassword: z.string(msg('required')).min(1, msg('required')).max(256, msg('invalid')),
    confirmPassword: z.string(msg('required')).min(1, msg('required')).max(256, msg('invalid')),
  },
  msg('body_object'),
);
const forgetBody = z.object({ email: z.string(msg('required')).trim().min(1, msg('required')).max(255, msg('invalid')) }, msg('body_object'));
const resetBody = z.object(
  {
    token: z.string(msg('required')).min(10, msg('invalid')).max(200, msg('invalid')),
    newPassword: z.string(msg('required')).min(1, msg('required')).max(256, msg('invalid')),
    confirmPassword: z.string(msg('required')).min(1, msg('required')).max(256, msg('invalid')),
  },
  msg('body_object'),
);

export const deviceOf = (req: FastifyRequest): DeviceInfo => ({ ip: req.portal?.ip ?? '', userAgent: req.portal?.userAgent ?? '' });

/** /auth/*: sign-in, refresh, sign-out, me, change/forget/reset password, sessions. */
export function authRoutes(app: FastifyInstance, kit: ServiceKit, auth: AuthService, cfg: SystemConfig) {
  const pool = kit.pool;

  serveRoute(app, systemApi.signIn, async (req) => {
    const body = parseOrThrow(signInBody, req.body, (e) => badRequest(e));
    const res = await auth.signIn((body.email ?? body.username)!, body.password, deviceOf(req));
    kit.relay.kick();
    return ok({
      userData: { ...res.userData, accessToken: res.tokens.accessToken, refreshToken: res.tokens.refreshToken },
      userStaff: res.userStaff,
      ability: res.ability,
    });
  });

  serveRoute(app, systemApi.refresh, async (req) => {
    const body = parseOrThrow(refreshBody, req.body, (e) => badRequest(e));
    let rotated;
    try {
      rotated = await rotateRefresh(pool, body.refreshToken, deviceOf(req));
    } finally {
      kit.relay.kick();
    }
    return ok({ accessToken: auth.tokens.access({ sub: rotated.userId, sid: rotated.sessionId }), refreshToken: rotated.refreshToken });
  });

  serveRoute(app, systemApi.signOut, async (req) => {
    const ctx = requireCaller(req);
    await withTx(pool, (tx) => revokeSession(tx, ctx.sessionId, 'sign_out'));
    kit.relay.kick();
    return ok({ signedOut: true });
  });

  serveRoute(app, systemApi.me, async (req) => {
    const ctx = requireCaller(req);
    const user = await auth.userById(ctx.userId);
    if (!user) throw new AppError(401, 'session_expired');
    return ok(await auth.profile(user));
  });

  serveRoute(app, systemApi.sessions, async (req) => {
    const ctx = requireCaller(req);
    const { rows } = await pool.query(
      `SELECT id, device, ip, user_agent, method, created_at, last_seen_at, (id = $2) AS current FROM auth_session
       WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC`,
      [ctx.userId, ctx.sessionId],
    );
    return ok(rows);
  });

  serveRoute(app, systemApi.changePassword, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(changeBody, req.body, (e) => badRequest(e));
    if (body.newPassword !== body.confirmPassword) throw badRequest([{ path: 'confirmPassword', key: 'password_mismatch' }]);
    await withTx(pool, async (tx) => {
      const { rows } = await tx.query<{ password_hash: string | null }>('SELECT password_hash FROM app_user WHERE id = $1 FOR UPDATE', [ctx.userId]);
      if (!(await verifyPassword(body.oldPassword, rows[0]?.password_hash ?? null))) throw badRequest([{ path: 'oldPassword', key: 'password_wrong' }]);
      await auth.setPassword(tx, ctx.userId, body.newPassword);
      // Other devices sign in again with the new password; this one stays.
      const { rows: others } = await tx.query<{ id: string }>(`SELECT id FROM auth_session WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`, [
        ctx.userId,
        ctx.sessionId,
      ]);
      for (const s of others) await revokeSession(tx, s.id, 'password_changed');
      await systemLog(tx, 'info', 'auth', 'password_changed', `${ctx.name} changed the password`, ctx.userId, ctx.ip);
    });
    kit.relay.kick();
    return ok({ changed: true });
  });

  /** Always answers the same, whether or not the email exists (no account enumeration). */
  // Not waiting for the mail's event keeps the answer time the same for known and unknown emails.
  serveRoute(app, systemApi.forgetPassword, { config: { flushEvents: false } }, async (req) => {
    const body = parseOrThrow(forgetBody, req.body, (e) => badRequest(e));
    const lang = req.portal?.lang ?? 'vi';
    await withTx(pool, async (tx) => {
      const { rows } = await tx.query<{ id: string; email: string; full_name: string; language: string | null }>(
        `SELECT id, email, full_name, language FROM app_user WHERE state = 'ACTIVE' AND lower(email) = lower($1)`,
        [body.email],
      );
      const user = rows[0];
      if (!user) return;
      // A new link supersedes every earlier one of the account (reset or invitation).
      await endLinks(tx, user.id);
      const token = opaqueToken();
      await tx.query(`INSERT INTO password_reset (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [
        sha256(token),
        user.id,
        cfg.resetTtlMinutes,
      ]);
      const link = `${cfg.publicUrl}/reset-password?token=${token}`;
      const vi = (user.language ?? lang) === 'vi';
      await queueMail(tx, {
        to: user.email,
        subject: vi ? 'Đặt lại mật khẩu Portal' : 'Reset your Portal password',
        text: vi
          ? `Xin chào ${user.full_name},\n\nMở liên kết sau để đặt mật khẩu mới (hết hạn sau ${cfg.resetTtlMinutes} phút):\n${link}\n\nNếu bạn không yêu cầu, hãy bỏ qua email này.`
          : `Hello ${user.full_name},\n\nOpen this link to set a new password (it expires in ${cfg.resetTtlMinutes} minutes):\n${link}\n\nIf you did not ask for this, ignore this email.`,
      });
      await systemLog(tx, 'info', 'auth', 'password_reset_requested', `reset link sent to ${user.email}`, user.id, req.portal?.ip ?? null);
    });
    kit.relay.kick();
    return ok({ sent: true, message: t(lang, 'reset_sent') });
  });

  serveRoute(app, systemApi.resetPassword, async (req) => {
    const body = parseOrThrow(resetBody, req.body, (e) => badRequest(e));
    if (body.newPassword !== body.confirmPassword) throw badRequest([{ path: 'confirmPassword', key: 'password_mismatch' }]);
    await withTx(pool, async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `SELECT user_id FROM password_reset WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
        [sha256(body.token)],
      );
      const reset = rows[0];
      if (!reset) throw new AppError(400, 'reset_token_invalid', {}, [{ path: 'token', key: 'reset_token_invalid' }]);
      await auth.setPassword(tx, reset.user_id, body.newPassword);
      await tx.query('UPDATE password_reset SET used_at = now() WHERE token_hash = $1', [sha256(body.token)]);
      const { rows: sessions } = await tx.query<{ id: string }>(`SELECT id FROM auth_session WHERE user_id = $1 AND revoked_at IS NULL`, [reset.user_id]);
      for (const s of sessions) await revokeSession(tx, s.id, 'password_reset');
      await systemLog(tx, 'info', 'auth', 'password_reset', 'password reset by link', reset.user_id, req.portal?.ip ?? null);
    });
    kit.relay.kick();
    return ok({ reset: true });
  });

  // The gateway's view of a session: user, ability and scopes (cached there, invalidated by events).
  serveInternal(app, systemInternal.authz, async ({ params: { sid } }) => {
    const authz = await auth.authzForSession(sid);
    if (!authz) throw new AppError(404, 'not_found', {}, [], 'session not found');
    return authz;
  });
}
