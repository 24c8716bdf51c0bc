import { AppError, queueMail, type Queryable, type ResourceHooks, type Row, type Tx } from '@portal/service-kit';
import type { CallerContext } from '@portal/contracts';
import type { SystemConfig } from '../config';
import { abilityOf, rolesOf, scopesOf } from './authz';
import { revokeSession } from './sessions';
import type { StaffBrief } from './service';
import { opaqueToken, sha256 } from './tokens';

/**
 * The rules of accounts beyond the kit's write guard (which already keeps administration and roles to administrators,
 * and one's own email and staff record from oneself):
 *
 * - **Below one's own rights.** A user who may manage accounts (feature `account`) but is not an administrator manages
 *   only accounts whose rights are within their own — never an administrator, never an account holding a permission or a
 *   wider data scope they do not have — both before the change and after it (linking an account to a staff record brings
 *   that staff member's decentralization roles with it). 403 `account_above_you`.
 * - **Links.** A new account gets an invitation link to choose its password. Every reset or invitation link of an
 *   account stops working once the account is administered (edited, deactivated, its password set by an administrator):
 *   an account that has never set a password gets a fresh invitation at its current address.
 * - **Deactivation** ends every session of the account at once (and with them its live streams, at the gateway).
 */
export function accountHooks(cfg: SystemConfig, staffOf: (staffId: string | null) => Promise<StaffBrief | null>): ResourceHooks {
  const checkBelow = async (db: Queryable, userId: string, ctx: CallerContext) => {
    if (ctx.isAdmin) return;
    if (!(await isBelow(db, userId, ctx, staffOf))) throw new AppError(403, 'account_above_you');
  };
  return {
    beforeUpdate: (_input, existing, ctx, tx) => checkBelow(tx, existing.id, ctx),
    beforeDelete: (existing, ctx, tx) => checkBelow(tx, existing.id, ctx),
    afterWrite: async (verb, row, ctx, tx) => {
      if (verb !== 'deleted') await checkBelow(tx, row.id, ctx);
      if (verb === 'created') return invite(tx, row, cfg);
      await endLinks(tx, row.id);
      if (verb === 'deleted') {
        const { rows } = await tx.query<{ id: string }>('SELECT id FROM auth_session WHERE user_id = $1 AND revoked_at IS NULL', [row.id]);
        for (const s of rows) await revokeSession(tx, s.id, 'account_deactivated');
        return;
      }
      const { rows } = await tx.query<{ password_hash: string | null }>('SELECT password_hash FROM app_user WHERE id = $1', [row.id]);
      if (!rows[0]?.password_hash) await invite(tx, row, cfg);
    },
  };
}

/** Every unused reset or invitation link of the account stops working. */
export async function endLinks(tx: Tx, userId: string) {
  await tx.query('UPDATE password_reset SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/** A link to choose a password, mailed to the account (valid 7 days, once). */
async function invite(tx: Tx, row: Row, cfg: SystemConfig) {
  const token = opaqueToken();
  await tx.query(`INSERT INTO password_reset (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '7 days')`, [sha256(token), row.id]);
  const link = `${cfg.publicUrl}/set-new-password?token=${token}`;
  await queueMail(tx, {
    to: String(row.email),
    subject: 'Tài khoản Portal / Your Portal account',
    text: `Xin chào ${row.full_name},\nTài khoản "${row.username}" đã được tạo cho bạn. Đặt mật khẩu tại (hiệu lực 7 ngày):\n${link}\n\nHello ${row.full_name},\nThe account "${row.username}" was created for you. Choose your password here (valid for 7 days):\n${link}`,
  });
}

/**
 * Whether account `userId` holds no right the caller lacks: not an administrator; every permission (action × feature)
 * of its roles, its own and its staff record's decentralization's, held by the caller; a staff data scope within the
 * caller's (VIEW_ALL only under VIEW_ALL; its departments among the caller's); a project scope VIEW_ALL only under one.
 */
export async function isBelow(
  db: Queryable,
  userId: string,
  ctx: CallerContext,
  staffOf: (staffId: string | null) => Promise<StaffBrief | null>,
): Promise<boolean> {
  const { rows } = await db.query<{ is_admin: boolean | null; staff_id: string | null }>('SELECT is_admin, staff_id FROM app_user WHERE id = $1', [userId]);
  const user = rows[0];
  if (!user) return true;
  if (user.is_admin) return false;
  const roles = await rolesOf(db, userId);
  const mine = new Set(ctx.ability.map((r) => `${r.action}:${r.subject}`));
  const ability = abilityOf(false, roles);
  if (!ability.every((r) => mine.has(`${r.action}:${r.subject}`) || mine.has(`manage:${r.subject}`) || mine.has('manage:all'))) return false;
  if (!ability.length) return true;
  const scopes = scopesOf(false, roles, (await staffOf(user.staff_id))?.department_id ?? null);
  if (scopes.projectScope.type === 'VIEW_ALL' && ctx.projectScope.type !== 'VIEW_ALL') return false;
  const mineDepts = ctx.staffScope.departmentIds;
  if (mineDepts === null) return true;
  const theirs = scopes.staffScope.departmentIds;
  if (theirs === null) return false;
  const allowed = new Set(mineDepts.map((d) => d.toLowerCase()));
  return theirs.every((d) => allowed.has(d.toLowerCase()));
}
