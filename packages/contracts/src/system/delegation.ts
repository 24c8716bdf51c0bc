import { defineResource } from '../kit/resource';
import { f } from '../kit/field';

/**
 * Approval delegations (one place for every domain): an approver names a deputy for a period; while it covers today the
 * deputy acts on the approver's steps and receives their requests (service-kit approval engine; system
 * approval/directory.ts). Every signed-in user keeps their own — the approver owns a delegation, the deputy reads it —
 * and an administrator anyone's. One deputy at a time: an approver's periods never overlap (a 409).
 */
export const delegation = defineResource({
  name: 'delegation',
  domain: 'system',
  path: '/approval-delegation',
  table: 'delegation',
  feature: 'account',
  access: 'own',
  label: { vi: 'Ủy quyền phê duyệt', en: 'Approval delegation' },
  titleField: 'deputy_id',
  defaultOrder: 'from_date desc',
  scope: { owner: ['approver_id', 'deputy_id'] },
  fields: {
    approver_id: f.ref('user', { vi: 'Người ủy quyền', en: 'Approver' }, { required: true, default: 'caller', list: true, filter: true }),
    deputy_id: f.ref('user', { vi: 'Người được ủy quyền', en: 'Deputy' }, { required: true, list: true, filter: true }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From date' }, { required: true, list: true, sort: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To date' }, { required: true, list: true, sort: true }),
    note: f.longText({ vi: 'Ghi chú', en: 'Note' }, { max: 1000, list: true }),
    /** What made it, when not its approver by hand (an approved leave naming a deputy: `staffLeave:<id>`). */
    source: f.text({ vi: 'Nguồn', en: 'Source' }, { readonly: true, max: 200 }),
  },
});
