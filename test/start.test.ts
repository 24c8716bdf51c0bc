/**
 * `npm start` as a user runs it: a real process on a fresh data folder, Ctrl-C stops it cleanly, and the
 * next start reuses the data (nothing lost, no second admin password).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../scripts/lib/postgres';

const root = join(__dirname, '..');
jest.setTimeout(120_000);
const children: ChildProcess[] = [];
// A failed assertion must not leave a portal running (it would keep jest from exiting).
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(dataDir: string, port: number, pgPort: number): Promise<{ proc: ChildProcess; output: () => string }> {
  const proc = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PG_PORT: String(pgPort),
      PORTAL_DEMO: '0',
      PORTAL_ADMIN_PASSWORD: '',
      PORTAL_SKIP_WEB_BUILD: '1',
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  proc.stdout!.on('data', (d) => {
    out += d;
  });
  proc.stderr!.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready:\n${out}`)), 90_000);
    proc.stdout!.on('data', () => {
      if (out.includes('Portal ready at')) {
        clearTimeout(timer);
        resolve({ proc, output: () => out });
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}:\n${out}`));
    });
  });
}

function stop(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    proc.once('exit', (code) => resolve(code));
    proc.kill('SIGINT');
  });
}

test('start, sign in with the printed admin password, write, Ctrl-C, start again: data kept', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
  // The portal's port and its PostgreSQL's, chosen together: left to itself, the start may pick for PostgreSQL the very
  // port just chosen here and released (a deep run met it: the gateway's listen then failed with EADDRINUSE).
  const [port, pgPort] = (await freePorts(2)) as [number, number];
  const base = `http://localhost:${port}/api/v1`;
  const first = await start(dataDir, port, pgPort);
  const password = /password:\s+(\S+)/.exec(first.output())?.[1];
  expect(password).toBeTruthy();
  const signIn = async () => {
    const res = await fetch(`${base}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@portal.local', password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { userData: { accessToken: string } } }).data.userData.accessToken;
  };
  let token = await signIn();
  const created = await fetch(`${base}/position`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'KEEP-1', name: 'Vị trí giữ lại' }),
  });
  expect(created.status).toBe(200);
  for (const path of ['/healthz', '/readyz']) expect((await fetch(`http://localhost:${port}${path}`)).status).toBe(200);

  expect(await stop(first.proc)).toBe(0);
  expect(first.output()).toContain('stopped');

  const second = await start(dataDir, port, pgPort);
  expect(second.output()).not.toContain('First start');
  token = await signIn();
  const list = await fetch(`${base}/position?q=KEEP-1`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await list.json()) as { data: { totalRows: number } }).data.totalRows).toBe(1);
  expect(await stop(second.proc)).toBe(0);
});
