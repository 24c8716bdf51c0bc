import type { RouteObject } from 'react-router';

/** Pages of this part of HR (relative to /hr). */
export const reportPages: RouteObject[] = [];
