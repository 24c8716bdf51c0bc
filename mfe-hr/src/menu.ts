import { annualLeaveIncrease, group, holiday, leaveType, organization, position, staff, staffLeave, staffLeaveDay } from '@portal/contracts';
import type { MenuEntry } from '@portal/ui-kit';
import { recruitmentMenu } from './recruitment/menu';
import { reportMenu } from './reports/menu';

/** The HR sidebar entries (paths relative to /hr). */
export const menu: MenuEntry[] = [
  { key: 'staff', label: staff.label, path: '/staff', feature: 'staff', icon: 'team' },
  { key: 'organization', label: organization.label, path: '/organization', feature: 'organization', icon: 'apartment' },
  { key: 'chart', label: { vi: 'Sơ đồ tổ chức', en: 'Organization chart' }, path: '/organization-chart', feature: 'organizational_chart', icon: 'cluster' },
  { key: 'positions', label: position.label, path: '/positions', feature: 'organization', icon: 'idcard' },
  { key: 'groups', label: group.label, path: '/groups', feature: 'organization', icon: 'usergroup' },
  { key: 'leave', label: staffLeave.label, path: '/staff-leave', feature: 'leave', icon: 'calendar' },
  { key: 'leave-calendar', label: { vi: 'Lịch nghỉ', en: 'Leave calendar' }, path: '/leave-calendar', feature: 'leave', icon: 'calendar' },
  { key: 'leave-days', label: staffLeaveDay.label, path: '/staff-leave-days', feature: 'leave_days', icon: 'schedule' },
  { key: 'leave-types', label: leaveType.label, path: '/leave-types', feature: 'leave_days', icon: 'schedule' },
  { key: 'annual-leave-increase', label: annualLeaveIncrease.label, path: '/annual-leave-increase', feature: 'leave_days', icon: 'schedule' },
  { key: 'holidays', label: holiday.label, path: '/holidays', feature: 'leave_days', icon: 'calendar' },
  { key: 'leave-settings', label: { vi: 'Cài đặt nghỉ phép', en: 'Leave settings' }, path: '/leave-settings', feature: 'leave_days', icon: 'setting' },
  ...recruitmentMenu,
  ...reportMenu,
];
