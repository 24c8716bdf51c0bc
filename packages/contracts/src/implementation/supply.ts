import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { implementationRef, projectOfImplementation } from './category';

/** Spec §7 supplies' categories. */
export const SUPPLY_CATEGORIES = ['EQUIPMENT_SUPPLIES', 'ACCESSORIES_SUPPLIES', 'INSTALLATION'] as const;
export const SUPPLY_CATEGORY_LABELS = opt({
  EQUIPMENT_SUPPLIES: { vi: 'Vật tư thiết bị', en: 'Equipment' },
  ACCESSORIES_SUPPLIES: { vi: 'Vật tư phụ kiện', en: 'Accessories' },
  INSTALLATION: { vi: 'Vật tư lắp đặt', en: 'Installation' },
});

/** Spec §7 the material flow: requested, then ordered — or failed (no supplier could deliver in time, the need went). */
export const MATERIAL_STATUS = ['REQUEST', 'ORDER', 'FAILED'] as const;
export const MATERIAL_STATUS_LABELS = opt({
  REQUEST: { vi: 'Yêu cầu', en: 'Requested' },
  ORDER: { vi: 'Đã đặt hàng', en: 'Ordered' },
  FAILED: { vi: 'Không thực hiện', en: 'Failed' },
});

/**
 * A supply request (spec §7 "supplies": categories EQUIPMENT_SUPPLIES, ACCESSORIES_SUPPLIES, INSTALLATION; the material
 * flow REQUEST → ORDER or FAILED; `summary_approval_cost`): what a site needs bought for a work package — how much, by
 * when, at what estimated cost — approved by the flow the SUPPLIER cost limit chooses, then ordered (only once approved)
 * or given up with a reason.
 */
export const supply = defineResource({
  name: 'supply',
  domain: 'implementation',
  path: '/supplies',
  table: 'supply',
  feature: 'price_approval',
  icon: 'tool',
  label: { vi: 'Yêu cầu vật tư', en: 'Supply request' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  parent: 'implementation_id',
  scope: { project: 'project_id' },
  approval: { documentType: 'supplies', amountField: 'summary_approval_cost', costLimit: 'SUPPLIER' },
  workflow: {
    field: 'material_status',
    moves: { REQUEST: ['ORDER', 'FAILED'], ORDER: [], FAILED: [] },
    records: { ORDER: ['ordered_date'], FAILED: ['failed_reason'] },
    verbs: { ORDER: { vi: 'Đặt hàng', en: 'Order' }, FAILED: { vi: 'Không thực hiện', en: 'Give up' } },
  },
  actors: { requester: { creator: true, label: { vi: 'người yêu cầu', en: 'the requester' } } },
  acts: {
    edit: { by: ['requester'], in: ['REQUEST'] },
    delete: { by: ['requester'], in: ['REQUEST'] },
    submit: { by: ['requester'] },
    moves: { '*': { by: ['requester'] } },
  },
  fields: {
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'VT{yy}-{n:4}' } }),
    name: f.text({ vi: 'Vật tư', en: 'Supplies' }, { required: true, max: 255, list: true, search: true, sort: true }),
    implementation_id: implementationRef(),
    project_id: projectOfImplementation(),
    category_id: f.ref('implementationCategory', { vi: 'Hạng mục', en: 'Work package' }, { list: true, filter: true }),
    supply_category: f.enum(
      SUPPLY_CATEGORIES,
      { vi: 'Loại vật tư', en: 'Category' },
      { required: true, list: true, filter: true, valueLabels: SUPPLY_CATEGORY_LABELS },
    ),
    quantity: f.number({ vi: 'Khối lượng', en: 'Quantity' }, { required: true, min: 0, list: true }),
    unit: f.text({ vi: 'Đơn vị tính', en: 'Unit' }, { required: true, max: 20, list: true }),
    needed_by: f.date({ vi: 'Cần trước ngày', en: 'Needed by' }, { list: true, sort: true }),
    summary_approval_cost: f.money({ vi: 'Giá trị dự kiến', en: 'Estimated cost' }, { required: true, min: 0, list: true, sort: true }),
    supplier_id: f.ref('contractor', { vi: 'Nhà cung cấp', en: 'Supplier' }, { list: true, filter: true }),
    material_status: f.enum(
      MATERIAL_STATUS,
      { vi: 'Tình trạng', en: 'Material status' },
      {
        readonly: true,
        default: 'REQUEST',
        list: true,
        filter: true,
        valueLabels: MATERIAL_STATUS_LABELS,
        valueColors: { REQUEST: 'gold', ORDER: 'green', FAILED: 'red' },
      },
    ),
    ordered_date: f.date({ vi: 'Ngày đặt hàng', en: 'Ordered on' }, { readonly: true }),
    failed_reason: f.text({ vi: 'Lý do không thực hiện', en: 'Why not' }, { readonly: true, max: 1000 }),
    note: f.text(L.note, { max: 1000 }),
  },
});

/**
 * A memo (spec §7 "memos", §3 `summary_approval_cost`): a submission to the management about the project — a change of
 * method, a schedule, a cost — with the amount it concerns when it has one, approved by the memo flow.
 */
export const memo = defineResource({
  name: 'memo',
  domain: 'implementation',
  path: '/memo',
  table: 'memo',
  // The works' own papers (the site writes them, as it writes the work packages).
  feature: 'category',
  icon: 'file',
  label: { vi: 'Tờ trình', en: 'Memo' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  parent: 'implementation_id',
  scope: { project: 'project_id' },
  approval: { documentType: 'memo', amountField: 'summary_approval_cost' },
  actors: { author: { creator: true, label: { vi: 'người lập', en: 'its author' } } },
  acts: { edit: { by: ['author'] }, delete: { by: ['author'] }, submit: { by: ['author'] } },
  print: { fields: ['code', 'name', 'implementation_id', 'content', 'summary_approval_cost'], words: ['summary_approval_cost'], approvals: 'request' },
  fields: {
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'TTr{yy}-{n:4}' } }),
    name: f.text({ vi: 'Trích yếu', en: 'Subject' }, { required: true, max: 255, list: true, search: true, sort: true }),
    implementation_id: implementationRef(),
    project_id: projectOfImplementation(),
    content: f.longText({ vi: 'Nội dung trình', en: 'Content' }, { required: true }),
    summary_approval_cost: f.money({ vi: 'Giá trị đề nghị', en: 'Amount' }, { min: 0, list: true, sort: true }),
  },
});
