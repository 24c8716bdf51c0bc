/** The implementation service as the stacks build it: its own process (main.ts) and the all-in-one stack alike. */
import { defineService } from '@portal/service-kit';
import { IMPLEMENTATION_MIGRATIONS, createImplementationApp } from './app';

export const service = defineService({
  domain: 'implementation',
  migrations: IMPLEMENTATION_MIGRATIONS,
  create: (d) =>
    createImplementationApp({
      pool: d.pool,
      bus: d.bus,
      internalKey: d.internalKey,
      directoryUrl: () => d.url('system') ?? '',
      serviceUrl: d.url,
      now: d.now,
    }),
});
