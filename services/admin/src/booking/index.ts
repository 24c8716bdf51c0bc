export { roomBookingHooks } from './rules';
export { bookSeries, occurrences, seriesRoutes } from './series';
export { icsRoutes } from './ics';
export { restOfSeriesRoutes } from './rest-of-series';
export { bookingInvitations } from './invitation';
export { withInvitationLimits } from './attendees';
