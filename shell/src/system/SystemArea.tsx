import { useRoutes } from 'react-router';
import { NotFound } from '@portal/ui-kit';
import { systemRoutes } from './routes';

/** The system screens under `/system`, loaded the first time one is opened (app/router.tsx). */
export function SystemArea() {
  return useRoutes([...systemRoutes, { path: '*', element: <NotFound /> }]);
}
