import { defineResource } from '../kit/resource';
import { f } from '../kit/field';

/**
 * A user's navbar bookmarks (spec §7: `/bookmarks/data`, `/bookmarks/update`), one row per page, each user's own
 * (owner scope). The spec's two routes read and replace the caller's list through the resource (system
 * routes/bookmarks.ts); the generated routes add, rename and remove one at a time.
 */
export const bookmark = defineResource({
  name: 'bookmark',
  domain: 'system',
  path: '/bookmark',
  table: 'user_bookmark',
  feature: 'account',
  access: 'own',
  label: { vi: 'Trang đánh dấu', en: 'Bookmark' },
  titleField: 'title',
  defaultOrder: 'ordering asc',
  scope: { owner: ['user_id'] },
  fields: {
    user_id: f.ref('user', { vi: 'Người dùng', en: 'User' }, { required: true, default: 'caller', filter: true }),
    title: f.text({ vi: 'Tên', en: 'Title' }, { required: true, max: 255, list: true, search: true }),
    url: f.path({ vi: 'Đường dẫn', en: 'Path' }, { required: true, list: true }),
    icon: f.text({ vi: 'Biểu tượng', en: 'Icon' }, { max: 100 }),
    ordering: f.int({ vi: 'Thứ tự', en: 'Order' }, { min: 0, max: 1000, list: true, sort: true, default: 0 }),
  },
});
