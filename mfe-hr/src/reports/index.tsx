import type { RouteObject } from 'react-router';
import { reportsRoute } from '@portal/ui-kit';

/** The HR reports page (relative to /hr; ui-kit reportsRoute: its own chunk, the report right). */
export const reportPages: RouteObject[] = [reportsRoute(() => import('./ReportsPage'))];
