import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { Skeleton } from 'antd';
import { bookCar, bookRoom, ticket, workingSchedule } from '@portal/contracts';
import { domainRoutes, RequireAbility, resourcePages, StatusButton, type CalendarLoader, type RemoteModule } from '@portal/ui-kit';
import { CAR_CALENDAR, menu, ROOM_CALENDAR, screens, TRAVEL_CALENDAR } from './menu';
import { SeriesSection } from './booking/SeriesSection';
import { SeriesCancelButton, SeriesEditSection } from './booking/RestOfSeries';
import { SaveToCalendarButton } from './booking/SaveToCalendarButton';
import { TicketStatusButton } from './ticket/TicketStatusButton';
import { reportPages } from './reports';

/** The booking limits' page: its own chunk, opened by administrators only. */
const BookingLimitsPage = lazy(() => import('./booking/BookingLimits'));

const loadCalendar: CalendarLoader = () => import('@portal/ui-kit/src/calendar/fullcalendar');

/**
 * Administration (routes relative to /admin; each resource's pages at its page path, `/admin<API path>`): meeting-room
 * bookings (a new one may repeat: SeriesSection; an occurrence is edited or cancelled with the rest of its series: RestOfSeries;
 * its page downloads it as an .ics: SaveToCalendarButton) and car trips with their calendars (by room or car, coloured by
 * status), rooms, areas and cars; the document register; tickets (statuses by the company's own: TicketStatusButton),
 * their checklist in the ticket's tab, and their settings (statuses, request groups with their items); the working
 * schedules and their business-travel calendar (by area, coloured by kind; the week view prints).
 */
const admin: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="book-room/calendar" replace /> },
    ...domainRoutes(screens, [
      ...resourcePages(bookRoom, {
        calendar: { library: loadCalendar, title: ROOM_CALENDAR },
        formExtra: (form) => (
          <>
            <SeriesSection form={form} />
            <SeriesEditSection form={form} />
          </>
        ),
        actions: (row) => (
          <>
            <StatusButton def={bookRoom} row={row} />
            <SeriesCancelButton row={row} />
            <SaveToCalendarButton row={row} />
          </>
        ),
      }),
      ...resourcePages(bookCar, { calendar: { library: loadCalendar, title: CAR_CALENDAR } }),
      ...resourcePages(ticket, { actions: (row) => <TicketStatusButton row={row} /> }),
      ...resourcePages(workingSchedule, { calendar: { library: loadCalendar, title: TRAVEL_CALENDAR } }),
      ...reportPages,
      {
        path: 'booking-setting',
        element: (
          <RequireAbility I="view" a="setting">
            <Suspense fallback={<Skeleton active />}>
              <BookingLimitsPage defs={[bookRoom, bookCar]} />
            </Suspense>
          </RequireAbility>
        ),
      },
    ]),
  ],
  menu,
};
export default admin;
