import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { type ORG_TYPE, ORG_TYPE_LABELS } from '../common/options';

/** Organization units and departments, one tree (spec §3 "organization unit, department"). */
export const organization = defineResource({
  name: 'organization',
  domain: 'hr',
  path: '/organization',
  table: 'organization',
  feature: 'organization',
  icon: 'apartment',
  label: { vi: 'Tổ chức', en: 'Organization' },
  titleField: 'name',
  defaultOrder: 'ordering asc, created_date desc',
  tree: { parentField: 'parent_id' },
  // The chart is read by whoever may view organizations; a limited caller edits only the units within their departments.
  scope: { writeDepartment: 'id' },
  about: { kind: 'unit' },
  importKey: 'code',
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    type: f.enum(
      ['UNIT', 'DEPARTMENT'] satisfies typeof ORG_TYPE,
      { vi: 'Loại', en: 'Type' },
      { required: true, list: true, filter: true, valueLabels: ORG_TYPE_LABELS },
    ),
    parent_id: f.ref('organization', { vi: 'Trực thuộc', en: 'Parent' }, { list: true, filter: true, guard: 'access' }),
    manager_id: f.ref('staff', { vi: 'Trưởng đơn vị', en: 'Head' }, { list: true, guard: 'access' }),
    phone: f.phone({ vi: 'Điện thoại', en: 'Phone' }),
    email: f.email({ vi: 'Email', en: 'Email' }),
    address: f.text({ vi: 'Địa chỉ', en: 'Address' }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, sort: true }),
    description: f.longText(L.description),
  },
});
