/**
 * One domain upgraded alone, under Docker: new images of HR's service and of its remote are rolled out
 * while every other container keeps running, under a steady load of reads and writes (HR's remote loaded as a browser
 * loads it), with 0 failed requests — then rolled back the same way.
 * - The service: HR_IMAGE names the new image; `up -d --no-deps hr`, then `hr-2`, one instance at a time (the
 *   other serves; the leaving one drains).
 * - The remote: the new image served by a container of its own beside the old one, the runtime manifest pointed at
 *   it, then the old one stopped (README "Upgrading one domain alone"); back the same way.
 * Every process answers its release on GET /healthz (the image's PORTAL_RELEASE): that is how the test sees which
 * image runs. Docker only (npm run test:docker): images are what is rolled out.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { startDockerTestStack, type DockerTestStack } from '../support/docker-stack';
import { eventually } from '../support/stack';
import { waitFor } from '../../scripts/lib/nats-server';
import { expectEventsOnce, startLoad, uploadSample } from '../ops/load';

const run = promisify(execFile);
const DOCKER = process.env.DOCKER_BIN ?? '/usr/bin/docker';
const NEXT = `hr-next-${Date.now().toString(36)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

jest.setTimeout(900_000);
/** The load of a test that failed midway is stopped before the stack goes. */
let load: ReturnType<typeof startLoad> | null = null;
let s: DockerTestStack;
let nextRemote = '';
beforeAll(async () => {
  s = await startDockerTestStack();
}, 600_000);
afterAll(async () => {
  await load?.stop().catch(() => undefined);
  if (nextRemote) await run(DOCKER, ['rm', '-f', nextRemote]).catch(() => undefined);
  for (const image of [`portal-app:${NEXT}`, `portal-web:${NEXT}`]) await run(DOCKER, ['rmi', image]).catch(() => undefined);
  await s?.close();
});

/** A new image of `base`: the same build with another release (what a team's new build is to the rollout). */
async function newImage(base: string, tag: string) {
  await new Promise<void>((resolve, reject) => {
    const child = execFile(DOCKER, ['build', '-q', '-t', tag, '-'], (err) => (err ? reject(err) : resolve()));
    child.stdin!.end(`FROM ${base}\nENV PORTAL_RELEASE=${NEXT}\n`);
  });
}
const release = async (healthUrl: string) => {
  const res = await fetch(healthUrl.replace(/\/readyz$/, '/healthz'), { signal: AbortSignal.timeout(1000) });
  return res.ok ? ((await res.json()) as { data: { release: string } }).data.release : null;
};
/** Recreates one compose service from what .env now names, and waits until it answers with `expected`. */
async function roll(name: string, expected: string) {
  await s.compose('up', '-d', '--no-deps', name);
  const url = await s.healthUrl(name);
  await waitFor(async () => (await release(url)) === expected, 120_000, `${name} on ${expected}`, 200);
  await sleep(2500); // back in the gateway's rotation (it probes every 2 s)
}
/** Points the manifest's HR entry at `url` (rewritten in place: it is bind-mounted) and waits until the shell serves it. */
async function pointRemote(url: string) {
  const entries = JSON.parse(readFileSync(s.manifestFile, 'utf8')) as { module: string; url: string }[];
  for (const e of entries) if (e.module === 'hr') e.url = url;
  writeFileSync(s.manifestFile, JSON.stringify(entries));
  await waitFor(
    async () =>
      ((await (await fetch(`${s.url}/remotes.json`)).json()) as { remotes: { module: string; entry: string }[] }).remotes.find((r) => r.module === 'hr')
        ?.entry === url,
    30_000,
    'the manifest',
  );
}

test("HR's service and remote rolled out alone under load, then rolled back: 0 failed requests, nothing else restarted", async () => {
  await newImage('portal-app:latest', `portal-app:${NEXT}`);
  await newImage('portal-web:latest', `portal-web:${NEXT}`);
  const ids = async () =>
    Object.fromEntries(
      await Promise.all(
        (await s.compose('ps', '--services'))
          .split('\n')
          .filter(Boolean)
          .map(async (n) => [n, (await s.compose('ps', '-q', n)).trim()] as const),
      ),
    );
  const before = await ids();
  const oldRemoteUrl = (JSON.parse(readFileSync(s.manifestFile, 'utf8')) as { module: string; url: string }[]).find((e) => e.module === 'hr')!.url;

  const admin = s.api(await s.adminToken());
  const file = await uploadSample(admin);
  const tag = `upg${Date.now().toString(36)}`;
  const running = startLoad({ api: admin, url: s.url, tag, file, remote: 'hr' });
  load = running;
  await eventually(async () => expect(running.count()).toBeGreaterThan(50), 30_000);
  const t0 = Date.now();

  // Roll out: the service, one instance at a time.
  s.setVar('HR_IMAGE', `portal-app:${NEXT}`);
  for (const name of ['hr', 'hr-2']) await roll(name, NEXT);
  // The remote: the new release beside the old, the manifest pointed at it, the old one stopped.
  nextRemote = `${s.project}_web-hr-next`;
  await run(DOCKER, [
    'run',
    '-d',
    '--name',
    nextRemote,
    '-p',
    '127.0.0.1::8080',
    '-e',
    'WEB_MODE=remote',
    '-e',
    'WEB_ROOT=/app/mfe-hr/dist',
    '-e',
    'PORT=8080',
    `portal-web:${NEXT}`,
  ]);
  const port = (await run(DOCKER, ['port', nextRemote, '8080'])).stdout.trim().split('\n')[0]!.split(':').pop();
  const newRemoteUrl = oldRemoteUrl.replace(/\/\/[^/]+\//, `//localhost:${port}/`);
  await waitFor(async () => (await release(`http://127.0.0.1:${port}/healthz`).catch(() => null)) === NEXT, 60_000, 'the new remote');
  await pointRemote(newRemoteUrl);
  await s.compose('stop', 'web-hr');
  const rolledOut = (Date.now() - t0) / 1000;
  await sleep(2000);

  // Roll back the same way.
  const t1 = Date.now();
  s.setVar('HR_IMAGE', 'portal-app:latest');
  for (const name of ['hr', 'hr-2']) await roll(name, 'dev');
  await s.compose('start', 'web-hr');
  const oldRemote = await s.healthUrl('web-hr');
  await waitFor(async () => (await release(oldRemote).catch(() => null)) === 'dev', 60_000, 'the old remote');
  await pointRemote(oldRemoteUrl);
  await run(DOCKER, ['rm', '-f', nextRemote]);
  nextRemote = '';
  const rolledBack = (Date.now() - t1) / 1000;
  await sleep(2000);

  const result = await running.stop();
  load = null;
  console.log(
    `upgrade of HR alone (docker): rolled out in ${rolledOut.toFixed(1)} s, back in ${rolledBack.toFixed(1)} s; ${result.calls.length} calls (${result.rate}/s), ` +
      `${result.failures.length} failed, slowest ${result.slowestMs} ms; ${result.calls.filter((c) => c.what.includes('remoteEntry')).length} loads of HR's remote`,
  );
  expect(result.failures).toEqual([]);

  // Nothing but HR's containers was touched: every other container is the one that ran before.
  const after = await ids();
  for (const [name, id] of Object.entries(before))
    if (!['hr', 'hr-2', 'web-hr', 'seed-demo', 'minio-init'].includes(name)) expect([name, after[name]]).toEqual([name, id]);
  expect(after.hr).not.toBe(before.hr);
  expect(after['hr-2']).not.toBe(before['hr-2']);

  const o = await expectEventsOnce(s.services, tag);
  expect(o.holidays.size).toBe(result.written.holiday.length);
});
