import type { RouteDecl } from '../kit/routes';
import { adminReportRoutes } from './report-routes';
import { mailLimitRoutes } from '../kit/mail-limit';

export * from './resources';
export * from './report-routes';

const rooms = (action: 'view' | 'add' | 'edit') => ({ feature: 'book_meeting_room', action }) as const;
/** Administration routes beyond the generated ones. */
export const adminRoutes: RouteDecl[] = [
  {
    method: 'POST',
    path: '/book-room/series-preview',
    domain: 'admin',
    access: rooms('view'),
    summary: 'The occurrences of a repeating booking, each free or taken (by which booking): body as /book-room/series',
  },
  {
    method: 'POST',
    path: '/book-room/series',
    domain: 'admin',
    access: rooms('add'),
    summary: 'Book the free occurrences of a repeating booking: body { name, room_id, start_time, end_time, repeat, repeat_until, … } → { created, skipped }',
  },
  {
    method: 'POST',
    path: '/book-room/series-cancel',
    domain: 'admin',
    access: rooms('add'),
    summary: 'Cancel an occurrence of a repeating booking and every later one still booked: body { id, note } → { cancelled } (all or none)',
  },
  {
    method: 'PUT',
    path: '/book-room/series-update',
    domain: 'admin',
    access: rooms('edit'),
    summary:
      'Edit an occurrence of a repeating booking and every later one still booked: body { id, …fields }; a new start or end of this one shifts each later one alike → { updated } (all or none)',
  },
  ...adminReportRoutes,
  // Meeting invitations are mail sent on the orderer's behalf: its limits (service-kit mail-limit.ts).
  ...mailLimitRoutes('admin'),
  {
    method: 'GET',
    path: '/book-room/:id/ics',
    domain: 'admin',
    access: rooms('view'),
    summary: "The booking as an iCalendar (.ics) event for the attendees' calendars",
  },
];
