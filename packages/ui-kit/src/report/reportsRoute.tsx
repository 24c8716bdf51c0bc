import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Skeleton } from 'antd';
import { RequireAbility } from '../resource/pages';

/**
 * A domain's reports page as a route (`<domain>/reports`, the `report` right): the page is its own chunk, loaded when
 * first opened (and the charting library another, loaded by the page), so the remote's routes grow only by this.
 * Called once, at the remote's module level: `reportsRoute(() => import('./ReportsPage'))`.
 */
export function reportsRoute(load: () => Promise<{ default: ComponentType }>): RouteObject {
  const Page = lazy(load);
  return {
    path: 'reports',
    element: (
      <RequireAbility I="view" a="report">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
          <Page />
        </Suspense>
      </RequireAbility>
    ),
  };
}
