import { z } from 'zod';
import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { ACTIONS, FEATURE_KEYS, PROJECT_SCOPES, STAFF_SCOPES } from '../common/permissions';

export const permissionSetSchema = z.array(z.object({
  feature: z.enum(FEATURE_KEYS as [string, ...string[]]),
  actions: z.array(z.enum(ACTIONS)).max(ACTIONS.length),
})).max(FEATURE_KEYS.length);
export type PermissionSet = z.infer<typeof permissionSetSchema>;

/** Roles: a permission matrix (features × actions) with staff and project data scopes (spec §6). */
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
    permissions: f.json({ vi: 'Quyền', en: 'Permissions' }, { schema: permissionSetSchema, guard: 'grant' }),
    staff_scope: f.enum(STAFF_SCOPES, { vi: 'Phạm vi nhân sự', en: 'Staff data scope' }, { required: true, list: true, filter: true, guard: 'grant' }),
    staff_department_ids: f.refs('organization', { vi: 'Phòng ban được xem', en: 'Departments in scope' }, { guard: 'grant' }),
    project_scope: f.enum(PROJECT_SCOPES, { vi: 'Phạm vi dự án', en: 'Project data scope' }, { required: true, list: true, filter: true, guard: 'grant' }),
    project_ids: f.refs('project', { vi: 'Dự án được xem', en: 'Projects in scope' }, { guard: 'grant' }),
  },
});
