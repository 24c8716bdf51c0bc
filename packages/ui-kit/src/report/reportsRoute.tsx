import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Skeleton } from 'antd';
import type { Feature } from '@portal/contracts';
import { RequireAbility } from '../resource/pages';

/**
 * A domain's reports page as a route (`<domain>/reports`, the `report` right): the page is its own chunk, loaded when
 * first opened (and the charting library another, loaded by the page), so the remote's routes grow only by this.
 * Called once, at the remote's module level: `reportsRoute(() => import('./ReportsPage'))`; `at`: another page of
 * reports of the domain's, at its path and with its feature's view right (the contractor report: `subcontractor`).
 */
export function reportsRoute(
  load: () => Promise<{ default: ComponentType }>,
  at: { path: string; feature: Feature } = { path: 'reports', feature: 'report' },
): RouteObject {
  const Page = lazy(load);
  return {
    path: at.path,
    element: (
      <RequireAbility I="view" a={at.feature}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
          <Page />
        </Suspense>
      </RequireAbility>
    ),
  };
}
