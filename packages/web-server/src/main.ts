/**
 * A static web container of the distributed mode (ARCHITECTURE §6): WEB_ROOT is a built app's dist folder.
 * - WEB_MODE=shell: the shell, its page routes and the runtime manifest /remotes.json, from REMOTES_FILE (a JSON
 *   file read again when it changes) or REMOTES_JSON; the page's CSP allows exactly the manifest's origins.
 * - WEB_MODE=remote: one remote's files, readable from any origin (the shell fetches its menu.json).
 * PORT, HOST, DRAIN_*; GET /healthz for the orchestrator.
 */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { HEALTH_ROUTE, RELEASE, drainOptionsFromEnv, installDrain, logOptions, onShutdown } from '@portal/service-kit';
import { registerWeb, setCacheHeaders, varyOnEncoding, type RemoteConfig } from './web';

async function main() {
  const env = process.env;
  const root = env.WEB_ROOT;
  if (!root) throw new Error('WEB_ROOT is not set');
  const mode = env.WEB_MODE ?? 'remote';
  const app = Fastify({ logger: logOptions(`web-${mode}`), return503OnClosing: false });
  app.get('/healthz', HEALTH_ROUTE, async () => ({ success: true, data: { status: 'ok', service: `web-${mode}`, release: RELEASE } }));
  if (mode === 'shell') {
    await registerWeb(app, {
      shellDir: root,
      remotes: env.REMOTES_JSON ? (JSON.parse(env.REMOTES_JSON) as RemoteConfig[]) : [],
      remotesFile: env.REMOTES_FILE || null,
    });
  } else if (mode === 'remote') {
    app.addHook('onSend', async (_req, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    app.addHook('onSend', varyOnEncoding);
    await app.register(fastifyStatic, { root, index: false, setHeaders: setCacheHeaders, cacheControl: false, serveDotFiles: false, preCompressed: true });
  } else {
    throw new Error(`WEB_MODE must be shell or remote, not ${mode}`);
  }
  // A graceful stop (SIGTERM): the gateway stops sending it pages before it closes (service-kit drain.ts).
  const drain = installDrain(app, drainOptionsFromEnv(env));
  await app.listen({ port: Number(env.PORT ?? 8080), host: env.HOST ?? '0.0.0.0' });
  onShutdown(() => drain.drain());
}

main().catch((err) => {
  process.stderr.write(`web: ${(err as Error).message}\n`);
  process.exit(1);
});
