import { defineResource } from '../kit/resource';
import { f } from '../kit/field';

/**
 * Decentralization (spec §6): assigns permission sets (roles) to a staff member.
 * On create the id lands on the staff record as `decentralization_id` (through the event bus).
 */
export const decentralization = defineResource({
  name: 'decentralization',
  domain: 'system',
  path: '/decentralization',
  table: 'decentralization',
  feature: 'permission',
  label: { vi: 'Phân quyền nhân sự', en: 'Decentralization' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  about: { kind: 'staff', field: 'staff_id' },
  fields: {
    name: f.text({ vi: 'Tên', en: 'Name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    staff_id: f.ref('staff', { vi: 'Nhân viên', en: 'Staff' }, { required: true, unique: true, list: true, filter: true, guard: 'grant' }),
    role_ids: f.refs('role', { vi: 'Vai trò', en: 'Roles' }, { required: true, list: true, guard: 'grant' }),
    note: f.longText({ vi: 'Ghi chú', en: 'Note' }),
  },
});
