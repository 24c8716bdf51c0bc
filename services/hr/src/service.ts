/** The HR service as the stacks build it: its own process (main.ts) and the all-in-one stack alike. */
import { defineService } from '@portal/service-kit';
import { createHrApp, HR_MIGRATIONS } from './app';

export const service = defineService({
  domain: 'hr',
  migrations: HR_MIGRATIONS,
  create: (d) =>
    createHrApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, directoryUrl: () => d.url('system') ?? '', serviceUrl: d.url, now: d.now }),
});
