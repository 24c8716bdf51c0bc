import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { ofAsset } from './of-asset';

/** The workshops and suppliers assets are repaired by (spec §7 `/repair-asset-company`). */
export const repairCompany = defineResource({
  name: 'repairCompany',
  plain: true,
  domain: 'assets',
  path: '/repair-asset-company',
  table: 'repair_company',
  feature: 'asset',
  icon: 'tool',
  label: { vi: 'Đơn vị sửa chữa', en: 'Repair company' },
  titleField: 'name',
  defaultOrder: 'name asc',
  importKey: 'name',
  fields: {
    name: f.text(L.name, { required: true, unique: true, max: 255, list: true, search: true, sort: true }),
    tax_code: f.text({ vi: 'Mã số thuế', en: 'Tax code' }, { max: 20, list: true, search: true }),
    contact_name: f.text({ vi: 'Người liên hệ', en: 'Contact person' }, { max: 255, list: true }),
    phone: f.phone({ vi: 'Điện thoại', en: 'Phone' }, { list: true }),
    email: f.email({ vi: 'Email', en: 'Email' }),
    address: f.text({ vi: 'Địa chỉ', en: 'Address' }, { max: 500 }),
    note: f.longText(L.note),
  },
});

export const REPAIR_STATUS = ['SENT', 'RETURNED', 'CANCELLED'] as const;
export const REPAIR_STATUS_LABELS = opt({
  SENT: { vi: 'Đang sửa chữa', en: 'In repair' },
  RETURNED: { vi: 'Đã nhận lại', en: 'Returned' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
});
export const REPAIR_OUTCOME = ['FIXED', 'NOT_FIXED'] as const;
export const REPAIR_OUTCOME_LABELS = opt({
  FIXED: { vi: 'Đã sửa được', en: 'Fixed' },
  NOT_FIXED: { vi: 'Không sửa được', en: 'Not fixable' },
});

/**
 * A repair (spec §7 `/repair-asset`): a damaged asset sent to a company, for a reason, at a cost, and its return.
 *
 * - **Life**: SENT when the asset leaves (one repair at a time; it is out of service meanwhile: DAMAGED, or
 *   STORAGE_DAMAGED from storage) → RETURNED, recording the
 *   date it came back and the outcome → a FIXED asset is back in use with its holder (USED) or in storage (STORAGE); a
 *   NOT_FIXED one stays damaged, for another repair or its liquidation. A repair sent by mistake is CANCELLED.
 * - **Downtime**: the days between sent and returned (computed).
 * - **Capitalised**: a major repair (an engine overhaul) adds its cost to the asset's value and `extra_months` to its
 *   life: on its return the asset's depreciation schedule is recomputed from that month (assets/depreciation.ts).
 * - Read and written as its asset is (scope via the asset: its managing department's).
 */
export const repairAsset = defineResource({
  name: 'repairAsset',
  domain: 'assets',
  path: '/repair-asset',
  table: 'repair_asset',
  feature: 'asset',
  icon: 'tool',
  label: { vi: 'Sửa chữa tài sản', en: 'Repair' },
  titleField: 'code',
  defaultOrder: 'created_date desc',
  parent: ofAsset.parent,
  scope: ofAsset.scope,
  workflow: {
    field: 'status',
    moves: { SENT: ['RETURNED', 'CANCELLED'], RETURNED: [], CANCELLED: [] },
    records: { RETURNED: ['returned_date', 'outcome'] },
  },
  actors: ofAsset.actors,
  acts: {
    edit: { by: ['office'], in: ['SENT'] },
    // A repair recorded by mistake is deleted (the asset stays out of service until the office moves it); a returned
    // one is the asset's history — its cost, its downtime, what it added to the asset's value.
    delete: { by: ['office'], in: ['SENT', 'CANCELLED'] },
    moves: { '*': { by: ['office'] } },
  },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, max: 20, list: true, search: true, sort: true, generate: { pattern: 'SC{yy}-{n:4}' } }),
    ...ofAsset.fields(),
    company_id: f.ref('repairCompany', { vi: 'Đơn vị sửa chữa', en: 'Repair company' }, { required: true, list: true, filter: true }),
    reason: f.text({ vi: 'Lý do sửa chữa', en: 'Reason' }, { required: true, max: 500, list: true, search: true }),
    cost: f.money({ vi: 'Chi phí', en: 'Cost' }, { required: true, default: 0, min: 0, list: true, sort: true }),
    sent_date: f.date({ vi: 'Ngày gửi sửa', en: 'Sent on' }, { required: true, default: 'today', list: true, sort: true, before: 'returned_date' }),
    returned_date: f.date({ vi: 'Ngày nhận lại', en: 'Returned on' }, { readonly: true, list: true, sort: true }),
    downtime_days: f.int(
      { vi: 'Số ngày ngừng sử dụng', en: 'Days out of service' },
      { readonly: true, list: true, sort: true, computed: { sql: 'returned_date - sent_date', from: ['returned_date', 'sent_date'] } },
    ),
    outcome: f.enum(REPAIR_OUTCOME, { vi: 'Kết quả', en: 'Outcome' }, { readonly: true, list: true, filter: true, valueLabels: REPAIR_OUTCOME_LABELS }),
    capitalised: f.bool({ vi: 'Sửa chữa lớn (ghi tăng nguyên giá)', en: 'Capitalised (adds to the asset value)' }, { default: false }),
    extra_months: f.int({ vi: 'Số tháng khấu hao tăng thêm', en: 'Months added to the life' }, { default: 0, min: 0, max: 240 }),
    status: f.enum(
      REPAIR_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'SENT',
        list: true,
        filter: true,
        valueLabels: REPAIR_STATUS_LABELS,
        valueColors: { SENT: 'gold', RETURNED: 'green', CANCELLED: 'default' },
      },
    ),
    note: f.longText(L.note),
  },
});
