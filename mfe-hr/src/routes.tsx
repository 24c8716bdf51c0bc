import { Navigate } from 'react-router';
import { domainRoutes, RequireAbility, type RemoteModule } from '@portal/ui-kit';
import { OrgChart } from './pages/OrgChart';
import { staffPages } from './staff';
import { leavePages } from './leave';
import { recruitmentPages } from './recruitment';
import { reportPages } from './reports';
import { menu, screens } from './menu';
import { hrTexts } from './texts';

/**
 * The HR remote (routes relative to /hr; each resource's pages at its page path, `/hr<API path>`): staff (with the detail tabs of their records), organization, positions, groups, leave and its
 * settings, recruitment and candidates, reports, and the org chart.
 */
const hr: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="staff" replace /> },
    // The screens with pages of their own; every other resource of the sidebar gets the kit's pages.
    ...domainRoutes(screens, [
      ...staffPages,
      ...leavePages,
      ...recruitmentPages,
      ...reportPages,
      {
        path: 'organization-chart',
        element: (
          <RequireAbility I="view" a="organizational_chart">
            <OrgChart />
          </RequireAbility>
        ),
      },
    ]),
  ],
  menu,
  texts: hrTexts,
};
export default hr;
