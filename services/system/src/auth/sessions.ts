import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { AppError, enqueue, withTx, type Tx } from '@portal/service-kit';
import { opaqueToken, sha256 } from './tokens';

export interface DeviceInfo {
  ip: string;
  userAgent: string;
}

/** A readable device name from the user agent (shown in the sessions list). */
export function deviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : ua
            ? ua.split(/[\s/]/)[0]!
            : 'Unknown';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return [browser, os].filter(Boolean).join(' on ').slice(0, 100);
}

export async function revokeSession(tx: Tx, sessionId: string, reason: string) {
  const { rowCount } = await tx.query(`UPDATE auth_session SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [
    sessionId,
    reason,
  ]);
  if (rowCount) await enqueue(tx, 'portal.system.session.revoked', { id: sessionId, reason });
}

/**
 * Starts a session (one device). At most `maxDevices` stay active per user: the oldest ends (spec §9).
 * Returns the first refresh token of the session's rotation family.
 */
export async function startSession(tx: Tx, userId: string, device: DeviceInfo, method: string, opts: { maxDevices: number; refreshTtlDays: number }) {
  const { rows: active } = await tx.query<{ id: string }>(
    `SELECT id FROM auth_session WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at ASC FOR UPDATE`,
    [userId],
  );
  for (const s of active.slice(0, Math.max(0, active.length - opts.maxDevices + 1))) await revokeSession(tx, s.id, 'device_limit');
  const sessionId = randomUUID();
  await tx.query(
    `INSERT INTO auth_session (id, user_id, device, ip, user_agent, method, expires_at) VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))`,
    [sessionId, userId, deviceName(device.userAgent), device.ip, device.userAgent.slice(0, 500), method, opts.refreshTtlDays],
  );
  const refreshToken = await issueRefresh(tx, sessionId);
  return { sessionId, refreshToken };
}

async function issueRefresh(tx: Tx, sessionId: string): Promise<string> {
  const token = `${sessionId}.${opaqueToken()}`;
  await tx.query('INSERT INTO refresh_token (token_hash, session_id) VALUES ($1, $2)', [sha256(token), sessionId]);
  return token;
}

/**
 * Rotates a refresh token. A token that was already used means it leaked: the whole family (the session)
 * is revoked and the caller must sign in again (ARCHITECTURE §4).
 */
export async function rotateRefresh(pool: Pool, token: string, device: DeviceInfo): Promise<{ sessionId: string; userId: string; refreshToken: string }> {
  const outcome = await withTx(pool, async (tx) => {
    const { rows } = await tx.query<{
      session_id: string;
      used_at: Date | null;
      user_id: string;
      revoked_at: Date | null;
      expired: boolean;
      user_active: boolean;
    }>(
      `SELECT r.session_id, r.used_at, s.user_id, s.revoked_at, s.expires_at < now() AS expired, (u.state = 'ACTIVE') AS user_active
       FROM refresh_token r JOIN auth_session s ON s.id = r.session_id JOIN app_user u ON u.id = s.user_id WHERE r.token_hash = $1 FOR UPDATE OF r, s`,
      [sha256(token)],
    );
    const row = rows[0];
    // A deactivated account renews nothing, whatever its sessions (deactivation revokes them too: auth/accounts.ts).
    if (!row || row.revoked_at || row.expired || !row.user_active) return { error: 'session_expired' as const };
    if (row.used_at) {
      await revokeSession(tx, row.session_id, 'refresh_reuse');
      return { error: 'refresh_reused' as const };
    }
    await tx.query('UPDATE refresh_token SET used_at = now() WHERE token_hash = $1', [sha256(token)]);
    await tx.query('UPDATE auth_session SET last_seen_at = now(), ip = $2, user_agent = $3 WHERE id = $1', [
      row.session_id,
      device.ip,
      device.userAgent.slice(0, 500),
    ]);
    return { sessionId: row.session_id, userId: row.user_id, refreshToken: await issueRefresh(tx, row.session_id) };
  });
  // The reuse revocation must commit before refusing, hence the error is raised outside the transaction.
  if ('error' in outcome) throw new AppError(401, outcome.error!);
  return outcome;
}
