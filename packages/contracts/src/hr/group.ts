import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

/** Groups (teams) inside a department. */
export const group = defineResource({
  name: 'group',
  domain: 'hr',
  path: '/group',
  table: 'staff_group',
  feature: 'organization',
  icon: 'usergroup',
  label: { vi: 'Nhóm', en: 'Group' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  importKey: 'code',
  scope: { staffDepartment: 'department_id' },
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    department_id: f.ref('organization', L.department, { required: true, list: true, filter: true }),
    leader_id: f.ref('staff', { vi: 'Trưởng nhóm', en: 'Leader' }, { list: true }),
    description: f.longText(L.description),
  },
});
