import type { Tx } from '@portal/service-kit';
import type { Pool } from 'pg';

/** System log: security and operations events (sign-ins, lockouts, password changes), never secrets. */
export async function systemLog(
  db: Tx | Pool,
  level: 'info' | 'warn' | 'error',
  source: string,
  event: string,
  message: string,
  actorId: string | null,
  ip: string | null,
  detail?: unknown,
) {
  await db.query(`INSERT INTO system_log (level, source, event, message, actor_id, ip, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    level,
    source,
    event,
    message.slice(0, 1000),
    actorId,
    ip,
    detail === undefined ? null : JSON.stringify(detail),
  ]);
}
