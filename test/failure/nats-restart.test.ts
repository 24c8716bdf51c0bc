/**
 * The broker restarted under load: nats-server is killed (SIGKILL) in the middle of 1,000 writes of the
 * distributed mode (processes), stays down two seconds, and comes back on its store. Writes keep being answered
 * (their events wait in each service's outbox); afterwards every record's event has been delivered exactly once:
 * nothing lost, nothing duplicated.
 */
import { eventually } from '../support/stack';
import { startProcessTestStack, type ProcessTestStack } from '../support/process-stack';
import { outcome, runWrites } from './writes';

jest.setTimeout(300_000);
let s: ProcessTestStack;
beforeAll(async () => {
  s = await startProcessTestStack();
});
afterAll(async () => {
  await s?.close();
});

test('1,000 writes while NATS is killed and restarted: every write answered, every event delivered once', async () => {
  const admin = s.api(await s.adminToken());
  let outage: Promise<void> | null = null;
  const started = Date.now();
  const results = await runWrites(admin, 'natsdown', 1000, 8, (done) => {
    if (done === 300) {
      outage = (async () => {
        await s.ps.nats.stop('SIGKILL');
        await new Promise((r) => setTimeout(r, 2000));
        await s.ps.nats.restart();
      })();
    }
  });
  await outage;
  const elapsed = Date.now() - started;

  expect(results.filter((r) => r.status !== 200)).toEqual([]);
  const { ids, logged } = await eventually(async () => {
    const o = await outcome(s, 'natsdown');
    expect(o.logged.size).toBe(1000);
    return o;
  }, 60_000);
  expect(ids.size).toBe(1000);
  for (const r of results) expect(ids.has(r.id!)).toBe(true);
  expect([...logged.values()].every((n) => n === 1)).toBe(true);
  console.log(`NATS killed and restarted during 1,000 writes: all answered 200 in ${(elapsed / 1000).toFixed(1)} s, 1,000 events delivered once each`);
});
