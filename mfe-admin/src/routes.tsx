import { Navigate } from 'react-router';
import { bookCar, bookRoom, ticket } from '@portal/contracts';
import { domainRoutes, ModuleEmpty, resourcePages, type CalendarLoader, type RemoteModule } from '@portal/ui-kit';
import { CAR_CALENDAR, menu, ROOM_CALENDAR, screens, upcoming } from './menu';
import { SeriesSection } from './booking/SeriesSection';
import { TicketStatusButton } from './ticket/TicketStatusButton';

const loadCalendar: CalendarLoader = () => import('@portal/ui-kit/src/calendar/fullcalendar');

/**
 * Administration (routes relative to /admin; each resource's pages at its page path, `/admin<API path>`): meeting-room
 * bookings (a new one may repeat: SeriesSection) and car trips with their calendars (by room or car, coloured by
 * status), rooms, areas and cars; the document register; tickets (statuses by the company's own: TicketStatusButton),
 * their checklist in the ticket's tab, and their settings (statuses, request groups with their items). The screens still to come show
 * the empty state.
 */
const admin: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="book-room/calendar" replace /> },
    ...domainRoutes(screens, [
      ...resourcePages(bookRoom, { calendar: { library: loadCalendar, title: ROOM_CALENDAR }, formExtra: (form) => <SeriesSection form={form} /> }),
      ...resourcePages(bookCar, { calendar: { library: loadCalendar, title: CAR_CALENDAR } }),
      ...resourcePages(ticket, { actions: (row) => <TicketStatusButton row={row} /> }),
      ...upcoming.map((m) => ({ path: m.path.replace(/^\//, ''), element: <ModuleEmpty name={m.label} /> })),
    ]),
  ],
  menu,
};
export default admin;
