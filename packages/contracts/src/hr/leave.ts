import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { APPROVAL_STATUS_LABELS, APPROVAL_STATUS_VALUES } from '../kit/approval';

/**
 * Leave types (spec §3 "leave type … max leave days"): the kinds of leave and their yearly allowance. Leave types
 * and holidays are the `leave_days` feature: everyone who files leave views them, HR manages them.
 */
export const leaveType = defineResource({
  name: 'leaveType',
  domain: 'hr',
  path: '/leave-type',
  table: 'leave_type',
  feature: 'leave_days',
  label: { vi: 'Loại nghỉ phép', en: 'Leave type' },
  titleField: 'name',
  defaultOrder: 'created_date asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    max_days: f.number({ vi: 'Số ngày nghỉ tối đa / năm', en: 'Max leave days / year' }, { min: 0, max: 366, list: true }),
    paid: f.bool({ vi: 'Hưởng lương', en: 'Paid' }, { list: true, filter: true }),
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
  label: { vi: 'Ngày nghỉ lễ', en: 'Holiday' },
  titleField: 'name',
  defaultOrder: 'from_date desc',
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
 * engine mirrors the approval status onto `approval_status`. Working days skip weekends and holidays. The department is copied from the staff record
 * at create (services/hr), so the department scope applies; a staff member always sees their own.
 */
export const staffLeave = defineResource({
  name: 'staffLeave',
  domain: 'hr',
  path: '/staff-leave',
  table: 'staff_leave',
  feature: 'leave',
  label: { vi: 'Đơn nghỉ phép', en: 'Leave request' },
  titleField: 'title',
  defaultOrder: 'from_date desc',
  scope: { staffDepartment: 'department_id', ownStaff: 'staff_id' },
  approval: { documentType: 'leave', statusField: 'approval_status' },
  fields: {
    title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { readonly: true, list: true }),
    staff_id: f.ref('staff', { vi: 'Nhân viên', en: 'Staff' }, { required: true, list: true, filter: true }),
    department_id: f.ref('organization', L.department, { readonly: true, list: true, filter: true }),
    leave_type_id: f.ref('leaveType', { vi: 'Loại nghỉ phép', en: 'Leave type' }, { required: true, list: true, filter: true }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From date' }, { required: true, list: true, sort: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To date' }, { required: true, list: true, sort: true }),
    days: f.number({ vi: 'Số ngày làm việc', en: 'Working days' }, { readonly: true, list: true }),
    reason: f.longText({ vi: 'Lý do', en: 'Reason' }, { required: true, max: 2000, search: true }),
    approval_status: f.enum(APPROVAL_STATUS_VALUES, { vi: 'Trạng thái phê duyệt', en: 'Approval status' }, { readonly: true, list: true, filter: true, valueLabels: APPROVAL_STATUS_LABELS }),
  },
});
