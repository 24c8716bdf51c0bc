/**
 * Migrations that move data (not only shape) on a real PostgreSQL: a database migrated as a deployed portal was before
 * the change, data written the old way, then the rest of the migrations — and the data is all there, the new way.
 */
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createPool, migrate } from '@portal/service-kit';
import { SYSTEM_MIGRATIONS } from '@portal/system';
import { dropDatabase, ensureDatabase, withDatabase } from '../../scripts/lib/postgres';

/** The system migrations up to (not including) `upTo`, in a folder of their own. */
function migrationsBefore(upTo: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const f of readdirSync(SYSTEM_MIGRATIONS).filter((x) => /^\d{4}_/.test(x) && x < upTo)) copyFileSync(join(SYSTEM_MIGRATIONS, f), join(dir, f));
  return dir;
}

test("0009: each user's bookmarks move from one JSON list into rows, in their order; unusable entries are dropped, nothing else", async () => {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `t_mig_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(admin, name);
  const pool = createPool(withDatabase(admin, name), 2);
  try {
    await migrate(pool, migrationsBefore('0009_'));
    const users = (
      await pool.query<{ id: string }>(`INSERT INTO app_user (username, email, full_name) VALUES ('a', 'a@x.vn', 'A'), ('b', 'b@x.vn', 'B') RETURNING id`)
    ).rows.map((r) => r.id);
    await pool.query(`INSERT INTO bookmark (user_id, items) VALUES ($1, $2), ($3, $4)`, [
      users[0],
      JSON.stringify([
        { title: 'Nhân viên', url: '/hr/staff' },
        { title: 'Vai trò', url: '/system/roles', icon: 'team' },
        { title: '', url: '/x' },
        { title: 'Ngoài', url: 'https://evil.example' },
      ]),
      users[1],
      JSON.stringify([{ title: 'Nghỉ phép', url: '/hr/staff-leave' }]),
    ]);
    expect(await migrate(pool, SYSTEM_MIGRATIONS)).toContain('0009_bookmark_rows.sql');
    const { rows } = await pool.query(`SELECT user_id, title, url, icon, ordering, state FROM user_bookmark ORDER BY user_id = $1 DESC, ordering`, [users[0]]);
    expect(rows).toEqual([
      { user_id: users[0], title: 'Nhân viên', url: '/hr/staff', icon: null, ordering: 0, state: 'ACTIVE' },
      { user_id: users[0], title: 'Vai trò', url: '/system/roles', icon: 'team', ordering: 1, state: 'ACTIVE' },
      { user_id: users[1], title: 'Nghỉ phép', url: '/hr/staff-leave', icon: null, ordering: 0, state: 'ACTIVE' },
    ]);
    expect((await pool.query(`SELECT to_regclass('bookmark') AS t`)).rows[0].t).toBeNull();
  } finally {
    await pool.end();
    await dropDatabase(admin, name);
  }
});
