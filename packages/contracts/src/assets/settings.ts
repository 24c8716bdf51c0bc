import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

/**
 * The asset settings (spec §7 "asset setting"): the types assets are of (machinery, vehicles, office equipment, tools)
 * and, within a type, the groups that share a useful life and an inspection interval (excavators, tower cranes,
 * laptops). A group's `depreciation_months` is what a new asset of the group left without one takes; its `inspection_months` (else its type's) is the
 * inspection policy of every asset in it (contracts assets/inspection.ts: next due = last inspection, or the purchase
 * date, plus the interval — an asset never inspected is due, not forgotten). Kept, like every domain's settings, by
 * whoever holds the `setting` right; read by everyone who works with assets.
 */
export const assetType = defineResource({
  name: 'assetType',
  // A plain reference list: its writes decide no one's access, pay, rights or workflow (the abuse properties sample it lightly).
  plain: true,
  domain: 'assets',
  path: '/asset-type',
  table: 'asset_type',
  feature: 'asset',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Loại tài sản', en: 'Asset type' },
  titleField: 'name',
  defaultOrder: 'name asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code, { max: 30 }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    // The inspection policy of the type's assets whose group has none (contracts assets/inspection.ts).
    inspection_months: f.int({ vi: 'Chu kỳ kiểm định (tháng)', en: 'Inspection interval (months)' }, { min: 1, max: 120, list: true }),
    description: f.longText(L.description),
  },
});

export const assetGroup = defineResource({
  name: 'assetGroup',
  plain: true,
  domain: 'assets',
  path: '/asset-group',
  table: 'asset_group',
  feature: 'asset',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Nhóm tài sản', en: 'Asset group' },
  titleField: 'name',
  defaultOrder: 'name asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code, { max: 30 }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    type_id: f.ref('assetType', { vi: 'Loại tài sản', en: 'Asset type' }, { required: true, list: true, filter: true }),
    depreciation_months: f.int({ vi: 'Thời gian khấu hao (tháng)', en: 'Useful life (months)' }, { required: true, default: 60, min: 0, max: 600, list: true }),
    inspection_months: f.int({ vi: 'Chu kỳ kiểm định (tháng)', en: 'Inspection interval (months)' }, { min: 1, max: 120, list: true }),
    description: f.longText(L.description),
  },
});
