import type { RouteObject } from 'react-router';
import { reportsRoute } from '@portal/ui-kit';

import { CONTRACTOR_REPORT_ENTRY } from '../menu';

/**
 * The business reports page (relative to /business; ui-kit reportsRoute: its own chunk, the report right) and the
 * contractor report's (the `subcontractor` right).
 */
export const reportPages: RouteObject[] = [
  reportsRoute(() => import('./ReportsPage')),
  reportsRoute(() => import('./ContractorReportPage'), { path: CONTRACTOR_REPORT_ENTRY.path.slice(1), feature: CONTRACTOR_REPORT_ENTRY.feature }),
];
