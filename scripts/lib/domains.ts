/**
 * The one list of the portal's services: each domain's name, declared resources, migrations folder and
 * how the all-in-one stack builds it. `npm start` and the tests' stack (stack.ts), the migration generator, the
 * declaration tests and the test databases read it; the compose file of the distributed mode is checked against it
 * (test/declarations.test.ts). Adding a domain adds one entry here (and its service to infra/docker-compose.yml).
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { adminResources, hrResources, systemResources, type Domain, type ResourceDef } from '@portal/contracts';
import type { EventBus, ServiceKit } from '@portal/service-kit';
import { createHrApp, HR_MIGRATIONS } from '@portal/hr';
import { ADMIN_MIGRATIONS, createAdminApp } from '@portal/admin';
import { createFilesApp, filesConfigFromEnv, FILES_MIGRATIONS } from '@portal/files';
import { createNotificationsApp, notificationsConfigFromEnv, NOTIFICATIONS_MIGRATIONS } from '@portal/notifications';
import { createSystemApp, systemConfigFromEnv, SYSTEM_MIGRATIONS } from '@portal/system';
import { seedAdminDemo } from './demo-admin';
import type { DemoCompany } from './demo-company';

/** What the all-in-one stack gives a service it builds. */
export interface DomainDeps {
  pool: Pool;
  bus: EventBus;
  internalKey: string;
  authSecret: string;
  env: NodeJS.ProcessEnv;
  /** The stack's data folder (stored files). */
  dataDir: string;
  /** Where mail goes (SMTP or the development mailbox), if anywhere. */
  smtpUrl: string | undefined;
  /** The address of another domain's service once it listens (read per call). */
  url: (d: Domain) => string;
  /** The clock a service's time rules read (a booking's start passed): a test's fixed one; the real one without. */
  now?: () => Date;
}

export interface DomainEntry {
  domain: Domain;
  /** The resources the service declares (contracts): its generated routes, tables and tests. */
  resources: ResourceDef[];
  /** The service's own SQL migrations (the kit's come first). */
  migrations: string;
  create: (deps: DomainDeps) => Promise<{ app: FastifyInstance; kit: ServiceKit }>;
  /**
   * The domain's part of the demo company, written through its service's own code once the base (system and HR:
   * demo.ts) is there — by `npm start`, the tests' template and the compose file's seed-demo job alike.
   */
  demo?: (kit: ServiceKit, company: DemoCompany) => Promise<void>;
}

/** In the order the stack migrates, builds and starts them. */
export const DOMAIN_REGISTRY: readonly DomainEntry[] = [
  {
    domain: 'system',
    resources: systemResources,
    migrations: SYSTEM_MIGRATIONS,
    create: (d) =>
      createSystemApp({
        pool: d.pool,
        bus: d.bus,
        internalKey: d.internalKey,
        config: systemConfigFromEnv({ ...d.env, AUTH_SECRET: d.authSecret, SMTP_URL: d.smtpUrl }, () => d.url('hr')),
      }),
  },
  {
    domain: 'hr',
    resources: hrResources,
    migrations: HR_MIGRATIONS,
    create: (d) => createHrApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, directoryUrl: () => d.url('system'), now: d.now }),
  },
  {
    domain: 'admin',
    resources: adminResources,
    migrations: ADMIN_MIGRATIONS,
    create: (d) =>
      createAdminApp({
        pool: d.pool,
        bus: d.bus,
        internalKey: d.internalKey,
        directoryUrl: () => d.url('system'),
        now: d.now,
        overdueEveryMs: Number(d.env.TICKET_OVERDUE_EVERY_MS) || undefined,
        draftSweepEveryMs: Number(d.env.BOOKING_DRAFT_SWEEP_EVERY_MS) || undefined,
      }),
    demo: seedAdminDemo,
  },
  {
    domain: 'files',
    resources: [],
    migrations: FILES_MIGRATIONS,
    create: (d) => createFilesApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, config: filesConfigFromEnv(d.env, d.dataDir) }),
  },
  {
    domain: 'notifications',
    resources: [],
    migrations: NOTIFICATIONS_MIGRATIONS,
    create: (d) =>
      createNotificationsApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, config: notificationsConfigFromEnv({ ...d.env, SMTP_URL: d.smtpUrl }) }),
  },
];

export const registryEntry = (d: Domain): DomainEntry | undefined => DOMAIN_REGISTRY.find((e) => e.domain === d);
