import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';

/** What the asset alerts watch (spec §7 "asset alert setting"). */
export const ASSET_ALERT_KIND = ['INSURANCE_EXPIRY', 'INSPECTION_DUE', 'DEPRECIATION_END', 'HANDOVER_WAITING'] as const;
export type AssetAlertKind = (typeof ASSET_ALERT_KIND)[number];
export const ASSET_ALERT_KIND_LABELS = opt({
  INSURANCE_EXPIRY: { vi: 'Bảo hiểm sắp hết hạn', en: 'Insurance ending' },
  INSPECTION_DUE: { vi: 'Đến hạn kiểm định', en: 'Inspection due' },
  DEPRECIATION_END: { vi: 'Sắp hết khấu hao', en: 'Depreciation ending' },
  HANDOVER_WAITING: { vi: 'Bàn giao chờ xác nhận', en: 'Handovers waiting' },
});

/**
 * The asset alerts (spec §7 "asset alert setting"; issue 33 point 8): each a kind — whether it is on, how far ahead
 * (days before a policy ends, an inspection falls due, a schedule ends; for handovers, how many days one may wait for
 * its receiver's answer), and who hears of it: the staff named (the asset office, every asset) and, when ticked, the
 * head of each asset's managing department (their own department's); a waiting handover also reminds its receiver.
 * A kind may have several alerts (the office a month ahead, the heads a week ahead); an asset is named once a digest.
 * Each person gets **one digest a day** — in the portal and, when the kind says so, by mail — listing everything of
 * theirs across the kinds, not a message per asset (services/assets alerts/digest.ts). Kept with the `setting` right.
 */
export const assetAlertSetting = defineResource({
  name: 'assetAlertSetting',
  plain: true,
  domain: 'assets',
  path: '/asset-alert-setting',
  table: 'asset_alert_setting',
  feature: 'asset',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Cài đặt cảnh báo tài sản', en: 'Asset alert settings' },
  titleField: 'name',
  defaultOrder: 'kind asc',
  fields: {
    // How the office names it (a kind may have several alerts: "Bảo hiểm — văn phòng", "Bảo hiểm — trưởng phòng").
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    kind: f.enum(
      ASSET_ALERT_KIND,
      { vi: 'Cảnh báo', en: 'Alert' },
      { required: true, list: true, filter: true, sort: true, valueLabels: ASSET_ALERT_KIND_LABELS },
    ),
    enabled: f.bool({ vi: 'Đang bật', en: 'On' }, { default: true, list: true }),
    days_ahead: f.int({ vi: 'Báo trước (ngày)', en: 'Days ahead' }, { required: true, default: 30, min: 0, max: 365, list: true }),
    recipient_ids: f.refs('staff', { vi: 'Người nhận (mọi tài sản)', en: 'Recipients (every asset)' }, { max: 30, list: true }),
    to_department_head: f.bool({ vi: 'Gửi trưởng phòng quản lý', en: "To the managing department's head" }, { default: true, list: true }),
    by_mail: f.bool({ vi: 'Gửi kèm email', en: 'By mail too' }, { default: true, list: true }),
    note: f.longText(L.note),
  },
});
