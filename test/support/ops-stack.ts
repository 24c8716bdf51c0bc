/**
 * The distributed mode for the operations tests (rolling restarts, upgrades, backup and restore), either way
 * it runs: as processes (scripts/lib/process-stack.ts, the default) or, with PORTAL_STACK=docker, as containers under a
 * real Docker engine (docker-stack.ts). What a test does to it is what ops do: stop one instance (SIGTERM, or SIGKILL
 * for a crash), start it again and wait until it is ready.
 */
import { waitFor } from '../../scripts/lib/nats-server';
import { startProcessTestStack } from './process-stack';
import type { E2eStack } from './process-stack';

const INFRASTRUCTURE = new Set(['postgres', 'nats', 'minio', 'minio-init', 'mailpit', 'lb', 'seed-demo']);

export interface OpsStack extends E2eStack {
  mode: 'processes' | 'docker';
  /** The long-running application services (domain services, the shell's and the remotes' web servers, the gateway). */
  applications: string[];
  /** Stops one instance: SIGTERM (what an orchestrator sends; the process drains) or SIGKILL (a crash). */
  stop: (name: string, signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>;
  /** Starts it again and waits until it answers its health check. */
  start: (name: string) => Promise<void>;
  /** The base address of one instance itself (not through the balancer): a gateway's, to read its own health check. */
  instanceUrl: (name: string) => Promise<string>;
}

export async function startOpsStack(opts: { demo?: boolean; vars?: Record<string, string> } = {}): Promise<OpsStack> {
  if (process.env.PORTAL_STACK === 'docker') {
    const { startDockerTestStack } = await import('./docker-stack');
    const s = await startDockerTestStack(opts);
    const applications = (await s.compose('config', '--services'))
      .split('\n')
      .map((l) => l.trim())
      .filter((n) => n && !INFRASTRUCTURE.has(n));
    return {
      ...s,
      mode: 'docker',
      applications,
      stop: async (name, signal = 'SIGTERM') => {
        if (signal === 'SIGKILL') await s.compose('kill', '-s', 'SIGKILL', name);
        else await s.compose('stop', '-t', '20', name);
      },
      start: async (name) => {
        await s.compose('start', name);
        const url = await s.healthUrl(name);
        await waitFor(async () => (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok, 120_000, `${name} healthy again`, 200);
      },
      instanceUrl: async (name) => new URL(await s.healthUrl(name)).origin,
    };
  }
  const s = await startProcessTestStack(opts);
  const applications = [...s.ps.processes.values()].filter((p) => p.port !== null).map((p) => p.name);
  return {
    ...s,
    mode: 'processes',
    applications,
    stop: (name, signal) => s.ps.stop(name, signal),
    start: (name) => s.ps.start(name),
    instanceUrl: async (name) => s.ps.processes.get(name)!.url!,
  };
}
