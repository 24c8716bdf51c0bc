import './messages';
import { adminResources } from '@portal/contracts';
import { createServiceApp, mailLimitRoutes, type DomainAppDeps, type ServiceKit } from '@portal/service-kit';
import { bookingInvitations, icsRoutes, roomBookingHooks, withInvitationLimits } from './booking';
import { carBookingHooks } from './car/rules';
import { documentHooks } from './document/rules';
import { adminReportRoutes } from './reports';
import { ticketChecklistHooks, ticketHooks } from './ticket';

export const ADMIN_MIGRATIONS = `${__dirname}/../migrations`;

/**
 * The administration service (spec §1 "Administration"): areas, meeting rooms and cars, their bookings (car bookings
 * approved by the approval engine, its approvers found through the system service at `directoryUrl`), and the document
 * register, tickets. `now`: the clock the booking and ticket rules read (a test's fixed one); `deadlineSweepEveryMs`: how
 * often deadlines (tickets') are swept (TICKET_OVERDUE_EVERY_MS; a minute); `draftSweepEveryMs`: how often trips kept as drafts past
 * their hold are released (BOOKING_DRAFT_SWEEP_EVERY_MS; five minutes).
 */
export async function createAdminApp(deps: DomainAppDeps & { deadlineSweepEveryMs?: number; draftSweepEveryMs?: number }) {
  let kit: ServiceKit | null = null;
  const hooks = {
    bookRoom: withInvitationLimits(
      roomBookingHooks(() => kit!),
      () => kit!,
    ),
    bookCar: carBookingHooks(() => kit!),
    document: documentHooks(() => kit!),
    ticket: ticketHooks(() => kit!),
    ticketChecklist: ticketChecklistHooks(() => kit!),
  };
  return createServiceApp(
    {
      domain: 'admin',
      resources: adminResources,
      hooks,
      pool: deps.pool,
      bus: deps.bus,
      internalKey: deps.internalKey,
      directoryUrl: deps.directoryUrl,
      serviceUrl: deps.serviceUrl,
      now: deps.now,
      draftSweepEveryMs: deps.draftSweepEveryMs,
      deadlineSweepEveryMs: deps.deadlineSweepEveryMs,
    },
    async (app, k) => {
      kit = k;
      icsRoutes(app, kit);
      mailLimitRoutes(app, kit.pool, 'admin');
      await bookingInvitations(kit);
      adminReportRoutes(app, kit);
    },
  );
}
