import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { settingItems } from './settings';

/** The kinds of contractor setting items (spec §7 Contractors "setting items"): partner types and fields of work. */
export const CONTRACTOR_SETTING_KIND = ['TYPE', 'FIELD'] as const;
export const CONTRACTOR_SETTING_KIND_LABELS = opt({
  TYPE: { vi: 'Loại đối tác', en: 'Partner type' },
  FIELD: { vi: 'Lĩnh vực', en: 'Field of work' },
});

/**
 * Contractor setting items: the partner types (a structural subcontractor, an MEP subcontractor, a concrete supplier, a
 * design consultant…) and fields of work, kept with the `setting` right; read by whoever works with partners.
 */
export const contractorSettingItem = settingItems({
  name: 'contractorSettingItem',
  path: '/contractor-setting-item',
  table: 'contractor_setting_item',
  feature: 'subcontractor',
  label: { vi: 'Danh mục nhà thầu', en: 'Contractor setting item' },
  kinds: CONTRACTOR_SETTING_KIND,
  kindLabels: CONTRACTOR_SETTING_KIND_LABELS,
});

/** What a partner is to the company; lists count contractors and equipment suppliers (spec §3 "totalContractors and totalEquipments"). */
export const CONTRACTOR_KIND = ['CONTRACTOR', 'EQUIPMENT', 'SUPPLIER', 'CONSULTANT'] as const;
export type ContractorKind = (typeof CONTRACTOR_KIND)[number];
export const CONTRACTOR_KIND_LABELS = opt({
  CONTRACTOR: { vi: 'Nhà thầu thi công', en: 'Contractor' },
  EQUIPMENT: { vi: 'Nhà cung cấp thiết bị', en: 'Equipment supplier' },
  SUPPLIER: { vi: 'Nhà cung cấp vật tư', en: 'Materials supplier' },
  CONSULTANT: { vi: 'Đơn vị tư vấn', en: 'Consultant' },
});

/** Whether the company works with a partner. */
export const CONTRACTOR_STATUS = ['COOPERATING', 'SUSPENDED', 'BLACKLISTED'] as const;
export type ContractorStatus = (typeof CONTRACTOR_STATUS)[number];
export const CONTRACTOR_STATUS_LABELS = opt({
  COOPERATING: { vi: 'Đang hợp tác', en: 'Cooperating' },
  SUSPENDED: { vi: 'Tạm ngừng hợp tác', en: 'Suspended' },
  BLACKLISTED: { vi: 'Ngừng hợp tác', en: 'Blacklisted' },
});

/** Spec §3 "Performance grades: Gioi, Kha, Trung binh" (contracts business/evaluation.ts `gradeOf`). */
export const CONTRACTOR_GRADE = ['GIOI', 'KHA', 'TRUNG_BINH'] as const;
export type ContractorGrade = (typeof CONTRACTOR_GRADE)[number];
export const CONTRACTOR_GRADE_LABELS = opt({
  GIOI: { vi: 'Giỏi', en: 'Good' },
  KHA: { vi: 'Khá', en: 'Fair' },
  TRUNG_BINH: { vi: 'Trung bình', en: 'Average' },
});
export const CONTRACTOR_GRADE_COLORS: Record<ContractorGrade, string> = { GIOI: 'green', KHA: 'blue', TRUNG_BINH: 'red' };

/**
 * Contractors and partners (spec §3 "Partner or contractor", §7 Contractors): the companies the firm builds with.
 *
 * - The list (and its "all" and download: the list at a large limit, its xlsx export) carries `totalContractors` and
 *   `totalEquipments` within its filters (spec §3).
 * - **Standing** (kept by the service from the completed evaluations, contracts business/evaluation.ts): `avg_point`
 *   over the evaluations made — only periods with activity count, since an evaluation is made only when there was work
 *   to judge (an acceptance, an incident), never a zero for a quiet quarter (ERPNext users' complaint, frappe/erpnext
 *   #31597) — its `grade`, the execution scale (`execution_point`) and the maintenance mark (`maintenance_point`, spec
 *   "warranty mark (maintenance.mark)"). A contractor graded Trung bình is in poor standing: its grade shows beside its
 *   name wherever it is listed and picked.
 * - Not limited by department or project: partners are the company's; the `subcontractor` right decides.
 */
export const contractor = defineResource({
  name: 'contractor',
  domain: 'business',
  path: '/contractor',
  table: 'contractor',
  feature: 'subcontractor',
  icon: 'team',
  label: { vi: 'Nhà thầu - đối tác', en: 'Contractor' },
  pickerTag: 'grade',
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  importKey: 'code',
  tally: {
    totalContractors: { field: 'kind', values: ['CONTRACTOR'], label: { vi: 'Nhà thầu', en: 'Contractors' } },
    totalEquipments: { field: 'kind', values: ['EQUIPMENT'], label: { vi: 'Nhà cung cấp thiết bị', en: 'Equipment suppliers' } },
  },
  fields: {
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'NT-{n:4}' } }),
    name: f.text({ vi: 'Tên đối tác', en: 'Name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    kind: f.enum(
      CONTRACTOR_KIND,
      { vi: 'Nhóm đối tác', en: 'Kind' },
      { required: true, default: 'CONTRACTOR', list: true, filter: true, valueLabels: CONTRACTOR_KIND_LABELS },
    ),
    type_id: f.ref('contractorSettingItem', CONTRACTOR_SETTING_KIND_LABELS.TYPE, { list: true, filter: true, where: { kind: 'TYPE' } }),
    field_ids: f.refs('contractorSettingItem', CONTRACTOR_SETTING_KIND_LABELS.FIELD, { filter: true, where: { kind: 'FIELD' } }),
    representative: f.text({ vi: 'Người đại diện', en: 'Representative' }, { max: 255, list: true, search: true }),
    phone: f.phone({ vi: 'Điện thoại', en: 'Phone' }, { list: true }),
    email: f.email({ vi: 'Email', en: 'Email' }),
    address: f.text({ vi: 'Địa chỉ', en: 'Address' }, { max: 500 }),
    tax_code: f.text({ vi: 'Mã số thuế', en: 'Tax code' }, { unique: true, max: 20, list: true, search: true }),
    bank_account: f.text({ vi: 'Số tài khoản', en: 'Bank account' }, { max: 30 }),
    bank_name: f.text({ vi: 'Ngân hàng', en: 'Bank' }, { max: 255 }),
    website: f.url({ vi: 'Website', en: 'Website' }),
    status: f.enum(
      CONTRACTOR_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        required: true,
        default: 'COOPERATING',
        list: true,
        filter: true,
        valueLabels: CONTRACTOR_STATUS_LABELS,
        valueColors: { COOPERATING: 'green', SUSPENDED: 'gold', BLACKLISTED: 'red' },
      },
    ),
    avg_point: f.number({ vi: 'Điểm trung bình', en: 'Average point' }, { readonly: true, list: true, sort: true }),
    grade: f.enum(
      CONTRACTOR_GRADE,
      { vi: 'Xếp loại', en: 'Grade' },
      { readonly: true, list: true, filter: true, valueLabels: CONTRACTOR_GRADE_LABELS, valueColors: CONTRACTOR_GRADE_COLORS },
    ),
    execution_point: f.number({ vi: 'Điểm thi công', en: 'Execution scale' }, { readonly: true, list: true }),
    maintenance_point: f.number({ vi: 'Điểm bảo hành', en: 'Maintenance mark' }, { readonly: true, list: true }),
    evaluation_count: f.int({ vi: 'Số lần đánh giá', en: 'Evaluations' }, { readonly: true, default: 0 }),
    note: f.longText(L.note),
  },
});
