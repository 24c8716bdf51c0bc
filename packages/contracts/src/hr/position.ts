import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

/** Job positions (chức vụ). */
export const position = defineResource({
  name: 'position',
  // A plain reference list: its writes decide no one's access, pay, rights or workflow (the abuse properties sample it lightly).
  plain: true,
  domain: 'hr',
  path: '/position',
  table: 'position',
  feature: 'organization',
  icon: 'idcard',
  label: { vi: 'Chức vụ', en: 'Position' },
  titleField: 'name',
  defaultOrder: 'ordering asc, created_date desc',
  importKey: 'code',
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    level: f.int({ vi: 'Cấp bậc', en: 'Level' }, { min: 0, max: 100, list: true, sort: true }),
    is_manager: f.bool({ vi: 'Là quản lý', en: 'Is a manager' }, { list: true, filter: true }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, sort: true }),
    description: f.longText(L.description),
  },
});
