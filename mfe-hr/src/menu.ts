import {
  annualLeaveIncrease,
  candidate,
  contact,
  group,
  holiday,
  leaveType,
  menuOf,
  organization,
  position,
  recruitment,
  staff,
  staffLeave,
  staffLeaveDay,
} from '@portal/contracts';

/**
 * The HR sidebar, in order (plain data: the build writes it to menu.json). A resource is its own entry (label, page path,
 * feature, icon from its declaration); the other screens are entries of their own. Paths are relative to /hr.
 */
/** The leave calendar's name: its sidebar entry and its page's title. */
export const LEAVE_CALENDAR = { vi: 'Lịch nghỉ', en: 'Leave calendar' };

/** The HR screens in sidebar order: the menu, and the routes of the resources without pages of their own (routes.tsx). */
const work = [
  staff,
  contact,
  organization,
  { key: 'chart', label: { vi: 'Sơ đồ tổ chức', en: 'Organization chart' }, path: '/organization-chart', feature: 'organizational_chart', icon: 'cluster' },
  position,
  group,
  staffLeave,
  { key: 'leave-calendar', label: LEAVE_CALENDAR, path: '/staff-leave/calendar', feature: 'leave', icon: 'calendar' },
  staffLeaveDay,
  recruitment,
  candidate,
  { key: 'candidate-old', label: { vi: 'Ứng viên cũ', en: 'Old candidates' }, path: '/candidate/old', feature: 'recruitment', icon: 'usergroup' },
  { key: 'reports', label: { vi: 'Báo cáo nhân sự', en: 'HR reports' }, path: '/reports', feature: 'report', icon: 'chart' },
] as const;

/** The rules of leave HR keeps rather than works in: the sidebar's "Settings" group (MenuEntry.group). */
const settings = [
  leaveType,
  holiday,
  annualLeaveIncrease,
  { key: 'leave-settings', label: { vi: 'Cài đặt nghỉ phép', en: 'Leave settings' }, path: '/leave-settings', feature: 'leave_days', icon: 'setting' },
] as const;

export const screens = [...work, ...settings] as const;

export const menu = menuOf(work, settings);
