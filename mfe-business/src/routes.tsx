import { Navigate } from 'react-router';
import { featureFor, project } from '@portal/contracts';
import { domainRoutes, RequireAbility, type RemoteModule } from '@portal/ui-kit';
import { MATRIX_BOARD, menu, screens } from './menu';
import { MatrixBoard } from './matrix/MatrixBoard';
import { reportPages } from './reports';

/**
 * Business (routes relative to /business; each resource's pages at its page path, `/business<API path>`): the project
 * register with its stages, its team and suggestions as tabs of a project's page; the suggestions; the matrix screen
 * (`matrix-board`: every project in its cell); the settings.
 */
const business: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="project-business" replace /> },
    ...domainRoutes(screens, [
      {
        path: MATRIX_BOARD.path.slice(1),
        element: (
          <RequireAbility I="view" a={featureFor(project, 'view')}>
            <MatrixBoard />
          </RequireAbility>
        ),
      },
      ...reportPages,
    ]),
  ],
  menu,
};
export default business;
