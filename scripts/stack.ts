/**
 * `npm run stack`: the distributed mode as separate processes on this machine (no Docker needed): every
 * service of docker-compose.yml with the environment it gives its container, PostgreSQL (embedded, or
 * DATABASE_URL), nats-server with JetStream (Debian package nats-server), an S3-compatible server and an SMTP
 * catcher. Data and logs under ./data/stack (DATA_DIR to change); the portal at http://localhost:8080 (PORT).
 * The web front end must be built (npm run build:web). Ctrl-C stops everything.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startProcessStack } from './lib/process-stack';
import { loadSecrets } from './lib/secrets';
import { staleWebApps } from './lib/web-freshness';
import { buildWeb } from './build-web';

async function main() {
  const env = process.env;
  const dataDir = env.DATA_DIR ?? join(__dirname, '..', 'data', 'stack');
  const firstStart = !existsSync(join(dataDir, 'secrets.json'));
  const stale = env.PORTAL_SKIP_WEB_BUILD === '1' ? [] : staleWebApps();
  if (stale.length) {
    console.log(`Building the web front end (${stale.join(', ')})…`);
    await buildWeb(stale);
  }
  // What `.env` holds for docker compose: the secrets kept under the data folder, the rest from the environment.
  const { internalKey, authSecret } = loadSecrets(join(dataDir, 'secrets.json'), env);
  const adminPassword = env.PORTAL_ADMIN_PASSWORD || `${randomBytes(12).toString('base64url')}Aa1!`;
  const started = Date.now();
  const stack = await startProcessStack({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    port: env.PORT ? Number(env.PORT) : undefined,
    vars: {
      ...env,
      INTERNAL_KEY: internalKey,
      AUTH_SECRET: authSecret,
      PORTAL_ADMIN_PASSWORD: adminPassword,
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`,
    },
    profiles: env.PORTAL_DEMO === '0' ? [] : ['demo'],
  });
  if (firstStart && !env.PORTAL_ADMIN_PASSWORD) {
    console.log(
      `\n  First start: administrator ${env.PORTAL_ADMIN_EMAIL || 'admin@portal.local'}, password ${adminPassword}   (shown once; change it after signing in)\n`,
    );
  }
  console.log(`Portal (process stack) ready at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)} s; logs in ${join(dataDir, 'logs')}`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping…');
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
