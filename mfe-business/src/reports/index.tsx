import type { RouteObject } from 'react-router';
import { reportsRoute } from '@portal/ui-kit';

/** The business reports page (relative to /business; ui-kit reportsRoute: its own chunk, the report right). */
export const reportPages: RouteObject[] = [reportsRoute(() => import('./ReportsPage'))];
