/**
 * The administration service as the stacks build it: its own process (main.ts) and the all-in-one stack alike.
 * TICKET_OVERDUE_EVERY_MS and BOOKING_DRAFT_SWEEP_EVERY_MS set how often its sweeps run (app.ts).
 */
import { defineService } from '@portal/service-kit';
import { ADMIN_MIGRATIONS, createAdminApp } from './app';

export const service = defineService({
  domain: 'admin',
  migrations: ADMIN_MIGRATIONS,
  create: (d) =>
    createAdminApp({
      pool: d.pool,
      bus: d.bus,
      internalKey: d.internalKey,
      directoryUrl: () => d.url('system') ?? '',
      serviceUrl: d.url,
      now: d.now,
      deadlineSweepEveryMs: Number(d.env.TICKET_OVERDUE_EVERY_MS) || undefined,
      draftSweepEveryMs: Number(d.env.BOOKING_DRAFT_SWEEP_EVERY_MS) || undefined,
    }),
});
