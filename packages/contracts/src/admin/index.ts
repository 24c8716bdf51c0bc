import type { RouteDecl } from '../kit/routes';
import { adminReportRoutes } from './report-routes';
import { mailLimitRoutes } from '../kit/mail-limit';

export * from './resources';
export * from './report-routes';
export * from './reports';

const rooms = (action: 'view') => ({ feature: 'book_meeting_room', action }) as const;
/** Administration routes beyond the generated ones (a room booking's series are its declaration's: `bookRoom.series`). */
export const adminApi = {
  bookingIcs: {
    method: 'GET',
    path: '/book-room/:id/ics',
    domain: 'admin',
    access: rooms('view'),
    summary: "The booking as an iCalendar (.ics) event for the attendees' calendars",
  },
} satisfies Record<string, RouteDecl>;

export const adminRoutes: RouteDecl[] = [
  ...adminReportRoutes,
  // Meeting invitations are mail sent on the orderer's behalf: its limits (service-kit mail-limit.ts).
  ...mailLimitRoutes('admin'),
  adminApi.bookingIcs,
];
