import { defineResource } from '../kit/resource';
import { f } from '../kit/field';

/** Portal accounts. Passwords never pass through the generic routes: see the auth and user-password endpoints. */
export const user = defineResource({
  name: 'user',
  domain: 'system',
  path: '/user',
  table: 'app_user',
  feature: 'account',
  label: { vi: 'Tài khoản', en: 'User' },
  titleField: 'username',
  defaultOrder: 'created_date desc',
  importKey: 'username',
  about: { kind: 'user', field: 'id' },
  fields: {
    username: f.text({ vi: 'Tên đăng nhập', en: 'Username' }, { required: true, unique: true, max: 100, list: true, search: true, sort: true }),
    email: f.email({ vi: 'Email', en: 'Email' }, { required: true, unique: true, list: true, search: true, sort: true, guard: 'access' }),
    full_name: f.text({ vi: 'Họ và tên', en: 'Full name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    staff_id: f.ref('staff', { vi: 'Nhân viên', en: 'Staff' }, { list: true, filter: true, guard: 'access' }),
    role_ids: f.refs('role', { vi: 'Vai trò', en: 'Roles' }, { list: true, guard: 'grant' }),
    is_admin: f.bool({ vi: 'Quản trị hệ thống', en: 'System administrator' }, { list: true, filter: true, guard: 'grant' }),
    language: f.enum(
      ['vi', 'en'],
      { vi: 'Ngôn ngữ', en: 'Language' },
      { valueLabels: { vi: { vi: 'Tiếng Việt', en: 'Vietnamese' }, en: { vi: 'Tiếng Anh', en: 'English' } } },
    ),
    locked_until: f.datetime({ vi: 'Khóa đến', en: 'Locked until' }, { readonly: true, list: true }),
    last_sign_in_at: f.datetime({ vi: 'Đăng nhập lần cuối', en: 'Last sign-in' }, { readonly: true, list: true, sort: true }),
  },
});
