/**
 * The demo company in the distributed mode (the compose profile "demo"): a one-shot job that writes it
 * through the system, HR and administration services' own code (their repositories, activity log and outbox) straight
 * into their databases, once they have migrated them; the services' relays deliver the events. Does nothing when the
 * company is already there. SYSTEM_DATABASE_URL, HR_DATABASE_URL, ADMIN_DATABASE_URL, NATS_URL, INTERNAL_KEY,
 * AUTH_SECRET, SYSTEM_URL, HR_URL, PORTAL_DEMO_PASSWORD.
 */
import { NatsBus, createPool, natsBusOptionsFromEnv, requiredEnv, untilReady } from '@portal/service-kit';
import { createHrApp } from '@portal/hr';
import { createAdminApp } from '@portal/admin';
import { createSystemApp, systemConfigFromEnv } from '@portal/system';
import { seedDemo } from './lib/demo';

async function main() {
  const env = process.env;
  const log = (l: string) => console.log(l);
  const internalKey = requiredEnv(env, 'INTERNAL_KEY');
  const systemPool = createPool(requiredEnv(env, 'SYSTEM_DATABASE_URL'), 4);
  const hrPool = createPool(requiredEnv(env, 'HR_DATABASE_URL'), 4);
  const adminPool = createPool(requiredEnv(env, 'ADMIN_DATABASE_URL'), 4);
  await untilReady('databases', async () => {
    // The services create the tables: wait until they have (their health checks also say so).
    await systemPool.query('SELECT 1 FROM app_user LIMIT 1');
    await hrPool.query('SELECT 1 FROM organization LIMIT 1');
    await adminPool.query('SELECT 1 FROM room LIMIT 1');
  }, log, 120_000);
  const bus = await NatsBus.connect(natsBusOptionsFromEnv({ ...env, NATS_URL: requiredEnv(env, 'NATS_URL') }, 'seed-demo'));
  const systemUrl = requiredEnv(env, 'SYSTEM_URL');
  const hrUrl = requiredEnv(env, 'HR_URL');
  const system = await createSystemApp({ pool: systemPool, bus, internalKey, config: systemConfigFromEnv(env, () => hrUrl) });
  const hr = await createHrApp({ pool: hrPool, bus, internalKey, directoryUrl: () => systemUrl });
  const admin = await createAdminApp({ pool: adminPool, bus, internalKey, directoryUrl: () => systemUrl });
  try {
    await seedDemo({ system: system.kit, hr: hr.kit, admin: admin.kit, demoPassword: env.PORTAL_DEMO_PASSWORD || 'Demo@2026', log });
    log('demo company ready');
  } finally {
    await system.app.close();
    await hr.app.close();
    await admin.app.close();
    await bus.close();
    await systemPool.end();
    await hrPool.end();
    await adminPool.end();
  }
}

main().catch((err) => {
  console.error(`seed-demo: ${(err as Error).message}`);
  process.exit(1);
});
