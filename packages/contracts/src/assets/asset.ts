import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { INSPECTION_STATE, INSPECTION_STATE_COLORS, INSPECTION_STATE_LABELS } from './inspection';

/** Spec §3 "Entity kinds: asset, equipment, storage": what the register holds. */
export const ASSET_KIND = ['ASSET', 'EQUIPMENT', 'STORAGE'] as const;
export const ASSET_KIND_LABELS = opt({
  ASSET: { vi: 'Tài sản', en: 'Asset' },
  EQUIPMENT: { vi: 'Thiết bị', en: 'Equipment' },
  STORAGE: { vi: 'Vật tư lưu kho', en: 'Stock item' },
});

/** Spec §4 "Asset status, each with a colour badge". */
export const ASSET_STATUS = ['NEW', 'HAND_OVER', 'USED', 'DAMAGED', 'DISCOUNT', 'LIQUIDATION', 'STORAGE', 'STORAGE_DAMAGED'] as const;
export type AssetStatus = (typeof ASSET_STATUS)[number];
export const ASSET_STATUS_LABELS = opt({
  NEW: { vi: 'Mới', en: 'New' },
  HAND_OVER: { vi: 'Đang bàn giao', en: 'Being handed over' },
  USED: { vi: 'Đang sử dụng', en: 'In use' },
  DAMAGED: { vi: 'Hư hỏng', en: 'Damaged' },
  DISCOUNT: { vi: 'Hết khấu hao', en: 'Fully depreciated' },
  LIQUIDATION: { vi: 'Đã thanh lý', en: 'Liquidated' },
  STORAGE: { vi: 'Lưu kho', en: 'In storage' },
  STORAGE_DAMAGED: { vi: 'Lưu kho - hư hỏng', en: 'In storage, damaged' },
});
/** The badge colour of each status (antd tag colours). */
export const ASSET_STATUS_COLORS: Record<AssetStatus, string> = {
  NEW: 'cyan',
  HAND_OVER: 'gold',
  USED: 'green',
  DAMAGED: 'red',
  DISCOUNT: 'purple',
  LIQUIDATION: 'default',
  STORAGE: 'blue',
  STORAGE_DAMAGED: 'volcano',
};

/**
 * The statuses in which an asset still serves and so still depreciates to its end: the daily job sets DISCOUNT on such
 * an asset once its schedule has ended (services/assets/src/depreciation). A damaged one waits for its repair or its
 * liquidation; one being handed over, for the handover.
 */
export const ASSET_SERVING: readonly AssetStatus[] = ['NEW', 'USED', 'STORAGE'];
/** The statuses in which nobody holds the asset: it may be deleted (a record made by mistake) or liquidated. */
export const ASSET_UNHELD: readonly AssetStatus[] = ['NEW', 'STORAGE', 'STORAGE_DAMAGED', 'DAMAGED', 'DISCOUNT', 'LIQUIDATION'];

/**
 * The asset register (spec §3 "Asset", §7 `/asset`): the company's assets, equipment and stock items.
 *
 * - **Code**: `ASM-0001`, generated without gaps when left blank (a refused create gives its number back); a code typed
 *   by hand is kept and passed over by the numbering. Default order `asset_code desc` (spec §9).
 * - **Scope**: the managing department's (spec §6): a department head sees and keeps their department's assets; the
 *   holder sees what they hold, and the receiver of a handover what is being handed to them.
 * - **Holder and status**: who holds an asset and whether it is in use follow its handovers (HAND_OVER while one waits,
 *   USED once accepted, STORAGE once returned) — not an edit; the other moves are the declared workflow below, made by
 *   the asset office (the approve right on assets within their scope): into and out of storage, damaged and repaired,
 *   liquidated (recording its date and price). DISCOUNT is set by the daily depreciation job.
 * - **Depreciation**: straight-line over `depreciation_months` from the purchase month, in whole đồng
 *   (contracts assets/depreciation.ts); a capitalised repair adds its cost and months (`capitalised_cost`,
 *   `extended_months`, kept by the repairs). `depreciation_end` is the last day of the schedule's last month.
 * - The list answers `totalAssets` and `totalEquipments` beside its rows (spec §3), within its filters and scope.
 */
export const asset = defineResource({
  name: 'asset',
  domain: 'assets',
  path: '/asset',
  table: 'asset',
  feature: 'asset',
  icon: 'bank',
  label: { vi: 'Tài sản', en: 'Asset' },
  titleField: 'title',
  findable: true,
  defaultOrder: 'asset_code desc',
  importKey: 'asset_code',
  scope: { staffDepartment: 'department_id', ownStaff: 'holder_id', shared: ['receiver_id'] },
  tally: {
    totalAssets: { field: 'kind', values: ['ASSET'], label: { vi: 'Tài sản', en: 'Assets' } },
    totalEquipments: { field: 'kind', values: ['EQUIPMENT'], label: { vi: 'Thiết bị', en: 'Equipment' } },
  },
  bulk: { delete: true },
  workflow: {
    field: 'status',
    moves: {
      NEW: ['STORAGE', 'DAMAGED', 'LIQUIDATION'],
      HAND_OVER: [],
      USED: ['DAMAGED'],
      DAMAGED: ['USED', 'STORAGE_DAMAGED', 'LIQUIDATION'],
      DISCOUNT: ['DAMAGED', 'LIQUIDATION'],
      LIQUIDATION: [],
      STORAGE: ['STORAGE_DAMAGED', 'LIQUIDATION'],
      STORAGE_DAMAGED: ['STORAGE', 'LIQUIDATION'],
    },
    records: { LIQUIDATION: ['liquidation_date', 'liquidation_price'] },
  },
  // Who does what (kit/actors.ts): the asset office — the approve right on assets, within its scope — moves an asset
  // between statuses and between departments; one held by someone (being handed over, in use) is not deleted: it is
  // returned first.
  actors: {
    office: { manager: true, label: { vi: 'bộ phận quản lý tài sản', en: 'the asset office' } },
  },
  acts: {
    // Who reads an asset: its managing department (the office alone moves it to another), its holder and its receiver
    // (handovers set them).
    fields: [{ fields: ['department_id', 'holder_id', 'receiver_id'], by: ['office'], share: true }],
    delete: { by: ['office'], in: ASSET_UNHELD },
    moves: { '*': { by: ['office'] } },
  },
  fields: {
    asset_code: f.text({ vi: 'Mã tài sản', en: 'Asset code' }, { unique: true, max: 30, search: true, sort: true, generate: { pattern: 'ASM-{n:4}' } }),
    name: f.text({ vi: 'Tên tài sản', en: 'Asset name' }, { required: true, max: 255, search: true, sort: true }),
    // How an asset is named wherever it is listed, picked or referred to: its code with its name (many laptops share a
    // name); the list's first column, sorted as its code is.
    title: f.text(
      { vi: 'Tài sản', en: 'Asset' },
      { readonly: true, list: true, sort: true, computed: { sql: "asset_code || ' · ' || name", from: ['asset_code', 'name'] } },
    ),
    kind: f.enum(ASSET_KIND, { vi: 'Phân loại', en: 'Kind' }, { required: true, default: 'ASSET', list: true, filter: true, valueLabels: ASSET_KIND_LABELS }),
    type_id: f.ref('assetType', { vi: 'Loại tài sản', en: 'Asset type' }, { required: true, list: true, filter: true }),
    group_id: f.ref('assetGroup', { vi: 'Nhóm tài sản', en: 'Asset group' }, { list: true, filter: true }),
    brand: f.text({ vi: 'Hãng sản xuất', en: 'Brand' }, { max: 100, search: true }),
    model: f.text({ vi: 'Model', en: 'Model' }, { max: 100, search: true }),
    serial: f.text({ vi: 'Số serial', en: 'Serial number' }, { max: 100, unique: true, search: true }),
    supplier: f.text({ vi: 'Nhà cung cấp', en: 'Supplier' }, { max: 255, search: true }),
    purchase_date: f.date({ vi: 'Ngày mua', en: 'Purchase date' }, { required: true, default: 'today', list: true, sort: true }),
    purchase_price: f.money({ vi: 'Nguyên giá', en: 'Purchase price' }, { required: true, min: 0, list: true, sort: true }),
    // Left blank on a new asset: its group's (contracts assets/settings.ts); 0: not depreciated.
    depreciation_months: f.int({ vi: 'Thời gian khấu hao (tháng)', en: 'Useful life (months)' }, { min: 0, max: 600 }),
    extended_months: f.int({ vi: 'Số tháng kéo dài do sửa chữa lớn', en: 'Months added by capitalised repairs' }, { readonly: true, default: 0 }),
    capitalised_cost: f.money({ vi: 'Chi phí sửa chữa lớn ghi tăng', en: 'Capitalised repair cost' }, { readonly: true, default: 0 }),
    // The last day of the schedule's last month (assets/depreciation.ts depreciationEnd), kept by the service with
    // every write of the price, the life or a capitalised repair.
    depreciation_end: f.date({ vi: 'Ngày hết khấu hao', en: 'Depreciated by' }, { readonly: true, sort: true }),
    // The inspection policy's dates and where the asset stands (contracts assets/inspection.ts), kept by the service.
    last_inspection_date: f.date({ vi: 'Kiểm định gần nhất', en: 'Last inspected' }, { readonly: true, sort: true }),
    next_inspection_date: f.date({ vi: 'Hạn kiểm định tiếp theo', en: 'Next inspection due' }, { readonly: true, sort: true }),
    inspection_state: f.enum(
      INSPECTION_STATE,
      { vi: 'Tình trạng kiểm định', en: 'Inspection' },
      { readonly: true, filter: true, valueLabels: INSPECTION_STATE_LABELS, valueColors: INSPECTION_STATE_COLORS },
    ),
    insured_until: f.date({ vi: 'Bảo hiểm đến', en: 'Insured until' }, { readonly: true, sort: true }),
    department_id: f.ref('organization', { vi: 'Phòng ban quản lý', en: 'Managing department' }, { required: true, list: true, filter: true }),
    holder_id: f.ref('staff', { vi: 'Người đang giữ', en: 'Held by' }, { readonly: true, list: true, filter: true }),
    // The receiver of the handover it is on while they have still to answer (kept by the handovers): they read it —
    // a label scanned, the line they accept — whatever their department.
    receiver_id: f.ref('staff', { vi: 'Người đang nhận bàn giao', en: 'Being handed to' }, { readonly: true }),
    location: f.text({ vi: 'Vị trí', en: 'Location' }, { max: 255, list: true, search: true }),
    status: f.enum(
      ASSET_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      { readonly: true, default: 'NEW', list: true, filter: true, valueLabels: ASSET_STATUS_LABELS, valueColors: ASSET_STATUS_COLORS },
    ),
    liquidation_date: f.date({ vi: 'Ngày thanh lý', en: 'Liquidation date' }, { readonly: true, sort: true }),
    liquidation_price: f.money({ vi: 'Giá thanh lý', en: 'Liquidation price' }, { readonly: true, min: 0 }),
    note: f.longText(L.note),
  },
});
