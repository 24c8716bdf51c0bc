import { Navigate } from 'react-router';
import { domainRoutes, type RemoteModule } from '@portal/ui-kit';
import { menu, screens } from './menu';

/**
 * Project implementation (routes relative to /implementation; each resource's pages at its page path,
 * `/implementation<API path>`): the projects carried out, their work packages (with their checklists) and constructions,
 * subcontractor budgets, additional work and payment orders (with their confirmations).
 */
const implementation: RemoteModule = {
  routes: [{ index: true, element: <Navigate to={screens[0].path.slice(1)} replace /> }, ...domainRoutes(screens, [])],
  menu,
};
export default implementation;
