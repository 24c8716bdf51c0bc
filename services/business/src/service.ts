/** The business service as the stacks build it: its own process (main.ts) and the all-in-one stack alike. */
import { defineService } from '@portal/service-kit';
import { BUSINESS_MIGRATIONS, createBusinessApp } from './app';

export const service = defineService({
  domain: 'business',
  migrations: BUSINESS_MIGRATIONS,
  create: (d) =>
    createBusinessApp({
      pool: d.pool,
      bus: d.bus,
      internalKey: d.internalKey,
      directoryUrl: () => d.url('system') ?? '',
      serviceUrl: d.url,
      now: d.now,
    }),
});
