import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from 'pg';

const KIT_MIGRATIONS = join(__dirname, '..', '..', 'migrations');

/**
 * Applies versioned SQL files in order, each in its own transaction, recorded in schema_migrations.
 * An advisory lock keeps two instances of a service from migrating at once.
 */
export async function migrate(pool: Pool, serviceMigrationsDir: string): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const files = [
      ...sqlFiles(KIT_MIGRATIONS).map((f) => ({ version: `kit/${f}`, path: join(KIT_MIGRATIONS, f) })),
      ...sqlFiles(serviceMigrationsDir).map((f) => ({ version: f, path: join(serviceMigrationsDir, f) })),
    ];
    for (const file of files) {
      if (done.has(file.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(readFileSync(file.path, 'utf8'));
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file.version]);
        await client.query('COMMIT');
        applied.push(file.version);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file.version} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
  return applied;
}

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}
