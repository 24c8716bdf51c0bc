/**
 * The gateway as its own process (distributed mode): <DOMAIN>_URLS (SYSTEM_URLS, HR_URLS, FILES_URLS,
 * NOTIFICATIONS_URLS; several comma-separated instances spread the load), NATS_URL (cache invalidation and the
 * live stream), INTERNAL_KEY, AUTH_SECRET, WEB_URL (the shell's container), PORT, DRAIN_*, and the rest of config.ts.
 */
import { NatsBus, drainOptionsFromEnv, installDrain, natsBusOptionsFromEnv, onShutdown, processLog, requiredEnv, untilReady } from '@portal/service-kit';
import { createGateway } from './app';
import { gatewayConfigFromEnv, serviceUrlsFromEnv } from './config';
import { STREAM_PATH } from './live';

async function main() {
  const env = process.env;
  const log = processLog('gateway');
  requiredEnv(env, 'INTERNAL_KEY');
  requiredEnv(env, 'AUTH_SECRET');
  const cfg = gatewayConfigFromEnv(env, serviceUrlsFromEnv(env));
  const bus = await untilReady(
    'nats',
    () =>
      NatsBus.connect({
        ...natsBusOptionsFromEnv({ ...env, NATS_URL: requiredEnv(env, 'NATS_URL') }, 'gateway'),
        log: { warn: (o, m) => log(`${m} ${JSON.stringify(o)}`) },
      }),
    log,
  );
  const { app } = await createGateway(cfg, bus);
  // A graceful stop: answers flagged and health checks 503 for a load balancer in front, the last requests finish (drain.ts).
  const drain = installDrain(app, drainOptionsFromEnv(env), [STREAM_PATH]);
  const address = await app.listen({ port: cfg.port, host: cfg.host });
  log(`gateway listening on ${address}`);
  onShutdown(async () => {
    await drain.drain().catch(() => undefined);
    await bus.close().catch(() => undefined);
  });
}

main().catch((err) => {
  process.stderr.write(`gateway: ${(err as Error).message}\n`);
  process.exit(1);
});
