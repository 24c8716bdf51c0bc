export { roomBookingHooks } from './rules';
export { seriesRoutes } from './series';
export { icsRoutes } from './ics';
