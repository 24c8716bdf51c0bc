import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { STAFF_STATUS, STAFF_STATUS_LABELS } from '../common/options';

/**
 * The company directory (spec §6 feature `contact`): the staff's names, positions, units, phones and
 * emails — a read-only view of the staff table (ResourceDef.projection), read with `contact` and in the caller's data
 * scope, without anything else of a staff record (pay, family, identity papers). Staff who quit are not listed. Pickers
 * of staff read it for callers who may not read staff records (an employee naming a ticket's approver).
 */
export const contact = defineResource({
  name: 'contact',
  domain: 'hr',
  path: '/contacts',
  table: 'staff',
  feature: 'contact',
  icon: 'contacts',
  label: { vi: 'Danh bạ', en: 'Contacts' },
  titleField: 'full_name',
  findable: { insteadOf: 'staff' },
  defaultOrder: 'full_name asc',
  scope: { staffDepartment: 'department_id', ownStaff: 'id' },
  projection: { of: 'staff', except: { field: 'status', values: ['QUIT'] } },
  fields: {
    code: f.text({ vi: 'Mã nhân viên', en: 'Staff code' }, { list: true, search: true, sort: true }),
    full_name: f.text({ vi: 'Họ và tên', en: 'Full name' }, { list: true, search: true, sort: true }),
    position_id: f.ref('position', L.position, { list: true, filter: true }),
    department_id: f.ref('organization', L.department, { list: true, filter: true }),
    unit_id: f.ref('organization', L.unit, { list: true, filter: true }),
    phone: f.phone({ vi: 'Số điện thoại', en: 'Phone' }, { list: true, search: true }),
    company_email: f.email({ vi: 'Email công ty', en: 'Company email' }, { list: true, search: true }),
    status: f.enum(STAFF_STATUS, { vi: 'Tình trạng', en: 'Status' }, { valueLabels: STAFF_STATUS_LABELS }),
  },
});
