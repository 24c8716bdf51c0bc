/**
 * The demo company in the distributed mode (the compose profile "demo"): a one-shot job that writes it through the
 * services' own code (their repositories, activity log and outbox) straight into their databases, once they have
 * migrated them; the services' relays deliver the events. Does nothing when the company is already there.
 * The services it writes through are the base's (system, HR) and every domain of the registry with a demo part
 * (scripts/lib/demo-<domain>.ts), each from `<DOMAIN>_DATABASE_URL`; also NATS_URL, INTERNAL_KEY, AUTH_SECRET, `<DOMAIN>_URL` of the
 * services they ask (SYSTEM_URL, HR_URL), PORTAL_DEMO_PASSWORD.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { serviceUrlVar, type Domain } from '@portal/contracts';
import { NatsBus, createPool, natsBusOptionsFromEnv, requiredEnv, untilReady, type ServiceKit } from '@portal/service-kit';
import { DOMAIN_REGISTRY } from './lib/domains';
import { seedDemo } from './lib/demo';

async function main() {
  const env = process.env;
  const log = (l: string) => console.log(l);
  const internalKey = requiredEnv(env, 'INTERNAL_KEY');
  const authSecret = requiredEnv(env, 'AUTH_SECRET');
  const entries = DOMAIN_REGISTRY.filter((e) => e.domain === 'system' || e.domain === 'hr' || e.demo);
  const pools = new Map<Domain, Pool>(entries.map((e) => [e.domain, createPool(requiredEnv(env, `${e.domain.toUpperCase()}_DATABASE_URL`), 4)]));
  // The services create their tables when they start: wait until each has.
  await untilReady(
    'databases',
    async () => {
      for (const e of entries) await pools.get(e.domain)!.query(`SELECT 1 FROM ${e.resources[0]!.table} LIMIT 1`);
    },
    log,
    120_000,
  );
  const bus = await NatsBus.connect(natsBusOptionsFromEnv({ ...env, NATS_URL: requiredEnv(env, 'NATS_URL') }, 'seed-demo'));
  const url = (d: Domain) => env[serviceUrlVar(d)] || null;
  const dataDir = mkdtempSync(join(tmpdir(), 'seed-demo-'));
  const apps: { close: () => Promise<unknown> }[] = [];
  const kits: Partial<Record<Domain, ServiceKit>> = {};
  try {
    for (const e of entries) {
      const { app, kit } = await e.create({
        pool: pools.get(e.domain)!,
        bus,
        internalKey,
        env: { ...env, AUTH_SECRET: authSecret, SMTP_URL: undefined },
        dataDir,
        url,
      });
      apps.push(app);
      kits[e.domain] = kit;
    }
    await seedDemo({ kits, demoPassword: env.PORTAL_DEMO_PASSWORD || 'Demo@2026', log });
    log('demo company ready');
  } finally {
    for (const app of apps) await app.close();
    await bus.close();
    for (const pool of pools.values()) await pool.end();
  }
}

main().catch((err) => {
  console.error(`seed-demo: ${(err as Error).message}`);
  process.exit(1);
});
