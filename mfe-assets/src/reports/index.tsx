import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Skeleton } from 'antd';
import { RequireAbility } from '@portal/ui-kit';

/** The reports page is its own chunk (and the charting library another, loaded by the page). */
const ReportsPage = lazy(() => import('./ReportsPage'));

/** The asset reports page (relative to /assets). */
export const reportPages: RouteObject[] = [
  {
    path: 'reports',
    element: (
      <RequireAbility I="view" a="report">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
          <ReportsPage />
        </Suspense>
      </RequireAbility>
    ),
  },
];
