import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

/**
 * Leave types (spec §3 "leave type … max leave days"): the kinds of leave and their yearly allowance (`max_days`, none
 * when empty). A type marked `annual` is taken from the staff member's annual leave balance (services/hr/src/leave-balance.ts). Leave types
 * and holidays are the `leave_days` feature: everyone who files leave views them, HR manages them.
 */
export const leaveType = defineResource({
  name: 'leaveType',
  domain: 'hr',
  path: '/leave-type',
  table: 'leave_type',
  feature: 'leave_days',
  icon: 'schedule',
  label: { vi: 'Loại nghỉ phép', en: 'Leave type' },
  titleField: 'name',
  defaultOrder: 'created_date asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    max_days: f.number({ vi: 'Số ngày nghỉ tối đa / năm', en: 'Max leave days / year' }, { min: 0, max: 366, list: true }),
    paid: f.bool({ vi: 'Hưởng lương', en: 'Paid' }, { list: true, filter: true }),
    annual: f.bool({ vi: 'Trừ vào phép năm', en: 'Counts against annual leave' }, { list: true, filter: true }),
    description: f.longText(L.description),
  },
});

/** Public holidays (spec §7 "holiday settings"): days off for everyone, not counted as leave days. */
export const holiday = defineResource({
  name: 'holiday',
  domain: 'hr',
  path: '/holiday',
  table: 'holiday',
  feature: 'leave_days',
  icon: 'calendar',
  label: { vi: 'Ngày nghỉ lễ', en: 'Holiday' },
  titleField: 'name',
  defaultOrder: 'from_date desc',
  importKey: ['name', 'from_date'],
  // Drawn behind the leave calendar's days.
  calendar: { start: 'from_date', end: 'to_date' },
  fields: {
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From date' }, { required: true, list: true, sort: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To date' }, { required: true, list: true }),
    description: f.longText(L.description),
  },
});

/**
 * Leave requests (spec §3 "Leave: leave type, days, balance, from and to date, reason, approval process"; §7
 * /staff-leave submit, approve, cancel). Goes through the kit's approval engine (document type `leave`); the
 * engine mirrors the approval status onto `approval_status`. A `deputy_staff_id` given, the approval of the leave
 * makes that colleague the staff member's approval deputy for the leave's days (services/system/src/approval/leave-delegation.ts). Working days skip weekends and holidays. The department is copied from the staff record
 * at create (services/hr), so the department scope applies; a staff member always sees their own.
 */
export const staffLeave = defineResource({
  name: 'staffLeave',
  domain: 'hr',
  path: '/staff-leave',
  table: 'staff_leave',
  feature: 'leave',
  icon: 'calendar',
  label: { vi: 'Đơn nghỉ phép', en: 'Leave request' },
  titleField: 'title',
  defaultOrder: 'from_date desc',
  scope: { staffDepartment: 'department_id', ownStaff: 'staff_id' },
  about: { kind: 'staff', field: 'staff_id' },
  approval: { documentType: 'leave' },
  // A leave is its person's to file, change, delete and withdraw, or a leave manager's (the approve right within their
  // scope: a head for their department, HR for all) — nothing once its first day has come (spec §8).
  actors: {
    person: { staff: 'staff_id', label: { vi: 'người nghỉ', en: 'the person on leave' } },
    manager: { manager: true, label: { vi: 'người quản lý nghỉ phép', en: 'a leave manager' } },
  },
  acts: {
    start: 'from_date',
    edit: { by: ['person', 'manager'] },
    fields: [{ fields: ['staff_id'], by: ['person', 'manager'], share: true }],
    delete: { by: ['person', 'manager'], window: 'before_start' },
    submit: { by: ['person', 'manager'] },
    cancel: { by: ['person', 'manager'], window: 'before_start' },
  },
  // A department head approves the week's requests from the approvals inbox at once.
  bulk: { approval: true },
  // The signed leave form, printed for the personnel file.
  print: true,
  // Who is away when: the team's leave on a month grid, by department, coloured by approval status.
  calendar: { start: 'from_date', end: 'to_date', title: 'staff_id', location: 'department_id', color: 'approval_status', hidden: ['REFUSE', 'CANCELLED'] },
  fields: {
    title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { readonly: true, list: true }),
    staff_id: f.ref('staff', { vi: 'Nhân viên', en: 'Staff' }, { required: true, list: true, filter: true }),
    department_id: f.ref('organization', L.department, { readonly: true, list: true, filter: true, copyFrom: { ref: 'staff_id', field: 'department_id' } }),
    leave_type_id: f.ref('leaveType', { vi: 'Loại nghỉ phép', en: 'Leave type' }, { required: true, list: true, filter: true }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From date' }, { required: true, list: true, sort: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To date' }, { required: true, list: true, sort: true }),
    days: f.number({ vi: 'Số ngày làm việc', en: 'Working days' }, { readonly: true, list: true }),
    reason: f.longText({ vi: 'Lý do', en: 'Reason' }, { required: true, max: 2000, search: true }),
    deputy_staff_id: f.ref('staff', { vi: 'Người duyệt thay khi vắng', en: 'Deputy approver while away' }),
  },
});

/**
 * Annual leave increase (spec §7 setting): extra days of annual leave a year from a number of years of service (the
 * Vietnamese Labour Code adds one day every five years). The row with the most years not above the staff member's
 * completed years applies.
 */
export const annualLeaveIncrease = defineResource({
  name: 'annualLeaveIncrease',
  domain: 'hr',
  path: '/annual-leave-increase',
  table: 'annual_leave_increase',
  feature: 'leave_days',
  icon: 'schedule',
  label: { vi: 'Tăng phép theo thâm niên', en: 'Annual leave increase' },
  titleField: 'name',
  defaultOrder: 'years_of_service asc',
  importKey: 'years_of_service',
  fields: {
    name: f.text(L.name, { required: true, max: 255, list: true, search: true }),
    years_of_service: f.int({ vi: 'Số năm làm việc', en: 'Years of service' }, { required: true, min: 1, max: 60, list: true, sort: true, unique: true }),
    extra_days: f.number({ vi: 'Số ngày phép tăng thêm / năm', en: 'Extra days / year' }, { required: true, min: 0, max: 60, list: true }),
    note: f.longText(L.note),
  },
});

/**
 * Leave days of one staff member in one year (spec §7 /staff-leave-day): what the computed entitlement does not know —
 * days carried over from last year and days granted or taken off by HR (negative). One row per staff member and year.
 */
export const staffLeaveDay = defineResource({
  name: 'staffLeaveDay',
  domain: 'hr',
  path: '/staff-leave-day',
  table: 'staff_leave_day',
  feature: 'leave_days',
  icon: 'schedule',
  label: { vi: 'Ngày phép của nhân viên', en: 'Staff leave days' },
  titleField: 'note',
  defaultOrder: 'year desc, created_date desc',
  importKey: ['staff_id', 'year'],
  unique: [['staff_id', 'year']],
  scope: { via: 'staff_id' },
  about: { kind: 'staff', field: 'staff_id' },
  parent: 'staff_id',
  fields: {
    staff_id: f.ref('staff', L.staff, { required: true, list: true, filter: true }),
    year: f.int({ vi: 'Năm', en: 'Year' }, { required: true, min: 2000, max: 2200, list: true, filter: true, sort: true }),
    carried_days: f.number({ vi: 'Phép năm trước chuyển sang', en: 'Carried over from last year' }, { min: 0, max: 366, list: true, guard: 'pay' }),
    extra_days: f.number({ vi: 'Điều chỉnh (+/-)', en: 'Adjustment (+/-)' }, { min: -366, max: 366, list: true, guard: 'pay' }),
    note: f.text(L.note, { max: 1000, list: true, search: true }),
  },
});
