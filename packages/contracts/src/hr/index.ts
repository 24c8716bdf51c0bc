import type { RouteDecl } from '../kit/routes';
import { recruitmentRoutes } from './recruitment-routes';
import { hrReportRoutes } from './report-routes';

export * from './resources';
export * from './is-email';
export * from './recruitment-routes';
export * from './leave-settings';
export * from './report-routes';
export * from './reports';

/** HR routes beyond the generated ones, by name (the service serves each through its declaration). */
export const hrApi = {
  orgTree: { method: 'GET', path: '/organization/tree', domain: 'hr', access: { feature: 'organization', action: 'view' }, summary: 'Organization tree' },
  staffStats: {
    method: 'GET',
    path: '/staff/stats',
    domain: 'hr',
    access: { feature: 'staff', action: 'view' },
    summary: 'Staff head counts by status, unit and department',
  },
  staffManagers: { method: 'GET', path: '/staff/managers', domain: 'hr', access: { feature: 'staff', action: 'view' }, summary: 'Staff who manage others' },
  isEmail: {
    method: 'PUT',
    path: '/staff/is-email',
    domain: 'hr',
    access: { feature: 'staff', action: 'view' },
    summary: 'Whether a company email is already used by another staff member: body { email, id? } → { exists }',
  },
  leaveBalance: {
    method: 'GET',
    path: '/staff-leave/balance',
    domain: 'hr',
    access: { feature: 'leave', action: 'view' },
    summary: 'Annual leave balance of a staff member on a date, with the accrual schedule of the year: ?staff_id&date',
  },
  leaveSetting: {
    method: 'GET',
    path: '/leave-setting',
    domain: 'hr',
    access: { feature: 'leave_days', action: 'view' },
    summary: 'Leave settings (annual days, accrual, carry-over)',
  },
  setLeaveSetting: {
    method: 'PUT',
    path: '/leave-setting',
    domain: 'hr',
    access: { feature: 'leave_days', action: 'edit' },
    summary: 'Update the leave settings',
  },
} satisfies Record<string, RouteDecl>;

export const hrRoutes: RouteDecl[] = [...Object.values(hrApi), ...recruitmentRoutes, ...hrReportRoutes];
