export { roomBookingHooks } from './rules';
export { seriesRoutes } from './series';
export { icsRoutes } from './ics';
export { restOfSeriesRoutes } from './rest-of-series';
