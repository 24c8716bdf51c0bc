import type { FastifyInstance } from 'fastify';

/**
 * `fn` every `everyMs` while the app is up, one run at a time (a slow run is not overtaken by the next); a failure is
 * logged and tried again next time. The kit's sweeps run on it.
 */
export function runEvery(app: FastifyInstance, everyMs: number, what: string, fn: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      void fn()
        .catch((err: Error) => app.log.warn({ err: err.message }, `${what} failed`))
        .finally(() => {
          running = false;
        });
    }, everyMs);
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
