import type { TestStack } from '../support/stack';

/**
 * What "nothing changed" means for the abuse tests: in every service's database, every table's row count and latest
 * `updated_date` (the outbox included, so no event was queued either). Left out: `system_log`, where a refused sign-in is
 * logged on purpose, and `dev_mailbox`, the development SMTP server's inbox, which receives mail queued before (the
 * mail queue itself is counted).
 */
export async function fingerprint(s: TestStack): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [domain, svc] of Object.entries(s.services)) {
    const { rows: tables } = await svc!.pool.query<{ table_name: string; has_updated: boolean }>(
      `SELECT t.table_name, EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'updated_date') AS has_updated
         FROM information_schema.tables t WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND t.table_name NOT IN ('system_log', 'dev_mailbox') ORDER BY 1`,
    );
    for (const t of tables) {
      const { rows } = await svc!.pool.query(`SELECT count(*)::int AS n${t.has_updated ? ', max(updated_date)::text AS last' : ''} FROM "${t.table_name}"`);
      out[`${domain}.${t.table_name}`] = rows[0];
    }
  }
  return out;
}
