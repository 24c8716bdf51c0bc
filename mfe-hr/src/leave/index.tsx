import type { RouteObject } from 'react-router';

/** Leave pages beyond the generated ones: the calendar and the settings. */
export const leavePages: RouteObject[] = [];
