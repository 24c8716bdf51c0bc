import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { LocalBus, NatsBus, createPool, localServiceUrl, migrate, natsBusOptionsFromEnv, type EventBus } from '@portal/service-kit';
import { ensureAdmin } from '@portal/system';
import type { ServiceKit } from '@portal/service-kit';
import { createGateway, gatewayConfigFromEnv } from '@portal/gateway';
import type { Domain } from '@portal/contracts';
import { ensureDatabase, startEmbeddedPostgres, withDatabase, type PgServer } from './postgres';
import { startDevMailbox } from './dev-mailbox';
import { loadSecrets } from './secrets';
import { seedDemo } from './demo';
import { WEB_APPS } from './web-apps';
import { DOMAIN_REGISTRY } from './domains';

const ROOT = join(__dirname, '..', '..');

/** The services with a database of their own (`<prefix>_<service>`), in the order they are migrated (domains.ts). */
export const STACK_DATABASES: readonly Domain[] = DOMAIN_REGISTRY.map((e) => e.domain);

/** All-in-one: the gateway serves the built shell and remotes from their dist folders. */
export function localWeb() {
  return {
    shellDir: join(ROOT, 'shell', 'dist'),
    remotes: WEB_APPS.filter((a) => a.module).map((a) => ({
      name: a.name,
      module: a.module!,
      basePath: a.basePath!,
      label: a.label!,
      dir: join(ROOT, a.dir, 'dist'),
    })),
  };
}

export interface StackOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** An existing server (admin URL) instead of the embedded one; databases are created in it. */
  databaseUrl?: string;
  /** Prefix of the per-service database names. */
  dbPrefix?: string;
  port?: number;
  log?: (line: string) => void;
  demo?: boolean;
  /** The clock the services' time rules read (DomainServiceDeps.now): a test's fixed one; the real one without. */
  now?: () => Date;
}

export interface Stack {
  url: string;
  gateway: FastifyInstance;
  services: Partial<Record<Domain, { app: FastifyInstance; url: string; pool: Pool; kit?: ServiceKit }>>;
  bus: EventBus;
  adminPassword?: string;
  adminEmail: string;
  /** Where mail goes: SMTP_URL, the development mailbox (DEV_MAILBOX=1), or nowhere. */
  mail: 'smtp' | 'dev-mailbox' | 'off';
  stop: () => Promise<void>;
}

/**
 * The all-in-one mode (ARCHITECTURE §6): one process, a real PostgreSQL with one database per service,
 * every service on its own loopback port, the gateway in front handing calls to them in process (gateway in-process.ts),
 * the in-process bus.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const env = opts.env;
  const log = opts.log ?? ((l: string) => console.log(l));
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e: Error) => log(`stop: ${e.message}`));
    stops.length = 0;
  };
  try {
    let pg: PgServer | null = null;
    let adminUrl = opts.databaseUrl ?? env.DATABASE_URL;
    if (!adminUrl) {
      pg = await startEmbeddedPostgres(join(opts.dataDir), env.PG_PORT ? Number(env.PG_PORT) : undefined);
      stops.push(() => pg!.stop());
      adminUrl = pg.url('postgres');
    }
    const prefix = opts.dbPrefix ?? env.DB_PREFIX ?? 'portal';
    const { internalKey, authSecret } = loadSecrets(join(opts.dataDir, 'secrets.json'), env);
    // NATS_URL set: the JetStream bus (events survive restarts, several processes share them); else in-process.
    const bus: EventBus = env.NATS_URL
      ? await NatsBus.connect({ ...natsBusOptionsFromEnv(env, 'portal-all-in-one'), log: { warn: (o, m) => log(`${m} ${JSON.stringify(o)}`) } })
      : new LocalBus();
    stops.push(() => bus.close());

    const pools: Partial<Record<Domain, Pool>> = {};
    for (const { domain, migrations: dir } of DOMAIN_REGISTRY) {
      const db = `${prefix}_${domain}`;
      await ensureDatabase(adminUrl, db);
      const pool = createPool(withDatabase(adminUrl, db), Number(env.DB_POOL_SIZE ?? 10));
      stops.push(() => pool.end());
      await migrate(pool, dir);
      pools[domain] = pool;
    }

    // Mail goes to SMTP_URL; without one, to the development mailbox only when DEV_MAILBOX=1 (it shows reset links to
    // administrators: never on by default), else nowhere — it waits in the queue and `npm start` says so.
    let smtpUrl = env.SMTP_URL || undefined;
    const devMailbox = !smtpUrl && (env.DEV_MAILBOX === '1' || env.DEV_MAILBOX === 'true');
    if (devMailbox) {
      const mailbox = await startDevMailbox(pools.system!);
      stops.push(mailbox.close);
      smtpUrl = mailbox.url;
    }

    const urls: Partial<Record<Domain, string>> = {};
    const services: Stack['services'] = {};
    const listen = async (domain: Domain, app: FastifyInstance) => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      stops.push(() => app.close());
      urls[domain] = address;
      services[domain] = { app, url: address, pool: pools[domain]! };
    };
    // Every service of the registry (domains.ts), built and listening in its order.
    const kits: Partial<Record<Domain, ServiceKit>> = {};
    for (const entry of DOMAIN_REGISTRY) {
      const { app, kit } = await entry.create({
        pool: pools[entry.domain]!,
        bus,
        internalKey,
        // What the distributed mode's containers are given: the secrets and where mail goes.
        env: { ...env, AUTH_SECRET: authSecret, SMTP_URL: smtpUrl },
        dataDir: opts.dataDir,
        // A service listening on this bus — the registry's, or one a test adds (service-kit localServiceUrl) —, else the
        // address a stopped one had (a call then fails as it would across processes).
        url: (d) => localServiceUrl(bus, d) ?? urls[d] ?? null,
        now: opts.now,
      });
      kits[entry.domain] = kit;
      await listen(entry.domain, app);
      services[entry.domain]!.kit = kit;
    }

    const adminEmail = env.PORTAL_ADMIN_EMAIL || 'admin@portal.local';
    const admin = await ensureAdmin(pools.system!, adminEmail, env.PORTAL_ADMIN_PASSWORD || undefined);
    if (opts.demo ?? env.PORTAL_DEMO !== '0') await seedDemo({ kits, demoPassword: env.PORTAL_DEMO_PASSWORD || 'Demo@2026', log });

    const gwConfig = gatewayConfigFromEnv(
      { ...env, INTERNAL_KEY: internalKey, AUTH_SECRET: authSecret },
      Object.fromEntries(Object.entries(urls).map(([d, u]) => [d, [u]])),
    );
    if (!env.SHELL_DIR && !env.REMOTES_JSON) gwConfig.web = localWeb();
    // The gateway hands admitted calls to these services in this process (gateway in-process.ts); GATEWAY_HANDOFF=0 sends
    // them over loopback HTTP instead, as the distributed mode does.
    const local = env.GATEWAY_HANDOFF === '0' ? undefined : Object.fromEntries(Object.entries(services).map(([d, svc]) => [d, svc!.app]));
    const { app: gateway } = await createGateway(gwConfig, bus, local);
    const port = opts.port ?? gwConfig.port;
    const gwAddress = await gateway.listen({ port, host: gwConfig.host });
    stops.push(() => gateway.close());
    const url = gwAddress.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    return { url, gateway, services, bus, adminEmail, adminPassword: admin.password, mail: env.SMTP_URL ? 'smtp' : devMailbox ? 'dev-mailbox' : 'off', stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
