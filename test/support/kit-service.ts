/**
 * A service app built inside a test from test-only declarations, on a database of its own in the run's PostgreSQL:
 * the kit's own tables (approval, outbox, activity…) migrated, the resources' declared DDL applied, listening on a free
 * port, called with caller contexts signed as the gateway signs them. For kit features no real resource uses yet, and
 * for rules easier to read on a resource made for them.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import type { FastifyInstance } from 'fastify';
import type { CallerContext, Domain, ResourceDef } from '@portal/contracts';
import { LocalBus, contextCodec, createPool, createServiceApp, declaredStatements, migrate, type ServiceKit } from '@portal/service-kit';
import { dropDatabase, ensureDatabase, withDatabase } from '../../scripts/lib/postgres';
import { callAs, callerContext, type SignedResponse } from './signed';

type ServiceOptions = Parameters<typeof createServiceApp>[0];

export interface KitService {
  pool: Pool;
  app: FastifyInstance;
  kit: ServiceKit;
  base: string;
  codec: ReturnType<typeof contextCodec>;
  /** A call as `ctx` (a user id: a caller with VIEW_ALL and `manage` on the test resources' features). */
  call: (ctx: string | (Partial<CallerContext> & { userId: string }), method: string, path: string, body?: unknown) => Promise<SignedResponse>;
  close: () => Promise<void>;
}

/** `internalKey` and `bus`: shared with other services of the test (each service on its own key and bus otherwise). */
export async function startKitService(
  opts: { domain: Domain; resources: ResourceDef[]; poolSize?: number; internalKey?: string } & Partial<
    Omit<ServiceOptions, 'domain' | 'resources' | 'pool' | 'internalKey'>
  >,
): Promise<KitService> {
  const { domain, resources, poolSize, internalKey, ...rest } = opts;
  const key = internalKey ?? randomBytes(32).toString('hex');
  const codec = contextCodec(key);
  const admin = process.env.TEST_DATABASE_URL!;
  const dbName = `t_kit_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(admin, dbName);
  const pool = createPool(withDatabase(admin, dbName), poolSize ?? 5);
  // No service migrations: only the kit's own tables, then the test resources' declared DDL.
  await migrate(pool, join(__dirname, 'no-service-migrations'));
  for (const st of declaredStatements(resources)) await pool.query(st.sql);
  const { app, kit } = await createServiceApp({ bus: new LocalBus(), logger: false, ...rest, domain, pool, internalKey: key, resources });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const features = [...new Set(resources.map((r) => r.feature))];
  const call: KitService['call'] = (ctx, method, path, body) => {
    const c = typeof ctx === 'string' ? { userId: ctx } : ctx;
    return callAs(base, codec, callerContext({ ability: features.map((subject) => ({ action: 'manage', subject })), ...c }), method, path, body);
  };
  const close = async () => {
    await app.close();
    await pool.end();
    await dropDatabase(admin, dbName);
  };
  return { pool, app, kit, base, codec, call, close };
}
