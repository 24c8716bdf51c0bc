import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';
import { settingRef } from './settings';

/** Where a bid stands: prepared, submitted on time, then won or lost; cancelled when the company withdraws or the tender is called off. */
export const BID_STATUS = ['PREPARING', 'SUBMITTED', 'WON', 'LOST', 'CANCELLED'] as const;
export const BID_STATUS_LABELS = opt({
  PREPARING: { vi: 'Đang chuẩn bị', en: 'Preparing' },
  SUBMITTED: { vi: 'Đã nộp thầu', en: 'Submitted' },
  WON: { vi: 'Trúng thầu', en: 'Won' },
  LOST: { vi: 'Trượt thầu', en: 'Lost' },
  CANCELLED: { vi: 'Hủy', en: 'Cancelled' },
});

/**
 * A bid (spec §7 `/bid`): the company's tender for a package of a project of the pipeline, with its submission deadline
 * and price, deployed through a checklist (`/bid-deployment-checklist`).
 *
 * - **Submitted** only once every required checklist item is done (the kit's checklist `blocks`: a 422 naming those
 *   open); the checklist's progress shows on the bid.
 * - **The result**: won on a date, or lost to a named winner at their price — the price gap (ours minus theirs, in đồng,
 *   and as a percent of theirs) is computed, and lost bids say why. Results feed the win rate by segment (the project's
 *   category, copied onto the bid and following it), counted by the business report.
 * - Read and written as its project is.
 */
export const bid = defineResource({
  name: 'bid',
  domain: 'business',
  path: '/bid',
  table: 'bid',
  feature: 'project',
  icon: 'audit',
  label: { vi: 'Hồ sơ dự thầu', en: 'Bid' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'deadline desc',
  parent: 'project_id',
  scope: { via: 'project_id' },
  bulk: { delete: true },
  workflow: {
    field: 'status',
    moves: {
      PREPARING: ['SUBMITTED', 'CANCELLED'],
      SUBMITTED: ['WON', 'LOST', 'CANCELLED'],
      WON: [],
      LOST: [],
      CANCELLED: ['PREPARING'],
    },
    records: { WON: ['result_date'], LOST: ['result_date', 'winner', 'winner_price', 'lost_reason'] },
    verbs: {
      SUBMITTED: { vi: 'Nộp thầu', en: 'Submit' },
      WON: { vi: 'Trúng thầu', en: 'Mark won' },
      LOST: { vi: 'Trượt thầu', en: 'Mark lost' },
      CANCELLED: { vi: 'Hủy hồ sơ', en: 'Cancel' },
      PREPARING: { vi: 'Chuẩn bị lại', en: 'Prepare again' },
    },
  },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, max: 20, list: true, search: true, sort: true, generate: { pattern: 'DT{yy}-{n:4}' } }),
    name: f.text({ vi: 'Tên gói thầu', en: 'Bid package' }, { required: true, max: 255, list: true, search: true, sort: true }),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { required: true, list: true, filter: true }),
    category_id: {
      ...settingRef('CATEGORY', { list: true }),
      label: { vi: 'Phân khúc (loại dự án)', en: 'Segment (project category)' },
      readonly: true,
      copyFrom: { ref: 'project_id', field: 'category_id', follow: {} },
    },
    manager_id: f.ref('staff', { vi: 'Người phụ trách hồ sơ', en: 'Bid manager' }, { required: true, list: true, filter: true }),
    deadline: f.date({ vi: 'Hạn nộp thầu', en: 'Submission deadline' }, { required: true, list: true, sort: true }),
    bid_price: f.money({ vi: 'Giá dự thầu', en: 'Our price' }, { min: 0, list: true, sort: true }),
    bid_security: f.money({ vi: 'Bảo lãnh dự thầu', en: 'Bid security' }, { min: 0 }),
    total_checklist: f.int({ vi: 'Số đầu việc', en: 'Checklist items' }, { readonly: true, default: 0 }),
    progress: f.int({ vi: 'Tiến độ chuẩn bị (%)', en: 'Preparation (%)' }, { readonly: true, default: 0, list: true }),
    status: f.enum(
      BID_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'PREPARING',
        list: true,
        filter: true,
        sort: true,
        valueLabels: BID_STATUS_LABELS,
        valueColors: { PREPARING: 'blue', SUBMITTED: 'gold', WON: 'green', LOST: 'red', CANCELLED: 'default' },
      },
    ),
    result_date: f.date({ vi: 'Ngày có kết quả', en: 'Result on' }, { readonly: true, past: true, list: true }),
    winner: f.text({ vi: 'Nhà thầu trúng thầu', en: 'Winner' }, { readonly: true, max: 255, list: true }),
    winner_price: f.money({ vi: 'Giá trúng thầu', en: 'Winning price' }, { readonly: true, min: 0, list: true }),
    price_gap: f.money(
      { vi: 'Chênh lệch giá', en: 'Price gap' },
      { readonly: true, list: true, computed: { sql: 'bid_price - winner_price', from: ['bid_price', 'winner_price'] } },
    ),
    price_gap_percent: f.number(
      { vi: 'Chênh lệch giá (%)', en: 'Price gap (%)' },
      {
        readonly: true,
        computed: { sql: 'round((bid_price - winner_price) * 100.0 / nullif(winner_price, 0), 2)', from: ['bid_price', 'winner_price'] },
      },
    ),
    lost_reason: f.text({ vi: 'Lý do trượt', en: 'Why it was lost' }, { readonly: true, max: 1000 }),
    note: f.longText(L.note),
  },
});

/**
 * A bid's deployment checklist (spec §7 `/bid-deployment-checklist`): the work of a tender — site visit, clarification
 * questions, quantities, supplier quotations, the bid security, the price approval, the binding and submission — each
 * with its owner and a due day counted back from the bid's deadline (`days_before`: T−7, T−3…; the kit's
 * `copyFrom.daysBefore`, following the deadline when it moves). An owner is reminded the day before and told when it is
 * late; the required items hold the bid's submission.
 */
export const bidChecklist = defineResource({
  name: 'bidChecklist',
  domain: 'business',
  path: '/bid-deployment-checklist',
  table: 'bid_checklist',
  feature: 'project',
  icon: 'schedule',
  label: { vi: 'Đầu việc triển khai hồ sơ thầu', en: 'Bid checklist item' },
  titleField: 'name',
  defaultOrder: 'sort_order asc',
  parent: 'bid_id',
  scope: { via: 'bid_id' },
  checklist: { done: 'done', required: 'required', total: 'total_checklist', progress: 'progress', blocks: ['SUBMITTED'], order: 'sort_order' },
  deadline: { field: 'due_date', flag: 'overdue', remindBefore: [24], notify: ['owner_id'], open: { field: 'done', values: ['false'] } },
  fields: {
    bid_id: f.ref('bid', { vi: 'Hồ sơ dự thầu', en: 'Bid' }, { required: true, list: true, filter: true }),
    name: f.text({ vi: 'Đầu việc', en: 'Task' }, { required: true, max: 255, list: true, search: true }),
    owner_id: f.ref('staff', { vi: 'Người thực hiện', en: 'Owner' }, { required: true, list: true, filter: true }),
    days_before: f.int({ vi: 'Hoàn thành trước hạn nộp (ngày)', en: 'Days before the deadline' }, { required: true, min: 0, max: 365, list: true }),
    due_date: f.date(
      { vi: 'Hạn hoàn thành', en: 'Due on' },
      { readonly: true, list: true, sort: true, copyFrom: { ref: 'bid_id', field: 'deadline', follow: {}, daysBefore: 'days_before' } },
    ),
    required: f.bool({ vi: 'Bắt buộc trước khi nộp', en: 'Required before submission' }, { default: true, list: true }),
    done: f.bool({ vi: 'Hoàn thành', en: 'Done' }, { default: false, list: true, filter: true }),
    overdue: f.bool({ vi: 'Quá hạn', en: 'Overdue' }, { readonly: true, default: false, list: true, filter: true }),
    sort_order: f.int(L.ordering, { min: 0, max: 100000, sort: true }),
    note: f.text(L.note, { max: 1000 }),
  },
});
