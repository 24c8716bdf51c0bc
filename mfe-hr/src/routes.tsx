import { Navigate } from 'react-router';
import { annualLeaveIncrease, group, holiday, leaveType, organization, position, staffLeaveDay } from '@portal/contracts';
import { RequireAbility, resourcePages, type RemoteModule } from '@portal/ui-kit';
import { OrgChart } from './pages/OrgChart';
import { staffPages } from './staff';
import { leavePages } from './leave';
import { recruitmentPages } from './recruitment';
import { reportPages } from './reports';
import { menu } from './menu';
import { hrTexts } from './texts';

const BASE = '/hr';

/**
 * The HR remote: staff (with the detail tabs of their records), organization, positions, groups, leave and its
 * settings, recruitment and candidates, reports, and the org chart.
 */
const hr: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="staff" replace /> },
    ...staffPages(BASE),
    ...resourcePages(organization, 'organization', `${BASE}/organization`),
    ...resourcePages(position, 'positions', `${BASE}/positions`),
    ...resourcePages(group, 'groups', `${BASE}/groups`),
    ...leavePages(BASE),
    ...resourcePages(staffLeaveDay, 'staff-leave-days', `${BASE}/staff-leave-days`),
    ...resourcePages(leaveType, 'leave-types', `${BASE}/leave-types`),
    ...resourcePages(annualLeaveIncrease, 'annual-leave-increase', `${BASE}/annual-leave-increase`),
    ...resourcePages(holiday, 'holidays', `${BASE}/holidays`),
    ...recruitmentPages,
    ...reportPages,
    { path: 'organization-chart', element: <RequireAbility I="view" a="organizational_chart"><OrgChart /></RequireAbility> },
  ],
  menu,
  texts: hrTexts,
};
export default hr;
