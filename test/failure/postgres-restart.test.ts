/**
 * PostgreSQL restarted under the running services: the distributed mode (processes) on a PostgreSQL
 * server of its own, which is stopped and started again. While it is down, calls answer 503 with a message (no
 * hang, no 500); once it is back the same service processes serve reads and writes again, and the events of
 * those writes are delivered — no service was restarted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/postgres';
import { pgProcess, type PgProcess } from '../support/pg-process';
import { eventually } from '../support/stack';
import { startProcessTestStack, type ProcessTestStack } from '../support/process-stack';
import { outcome, runWrites } from './writes';

jest.setTimeout(300_000);
let s: ProcessTestStack;
let pg: PgProcess;
let pgDir: string;
beforeAll(async () => {
  pgDir = mkdtempSync(join(tmpdir(), 'portal-pg-restart-'));
  pg = pgProcess(pgDir, await freePort());
  await pg.start();
  s = await startProcessTestStack({ databaseUrl: pg.url('postgres') });
});
afterAll(async () => {
  await s?.close();
  await pg?.stop();
  rmSync(pgDir, { recursive: true, force: true });
});

test('PostgreSQL stopped and started again: 503 while it is down, then the same processes serve and deliver again', async () => {
  const admin = s.api(await s.adminToken());
  const pids = new Map([...s.ps.processes.values()].filter((p) => p.pid()).map((p) => [p.name, p.pid()]));
  expect((await runWrites(admin, 'before', 50, 5)).every((r) => r.status === 200)).toBe(true);

  await pg.stop();
  const down = await admin.get('/holiday?page=1&limit=5');
  expect(down.status).toBe(503);
  expect(down.body.message).toBeTruthy();
  const write = await admin.post('/holiday', { name: 'while down', from_date: '01/01/2041', to_date: '02/01/2041' });
  expect(write.status).toBe(503);

  await pg.start();
  await eventually(async () => expect((await admin.get('/holiday?page=1&limit=5')).status).toBe(200), 30_000);
  const after = await runWrites(admin, 'after', 50, 5);
  expect(after.filter((r) => r.status !== 200)).toEqual([]);
  await eventually(async () => {
    const o = await outcome(s, 'after');
    expect(o.ids.size).toBe(50);
    expect(o.logged.size).toBe(50);
  }, 30_000);
  // Nothing was restarted.
  for (const [name, pid] of pids) expect(s.ps.processes.get(name)!.pid()).toBe(pid);
});
