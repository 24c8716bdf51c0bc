import { Navigate } from 'react-router';
import { domainRoutes, type RemoteModule } from '@portal/ui-kit';
import { menu, screens } from './menu';

/**
 * Business (routes relative to /business; each resource's pages at its page path, `/business<API path>`): the project
 * register with its stages, its team and suggestions as tabs of a project's page; the suggestions; the settings.
 */
const business: RemoteModule = {
  routes: [{ index: true, element: <Navigate to="project-business" replace /> }, ...domainRoutes(screens, [])],
  menu,
};
export default business;
