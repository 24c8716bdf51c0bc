import type { RouteDecl } from '../kit/routes';
import { organization } from './organization';
import { group } from './group';
import { position } from './position';
import { staff } from './staff';
import { holiday, leaveType, staffLeave } from './leave';

export { organization, group, position, staff, leaveType, staffLeave, holiday };
export const hrResources = [organization, group, position, staff, leaveType, staffLeave, holiday];

/** HR routes beyond the generated five. */
export const hrRoutes: RouteDecl[] = [
  { method: 'GET', path: '/organization/tree', domain: 'hr', access: { feature: 'organization', action: 'view' }, summary: 'Organization tree' },
  { method: 'GET', path: '/staff/stats', domain: 'hr', access: { feature: 'staff', action: 'view' }, summary: 'Staff head counts by status, unit and department' },
  { method: 'GET', path: '/staff/managers', domain: 'hr', access: { feature: 'staff', action: 'view' }, summary: 'Staff who manage others' },
];
