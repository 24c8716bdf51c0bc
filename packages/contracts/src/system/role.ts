import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { PROJECT_SCOPES, STAFF_SCOPES } from '../common/permissions';
import { opt } from '../common/options';

/** What a role's holders see of staff and of projects (spec §6), in words. */
export const STAFF_SCOPE_LABELS = opt({
  VIEW_ALL: { vi: 'Toàn công ty', en: 'The whole company' },
  VIEW_RELATED_DEPARTMENT: { vi: 'Phòng ban của mình và các phòng ban trực thuộc', en: 'Their department and those under it' },
  VIEW_SPECIFIC_DEPARTMENT: { vi: 'Các phòng ban được chọn', en: 'Chosen departments' },
});
export const PROJECT_SCOPE_LABELS = opt({
  VIEW_ALL: { vi: 'Tất cả dự án', en: 'Every project' },
  VIEW_RELATED_DEPARTMENT: { vi: 'Dự án của phòng ban mình', en: "Their department's projects" },
  VIEW_PROJECT_POSITION: { vi: 'Dự án mình có vị trí trong đội', en: 'Projects they hold a position in' },
  VIEW_SPECIFIC_PROJECT: { vi: 'Các dự án được chọn', en: 'Chosen projects' },
});

/**
 * Roles: a permission matrix (features × actions) with staff and project data scopes (spec §6). The matrix's schema
 * (`permissions`) is zod: permission-set.ts declares it and system/index.ts gives it to this field, so that the
 * declaration loads without zod (the front end's first page, `frame.ts`).
 */
export const role = defineResource({
  name: 'role',
  domain: 'system',
  path: '/role',
  table: 'role',
  feature: 'permission',
  label: { vi: 'Vai trò', en: 'Role' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  importKey: 'code',
  about: { kind: 'role' },
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    description: f.longText(L.description),
    permissions: f.json({ vi: 'Quyền', en: 'Permissions' }, { guard: 'grant' }),
    staff_scope: f.enum(
      STAFF_SCOPES,
      { vi: 'Phạm vi nhân sự', en: 'Staff data scope' },
      { required: true, list: true, filter: true, guard: 'grant', valueLabels: STAFF_SCOPE_LABELS },
    ),
    staff_department_ids: f.refs('organization', { vi: 'Phòng ban được xem', en: 'Departments in scope' }, { guard: 'grant' }),
    project_scope: f.enum(
      PROJECT_SCOPES,
      { vi: 'Phạm vi dự án', en: 'Project data scope' },
      { required: true, list: true, filter: true, guard: 'grant', valueLabels: PROJECT_SCOPE_LABELS },
    ),
    project_ids: f.refs('project', { vi: 'Dự án được xem', en: 'Projects in scope' }, { guard: 'grant' }),
  },
});
