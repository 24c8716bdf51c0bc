import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { withTx } from '@portal/service-kit';
import { hashPassword, passwordPolicyErrors } from './auth/passwords';

/**
 * First start: creates the administrator. Returns the generated password when none was configured,
 * so the runner can print it once.
 */
export async function ensureAdmin(pool: Pool, email: string, password: string | undefined): Promise<{ created: boolean; password?: string }> {
  if (password !== undefined && passwordPolicyErrors(password).length) {
    throw new Error('PORTAL_ADMIN_PASSWORD must have at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character');
  }
  const { rows } = await pool.query(`SELECT id FROM app_user WHERE is_admin AND state = 'ACTIVE' LIMIT 1`);
  if (rows.length) return { created: false };
  const pw = password ?? `${randomBytes(12).toString('base64url')}Aa1!`;
  const hash = await hashPassword(pw);
  await withTx(pool, async (tx) => {
    const { rows: u } = await tx.query<{ id: string }>(
      `INSERT INTO app_user (username, email, full_name, is_admin, language, password_hash, password_changed_at)
       VALUES ('admin', $1, 'Administrator', true, 'vi', $2, now()) RETURNING id`,
      [email.toLowerCase(), hash],
    );
    await tx.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [u[0]!.id, hash]);
  });
  return { created: true, password: password ? undefined : pw };
}
