import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';

export const DOCUMENTATION_KIND = ['REGULATION', 'PROCEDURE', 'FORM', 'GUIDE', 'STANDARD'] as const;
export const DOCUMENTATION_KIND_LABELS = opt({
  REGULATION: { vi: 'Quy chế, quy định', en: 'Regulation' },
  PROCEDURE: { vi: 'Quy trình', en: 'Procedure' },
  FORM: { vi: 'Biểu mẫu', en: 'Form' },
  GUIDE: { vi: 'Hướng dẫn', en: 'Guide' },
  STANDARD: { vi: 'Tiêu chuẩn kỹ thuật', en: 'Technical standard' },
});
export const DOCUMENTATION_STATUS = ['EFFECTIVE', 'EXPIRED'] as const;
export const DOCUMENTATION_STATUS_LABELS = opt({
  EFFECTIVE: { vi: 'Đang hiệu lực', en: 'In force' },
  EXPIRED: { vi: 'Hết hiệu lực', en: 'No longer in force' },
});

/**
 * The company's documentation library (spec §6 feature `documentation`, "Tài liệu"): the regulations, procedures, forms,
 * guides and technical standards every member of staff works by — each with its code, version, the unit that keeps it,
 * when it takes effect, and its files (the detail page's attachments). Where the document register (`/document`) records
 * letters that come and go, this is what stays in force: read by everyone holding `documentation` view, kept by those
 * holding add and edit. A version replaced is marked no longer in force (the declared workflow), never deleted, so what
 * applied on a given day can still be read.
 */
export const documentation = defineResource({
  name: 'documentation',
  domain: 'admin',
  path: '/documentation',
  table: 'documentation',
  feature: 'documentation',
  icon: 'solution',
  label: { vi: 'Tài liệu', en: 'Documentation' },
  titleField: 'title',
  findable: true,
  defaultOrder: 'effective_date desc',
  importKey: 'code',
  unique: [['code', 'version']],
  workflow: { field: 'status', moves: { EFFECTIVE: ['EXPIRED'], EXPIRED: ['EFFECTIVE'] }, action: 'edit' },
  fields: {
    code: f.text({ vi: 'Mã tài liệu', en: 'Code' }, { required: true, max: 50, list: true, search: true, sort: true }),
    title: f.text({ vi: 'Tên tài liệu', en: 'Title' }, { required: true, max: 255, list: true, search: true, sort: true }),
    kind: f.enum(DOCUMENTATION_KIND, { vi: 'Loại tài liệu', en: 'Kind' }, { required: true, list: true, filter: true, valueLabels: DOCUMENTATION_KIND_LABELS }),
    version: f.text({ vi: 'Phiên bản', en: 'Version' }, { required: true, default: '1.0', max: 20, list: true }),
    department_id: f.ref('organization', { vi: 'Đơn vị quản lý', en: 'Kept by' }, { list: true, filter: true }),
    effective_date: f.date({ vi: 'Ngày hiệu lực', en: 'In force from' }, { required: true, default: 'today', list: true, sort: true }),
    status: f.enum(
      DOCUMENTATION_STATUS,
      { vi: 'Hiệu lực', en: 'Status' },
      { readonly: true, default: 'EFFECTIVE', list: true, filter: true, valueLabels: DOCUMENTATION_STATUS_LABELS },
    ),
    description: f.longText(L.description),
  },
});
