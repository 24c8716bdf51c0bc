import { Navigate } from 'react-router';
import { group, organization, position, staff } from '@portal/contracts';
import { RequireAbility, resourcePages, type RemoteModule } from '@portal/ui-kit';
import { OrgChart } from './pages/OrgChart';
import { menu } from './menu';

const BASE = '/hr';

/** The HR remote: staff, organization, positions and groups through the generic screens, and the org chart. */
const hr: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="staff" replace /> },
    ...resourcePages(staff, 'staff', `${BASE}/staff`),
    ...resourcePages(organization, 'organization', `${BASE}/organization`),
    ...resourcePages(position, 'positions', `${BASE}/positions`),
    ...resourcePages(group, 'groups', `${BASE}/groups`),
    { path: 'organization-chart', element: <RequireAbility I="view" a="organizational_chart"><OrgChart /></RequireAbility> },
  ],
  menu,
  texts: { ns: 'hr', vi: { orgChart: 'Sơ đồ tổ chức' }, en: { orgChart: 'Organization chart' } },
};
export default hr;
