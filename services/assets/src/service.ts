/**
 * The assets service as the stacks build it: its own process (main.ts) and the all-in-one stack alike.
 * ASSET_DAILY_EVERY_MS sets how often its daily work is looked at (app.ts; the work itself is done once a day).
 */
import { defineService } from '@portal/service-kit';
import { ASSETS_MIGRATIONS, createAssetsApp } from './app';

export const service = defineService({
  domain: 'assets',
  migrations: ASSETS_MIGRATIONS,
  create: (d) =>
    createAssetsApp({
      pool: d.pool,
      bus: d.bus,
      internalKey: d.internalKey,
      directoryUrl: () => d.url('system') ?? '',
      serviceUrl: d.url,
      now: d.now,
      dailyEveryMs: Number(d.env.ASSET_DAILY_EVERY_MS) || undefined,
    }),
});
