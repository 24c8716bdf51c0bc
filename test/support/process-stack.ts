import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import type { Domain } from '@portal/contracts';
import { createPool } from '@portal/service-kit';
import { startProcessStack, type ProcessStack } from '../../scripts/lib/process-stack';
import { dropDatabase } from '../../scripts/lib/postgres';
import { STACK_DATABASES } from '../../scripts/lib/stack';
import { ADMIN_PASSWORD, DEMO_PASSWORD, clientFor, startTestStack, type Api } from './stack';

/** What the browser tests use of a stack, in either mode. */
export interface E2eStack {
  url: string;
  adminEmail: string;
  services: Partial<Record<Domain, { pool: Pool }>>;
  api: (token?: string) => Api;
  signIn: ReturnType<typeof clientFor>['signIn'];
  adminToken: () => Promise<string>;
  close: () => Promise<void>;
}

export interface ProcessTestStack extends E2eStack {
  ps: ProcessStack;
  dataDir: string;
}

/** Each service's database, as docker-compose.yml names them (`portal_<domain>`): every domain of the registry. */
const DATABASES = Object.fromEntries(STACK_DATABASES.map((d) => [d, `portal_${d}`]));

/**
 * The distributed mode for one test file: docker-compose.yml's services as processes (scripts/lib/process-stack.ts)
 * against the run's PostgreSQL (fresh databases), with their own nats-server, S3 server and SMTP catcher.
 * `vars` are what `.env` would hold; the test's direct database access goes through `services.<domain>.pool`.
 */
export async function startProcessTestStack(
  opts: { demo?: boolean; vars?: Record<string, string> /** Another PostgreSQL server (admin URL) than the run's. */; databaseUrl?: string } = {},
): Promise<ProcessTestStack> {
  const prefix = `t_${randomBytes(5).toString('hex')}`;
  const adminUrl = opts.databaseUrl ?? process.env.TEST_DATABASE_URL!;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-ps-'));
  const ps = await startProcessStack({
    dataDir,
    databaseUrl: adminUrl,
    dbPrefix: prefix,
    port: 0,
    profiles: opts.demo ? ['demo'] : [],
    log: () => undefined,
    vars: {
      PATH: process.env.PATH,
      INTERNAL_KEY: randomBytes(32).toString('base64url'),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PORTAL_DEMO_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...opts.vars,
    },
  });
  const pools = Object.fromEntries(Object.entries(DATABASES).map(([d, db]) => [d, { pool: createPool(ps.databaseUrl(db), 4) }]));
  const { api, signIn } = clientFor(ps.url);
  let adminTok: string | null = null;
  const adminEmail = 'admin@portal.local';
  return {
    ps,
    dataDir,
    url: ps.url,
    adminEmail,
    services: pools,
    api,
    signIn,
    adminToken: async () => (adminTok ??= (await signIn(adminEmail, ADMIN_PASSWORD)).accessToken),
    close: async () => {
      for (const { pool } of Object.values(pools)) await pool.end().catch(() => undefined);
      await ps.close();
      for (const d of Object.keys(DATABASES)) await dropDatabase(adminUrl, `${prefix}_${d}`).catch(() => undefined);
      if (process.env.PORTAL_KEEP_STACK !== '1') rmSync(dataDir, { recursive: true, force: true }); // kept for its logs when asked
    },
  };
}

/**
 * The stack of a browser test: the all-in-one one, or with PORTAL_STACK=processes the distributed one as processes,
 * or with PORTAL_STACK=docker the same under a real Docker engine (`.ci/run` runs them all-in-one in `npm test` and under
 * Docker; `npm run test:distributed` as processes). `env` tunes the stack (compose variables in the distributed mode).
 */
export async function startE2eStack(opts: { demo?: boolean; env?: Record<string, string> } = {}): Promise<E2eStack> {
  if (process.env.PORTAL_STACK === 'processes') return startProcessTestStack({ demo: opts.demo, vars: opts.env });
  if (process.env.PORTAL_STACK === 'docker') return (await import('./docker-stack')).startDockerTestStack({ demo: opts.demo, vars: opts.env });
  return startTestStack(opts);
}
