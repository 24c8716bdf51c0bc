import { Navigate } from 'react-router';
import { group, holiday, leaveType, organization, position, staff, staffLeave } from '@portal/contracts';
import { RequireAbility, resourcePages, type RemoteModule } from '@portal/ui-kit';
import { OrgChart } from './pages/OrgChart';
import { menu } from './menu';

const BASE = '/hr';

/** The HR remote: staff, organization, positions, groups, leave, leave types and holidays through the generic screens, and the org chart. */
const hr: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="staff" replace /> },
    ...resourcePages(staff, 'staff', `${BASE}/staff`),
    ...resourcePages(organization, 'organization', `${BASE}/organization`),
    ...resourcePages(position, 'positions', `${BASE}/positions`),
    ...resourcePages(group, 'groups', `${BASE}/groups`),
    // The path is the resource's own (/staff-leave): approval notifications link to /hr/staff-leave/<id>.
    ...resourcePages(staffLeave, 'staff-leave', `${BASE}/staff-leave`),
    ...resourcePages(leaveType, 'leave-types', `${BASE}/leave-types`),
    ...resourcePages(holiday, 'holidays', `${BASE}/holidays`),
    { path: 'organization-chart', element: <RequireAbility I="view" a="organizational_chart"><OrgChart /></RequireAbility> },
  ],
  menu,
  texts: { ns: 'hr', vi: { orgChart: 'Sơ đồ tổ chức' }, en: { orgChart: 'Organization chart' } },
};
export default hr;
