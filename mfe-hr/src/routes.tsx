import { Navigate } from 'react-router';
import { ApartmentOutlined, ClusterOutlined, IdcardOutlined, TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { group, organization, position, staff } from '@portal/contracts';
import { RequireAbility, resourcePages, type RemoteModule } from '@portal/ui-kit';
import { OrgChart } from './pages/OrgChart';

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
  menu: [
    { key: 'staff', label: staff.label, path: '/staff', feature: 'staff', icon: TeamOutlined },
    { key: 'organization', label: organization.label, path: '/organization', feature: 'organization', icon: ApartmentOutlined },
    { key: 'chart', label: { vi: 'Sơ đồ tổ chức', en: 'Organization chart' }, path: '/organization-chart', feature: 'organizational_chart', icon: ClusterOutlined },
    { key: 'positions', label: position.label, path: '/positions', feature: 'organization', icon: IdcardOutlined },
    { key: 'groups', label: group.label, path: '/groups', feature: 'organization', icon: UsergroupAddOutlined },
  ],
  texts: { ns: 'hr', vi: { orgChart: 'Sơ đồ tổ chức' }, en: { orgChart: 'Organization chart' } },
};
export default hr;
