/**
 * `npm start`: the whole portal in one process on http://localhost:8080 (PORT to change).
 * Ctrl-C stops everything cleanly; data stays under ./data for the next start.
 */
import { join } from 'node:path';
import { startStack } from './lib/stack';
import { staleWebApps } from './lib/web-freshness';
import { buildWeb } from './build-web';

async function main() {
  const dataDir = process.env.DATA_DIR ?? join(__dirname, '..', 'data');
  const started = Date.now();
  // The front end is built once, and again only when its sources changed (PORTAL_SKIP_WEB_BUILD=1 to skip).
  const stale = process.env.PORTAL_SKIP_WEB_BUILD === '1' ? [] : staleWebApps();
  if (stale.length) {
    console.log(`Building the web front end (${stale.join(', ')}); this takes about half a minute the first time…`);
    await buildWeb(stale);
  }
  const stack = await startStack({ env: process.env, dataDir, log: (l) => console.log(l) });
  if (stack.adminPassword) {
    console.log('\n  First start: administrator created');
    console.log(`    email:    ${stack.adminEmail}`);
    console.log(`    password: ${stack.adminPassword}   (shown once; change it after signing in)\n`);
  }
  if (stack.mail === 'off')
    console.log(
      '  Mail is off: set SMTP_URL to send it (or DEV_MAILBOX=1 for a development mailbox, only on a machine nobody else reaches); it waits in the queue meanwhile.',
    );
  if (stack.mail === 'dev-mailbox') console.log('  Mail goes to the development mailbox (DEV_MAILBOX=1): administrators read it under System → Dev mailbox.');
  console.log(`Portal ready at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await stack.stop();
    console.log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
