import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { AppError, badRequest, callInternal, withTx, type ContextCodec, type Tx } from '@portal/service-kit';
import { hrInternal, type InternalReply } from '@portal/contracts';
import type { SystemConfig } from '../config';
import { abilityOf, rolesOf, scopesOf, type Authz } from './authz';
import { hashPassword, passwordPolicyErrors, verifyPassword, PASSWORD_HISTORY } from './passwords';
import { startSession, type DeviceInfo } from './sessions';
import { tokenService } from './tokens';
import { systemLog } from '../system-log';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  full_name: string;
  staff_id: string | null;
  is_admin: boolean | null;
  language: 'vi' | 'en' | null;
  state: string;
  password_hash: string | null;
  failed_attempts: number;
  locked_until: Date | null;
}

/** A staff member as HR's directory tells (hrInternal.staff). */
export type StaffBrief = NonNullable<InternalReply<typeof hrInternal.staff>>;

/** A hash no password matches, checked for a login naming no account so that it costs what a real check costs. */
const standInHash = hashPassword(randomBytes(24).toString('base64'));

/** The auth use cases; the HTTP layer (routes.ts) only parses and answers. */
export function authService(pool: Pool, cfg: SystemConfig, codec: ContextCodec) {
  const tokens = tokenService(cfg.authSecret, cfg.accessTtlSeconds);

  // HR not answering reads as no staff record: the session then has no department, so no department scope (closed, not open).
  const staffOf = async (staffId: string | null): Promise<StaffBrief | null> =>
    staffId
      ? callInternal({ baseUrl: cfg.hrUrl(), codec, service: 'system', timeoutMs: 3000 }, hrInternal.staff, { params: { id: staffId } }).catch(() => null)
      : null;

  async function authzForSession(sessionId: string): Promise<Authz | null> {
    const { rows } = await pool.query<UserRow>(
      `SELECT u.* FROM auth_session s JOIN app_user u ON u.id = s.user_id
       WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.state = 'ACTIVE'`,
      [sessionId],
    );
    const user = rows[0];
    if (!user) return null;
    const [roles, staff] = await Promise.all([rolesOf(pool, user.id), staffOf(user.staff_id)]);
    const isAdmin = Boolean(user.is_admin);
    return {
      userId: user.id,
      sessionId,
      staffId: user.staff_id,
      departmentId: staff?.department_id ?? null,
      roleIds: roles.map((r) => r.id),
      name: user.full_name,
      title: staff?.position_title ?? null,
      email: user.email,
      username: user.username,
      lang: user.language ?? 'vi',
      isAdmin,
      ability: abilityOf(isAdmin, roles),
      ...scopesOf(isAdmin, roles, staff?.department_id ?? null),
    };
  }

  async function profile(user: UserRow) {
    const [roles, staff] = await Promise.all([rolesOf(pool, user.id), staffOf(user.staff_id)]);
    return {
      userData: {
        id: user.id,
        username: user.username,
        email: user.email,
        full_name: user.full_name,
        language: user.language ?? 'vi',
        is_admin: Boolean(user.is_admin),
        staff_id: user.staff_id,
      },
      userStaff: staff,
      ability: abilityOf(Boolean(user.is_admin), roles),
    };
  }

  async function issue(tx: Tx, user: UserRow, device: DeviceInfo, method: string) {
    const { sessionId, refreshToken } = await startSession(tx, user.id, device, method, cfg);
    await tx.query('UPDATE app_user SET last_sign_in_at = now(), failed_attempts = 0, locked_until = NULL WHERE id = $1', [user.id]);
    return { sessionId, refreshToken, accessToken: tokens.access({ sub: user.id, sid: sessionId }) };
  }

  /**
   * Sign-in by email or username. Three failures in a row lock the account for `lockMinutes` (spec §9), and the answer
   * says so only once it is locked. A login that names no account is answered exactly as a wrong password: the same
   * message, the same work (a password hash is checked against a stand-in hash) and the same lock after the same
   * number of failures (its failures are counted under the login itself, table sign_in_failure) — so neither the
   * message, nor the time, nor the lock tells whether an account exists.
   */
  async function signIn(login: string, password: string, device: DeviceInfo) {
    const key = login.trim().toLowerCase();
    const result = await withTx(pool, async (tx) => {
      const { rows } = await tx.query<UserRow>(
        `SELECT * FROM app_user WHERE state = 'ACTIVE' AND (lower(email) = $1 OR lower(username) = $1) LIMIT 1 FOR UPDATE`,
        [key],
      );
      const user = rows[0];
      // The failures counted so far: the account's own, or those of a login naming no account.
      let unknown: { failed_attempts: number; locked_until: Date | null } | null = null;
      if (!user) {
        // Logins that failed long ago are forgotten (the table holds what callers typed, not accounts).
        await tx.query(`DELETE FROM sign_in_failure WHERE updated_at < now() - interval '1 day'`);
        unknown = (
          await tx.query<{ failed_attempts: number; locked_until: Date | null }>(
            `INSERT INTO sign_in_failure (login) VALUES ($1) ON CONFLICT (login) DO UPDATE SET updated_at = now()
           RETURNING failed_attempts, locked_until`,
            [key.slice(0, 255)],
          )
        ).rows[0]!;
      }
      const state = user ?? unknown!;
      if (state.locked_until && state.locked_until > new Date()) {
        const minutes = Math.ceil((state.locked_until.getTime() - Date.now()) / 60000);
        return { error: new AppError(423, 'account_locked', { n: cfg.lockAttempts, minutes }) };
      }
      const good = await verifyPassword(password, user ? user.password_hash : await standInHash);
      if (user && good) {
        const issued = await issue(tx, user, device, 'password');
        await systemLog(tx, 'info', 'auth', 'sign_in', `${user.username} signed in`, user.id, device.ip);
        return { user, issued };
      }
      const attempts = (state.locked_until ? 0 : state.failed_attempts) + 1;
      const locks = attempts >= cfg.lockAttempts;
      const table = user ? 'app_user' : 'sign_in_failure';
      const where = user ? 'id = $1' : 'login = $1';
      await tx.query(
        locks
          ? `UPDATE ${table} SET failed_attempts = 0, locked_until = now() + make_interval(mins => $2) WHERE ${where}`
          : `UPDATE ${table} SET failed_attempts = $2, locked_until = NULL WHERE ${where}`,
        [user ? user.id : key.slice(0, 255), locks ? cfg.lockMinutes : attempts],
      );
      if (locks) {
        await systemLog(
          tx,
          'warn',
          'auth',
          'account_locked',
          user ? `${user.username} locked after ${attempts} failed sign-ins` : 'unknown login locked after failed sign-ins',
          user?.id ?? null,
          device.ip,
        );
        return { error: new AppError(423, 'account_locked', { n: cfg.lockAttempts, minutes: cfg.lockMinutes }) };
      }
      await systemLog(tx, 'warn', 'auth', 'sign_in_failed', user ? `${user.username}: wrong password` : 'unknown login', user?.id ?? null, device.ip);
      return { error: new AppError(401, 'sign_in_failed') };
    });
    // Failed attempts must be committed before refusing.
    if ('error' in result) throw result.error;
    return { ...(await profile(result.user)), tokens: result.issued };
  }

  async function userById(id: string): Promise<UserRow | null> {
    const { rows } = await pool.query<UserRow>(`SELECT * FROM app_user WHERE id = $1 AND state = 'ACTIVE'`, [id]);
    return rows[0] ?? null;
  }

  /** Sets a password after the policy and history checks (spec §5). */
  async function setPassword(tx: Tx, userId: string, newPassword: string, path = 'newPassword') {
    const policy = passwordPolicyErrors(newPassword, path);
    if (policy.length) throw badRequest(policy);
    const { rows: history } = await tx.query<{ password_hash: string }>(
      `SELECT password_hash FROM password_history WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, PASSWORD_HISTORY],
    );
    for (const h of history) if (await verifyPassword(newPassword, h.password_hash)) throw badRequest([{ path, key: 'password_reused' }]);
    const hash = await hashPassword(newPassword);
    await tx.query('UPDATE app_user SET password_hash = $2, password_changed_at = now(), failed_attempts = 0, locked_until = NULL WHERE id = $1', [
      userId,
      hash,
    ]);
    await tx.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [userId, hash]);
    // Reset links mailed before this change must not set the password again.
    await tx.query('UPDATE password_reset SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  }

  return { tokens, signIn, issue, profile, userById, authzForSession, setPassword, staffOf };
}
export type AuthService = ReturnType<typeof authService>;
