export { roomBookingHooks } from './rules';
export { icsRoutes } from './ics';
export { bookingInvitations } from './invitation';
export { withInvitationLimits } from './attendees';
