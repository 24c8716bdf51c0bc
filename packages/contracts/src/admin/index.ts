import type { RouteDecl } from '../kit/routes';
import { administratorArea, car, room } from './places';
import { bookRoom } from './booking';
import { bookCar } from './car-booking';
import { documentType, officialDocument } from './document';
import { documentation } from './documentation';
import { ticket, ticketChecklist, ticketGroup, ticketItem, ticketStatus } from './ticket';
import { workingSchedule } from './schedule';
import { adminReportRoutes } from './report-routes';

export * from './places';
export * from './booking';
export * from './car-booking';
export * from './document';
export * from './documentation';
export * from './ticket';
export * from './schedule';
export * from './report-routes';

/** Administration (spec §1): areas, rooms, cars, room and car bookings, the document register, the documentation library, tickets, working schedules. */
export const adminResources = [administratorArea, room, car, bookRoom, bookCar, documentType, officialDocument, documentation, ticketStatus, ticketGroup, ticketItem, ticket, ticketChecklist, workingSchedule];

const rooms = (action: 'view' | 'add' | 'edit') => ({ feature: 'book_meeting_room', action }) as const;
/** Administration routes beyond the generated ones. */
export const adminRoutes: RouteDecl[] = [
  { method: 'POST', path: '/book-room/series-preview', domain: 'admin', access: rooms('view'), summary: 'The occurrences of a repeating booking, each free or taken (by which booking): body as /book-room/series' },
  { method: 'POST', path: '/book-room/series', domain: 'admin', access: rooms('add'), summary: 'Book the free occurrences of a repeating booking: body { name, room_id, start_time, end_time, repeat, repeat_until, … } → { created, skipped }' },
  { method: 'POST', path: '/book-room/series-cancel', domain: 'admin', access: rooms('add'), summary: 'Cancel an occurrence of a repeating booking and every later one still booked: body { id, note } → { cancelled } (all or none)' },
  { method: 'PUT', path: '/book-room/series-update', domain: 'admin', access: rooms('edit'), summary: 'Edit an occurrence of a repeating booking and every later one still booked: body { id, …fields }; a new start or end of this one shifts each later one alike → { updated } (all or none)' },
  ...adminReportRoutes,
  { method: 'GET', path: '/book-room/:id/ics', domain: 'admin', access: rooms('view'), summary: 'The booking as an iCalendar (.ics) event for the attendees\' calendars' },
];
