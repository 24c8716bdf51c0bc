import { Navigate } from 'react-router';
import { domainRoutes, reportsRoute, type RemoteModule } from '@portal/ui-kit';
import { COST_SUMMARY_ENTRY, menu, screens } from './menu';
import { reviewPages } from './reviews/pages';

/**
 * Project implementation (routes relative to /implementation; each resource's pages at its page path,
 * `/implementation<API path>`): the projects carried out, their work packages (with their checklists) and constructions,
 * memos, supply requests, cost reviews (their comparison a tab of their page), subcontractor budgets, additional work and payment orders (with their confirmations); the cost
 * summary (its own chunk, the `payment` right).
 */
const implementation: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to={screens[0].path.slice(1)} replace /> },
    ...domainRoutes(screens, [
      ...reviewPages('supplier'),
      ...reviewPages('subcontractor'),
      reportsRoute(() => import('./reports/CostSummaryPage'), { path: COST_SUMMARY_ENTRY.path.slice(1), feature: COST_SUMMARY_ENTRY.feature }),
    ]),
  ],
  menu,
};
export default implementation;
