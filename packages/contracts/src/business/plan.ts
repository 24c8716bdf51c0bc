import { defineResource } from '../kit/resource';
import { f, type FieldDef } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';

/** Spec §4 "Plan states: DRAFT, APPROVING, APPROVED, REJECTED, EXPIRED". */
export const PLAN_STATUS = ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export type PlanStatus = (typeof PLAN_STATUS)[number];
export const PLAN_STATUS_LABELS = opt({
  DRAFT: { vi: 'Nháp', en: 'Draft' },
  APPROVING: { vi: 'Chờ phê duyệt', en: 'Awaiting approval' },
  APPROVED: { vi: 'Đã phê duyệt', en: 'Approved' },
  REJECTED: { vi: 'Từ chối', en: 'Rejected' },
  EXPIRED: { vi: 'Hết hạn', en: 'Expired' },
});
/** The statuses in which a plan's targets are still written. */
export const PLAN_OPEN: readonly PlanStatus[] = ['DRAFT', 'REJECTED'];

/**
 * The items of a yearly plan, numbered I to V in the plan and its report (spec §3 "Roman numerals I to X number items 1
 * to 10"), each measured as the business records measure it (services/business reports/plan.ts):
 * - I. new contract value — contracts of the department's projects by the date they were signed;
 * - II. value won — bids won (our price) by the date of their result;
 * - III. bids submitted — bids sent (submitted, won or lost) by their submission deadline;
 * - IV. bids won — by the date of their result;
 * - V. new projects — leads registered in the pipeline, by the day they were.
 * The value items are planned in million VND (up to four decimals: to the hundred đồng), the others in numbers.
 */
export const PLAN_ITEM = ['CONTRACT_VALUE', 'WON_VALUE', 'BIDS_SUBMITTED', 'BIDS_WON', 'NEW_PROJECTS'] as const;
export type PlanItem = (typeof PLAN_ITEM)[number];
export const PLAN_ITEM_LABELS = opt({
  CONTRACT_VALUE: { vi: 'Giá trị hợp đồng ký mới (triệu đồng)', en: 'New contract value (million VND)' },
  WON_VALUE: { vi: 'Giá trị trúng thầu (triệu đồng)', en: 'Value won (million VND)' },
  BIDS_SUBMITTED: { vi: 'Số hồ sơ dự thầu đã nộp', en: 'Bids submitted' },
  BIDS_WON: { vi: 'Số gói thầu trúng', en: 'Bids won' },
  NEW_PROJECTS: { vi: 'Số dự án mới tiếp cận', en: 'New projects' },
});
/** The items planned in million VND (their actuals are sums of money). */
export const PLAN_VALUE_ITEMS: readonly PlanItem[] = ['CONTRACT_VALUE', 'WON_VALUE'];

/**
 * A business department's plan for a year (spec §7 "plan … with change-status, chart, check-create, approval PUT {id}";
 * §9 "Plan: f_main_year, f_sale_code; the default year is the current year"): its targets month by month for the items
 * above (its lines), drawn up by the department and approved by the business management.
 *
 * - **One plan per year and sales code** (`sale_code`: the code of the sales team that owns the targets — KD1, KD2; the
 *   business management assigns them): `GET /business-report/plan/check-create?f_main_year&f_sale_code` answers whether
 *   one may be created before the form is filled; a second is a 409.
 * - **Moves** (`PUT /business-report/plan/:id/change-status { status, note }`): its author sends it (DRAFT or REJECTED →
 *   APPROVING) or takes it back (APPROVING → DRAFT); an approver — the approve right on projects, never its author —
 *   approves or rejects it, also as `PUT /business-report/plan/:id/approval { status, note }`; a rejection says why.
 * - Its lines are written only while it is DRAFT or REJECTED (`parentOpen`); its author edits or deletes it then only.
 * - **EXPIRED**: a plan not approved by its approval deadline (`approve_by`, set by its author — the end of January of its
 *   year, say) expires (the deadline sweep, `moveTo`), its owner told a week ahead and when it passes; its author
 *   reopens it by giving it a later deadline (a draft again). An approved plan stays APPROVED — it is what was agreed, and
 *   the report compares the year's results with it.
 * - Plans are the company's targets, read by whoever reads the business area; the results the report sets beside them
 *   are read within the reader's project scope (services/business reports/plan.ts).
 */
export const businessPlan = defineResource({
  name: 'businessPlan',
  domain: 'business',
  path: '/business-report/plan',
  table: 'business_plan',
  feature: 'project',
  icon: 'audit',
  label: { vi: 'Kế hoạch kinh doanh năm', en: 'Yearly business plan' },
  titleField: 'name',
  defaultOrder: 'main_year desc, sale_code asc',
  unique: [['main_year', 'sale_code']],
  createCheck: true,
  deadline: {
    field: 'approve_by',
    flag: 'expired',
    notify: ['owner_id'],
    remindBefore: [24 * 7],
    open: { field: 'status', values: ['DRAFT', 'APPROVING', 'REJECTED'] },
    moveTo: 'EXPIRED',
  },
  workflow: {
    field: 'status',
    moves: { DRAFT: ['APPROVING'], APPROVING: ['APPROVED', 'REJECTED', 'DRAFT'], REJECTED: ['APPROVING', 'DRAFT'], APPROVED: [], EXPIRED: [] },
    action: 'view',
    records: { REJECTED: ['decision_note'] },
    alias: {
      path: '/business-report/plan/:id/change-status',
      method: 'PUT',
      status: 'status',
      also: [{ path: '/business-report/plan/:id/approval', to: ['APPROVED', 'REJECTED'] }],
    },
    verbs: {
      APPROVING: { vi: 'Gửi phê duyệt', en: 'Send for approval' },
      APPROVED: { vi: 'Phê duyệt', en: 'Approve' },
      REJECTED: { vi: 'Từ chối', en: 'Reject' },
      DRAFT: { vi: 'Rút lại', en: 'Withdraw' },
    },
  },
  actors: {
    author: { creator: true, label: { vi: 'người lập kế hoạch', en: 'its author' } },
    approver: {
      right: { action: 'approve', feature: 'project' },
      except: ['author'],
      label: { vi: 'người phê duyệt kế hoạch (không phải người lập)', en: 'an approver other than its author' },
    },
  },
  acts: {
    edit: { by: ['author'], in: [...PLAN_OPEN, 'EXPIRED'] },
    delete: { by: ['author'], in: PLAN_OPEN },
    moves: { APPROVED: { by: ['approver'] }, REJECTED: { by: ['approver'] }, '*': { by: ['author'] } },
  },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, max: 20, list: true, search: true, sort: true, generate: { pattern: 'KH{yy}-{n:3}' } }),
    name: f.text({ vi: 'Tên kế hoạch', en: 'Plan name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    main_year: f.int({ vi: 'Năm kế hoạch', en: 'Year' }, { required: true, min: 2000, max: 2100, list: true, filter: true, sort: true }),
    sale_code: f.text({ vi: 'Mã kinh doanh', en: 'Sales code' }, { required: true, max: 20, list: true, filter: true, sort: true, search: true }),
    department_id: f.ref('organization', { vi: 'Phòng kinh doanh', en: 'Sales department' }, { required: true, list: true, filter: true }),
    owner_id: f.ref('staff', { vi: 'Người phụ trách', en: 'Owner' }, { default: 'caller', list: true, filter: true }),
    note: f.longText(L.note),
    status: f.enum(
      PLAN_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'DRAFT',
        list: true,
        filter: true,
        sort: true,
        valueLabels: PLAN_STATUS_LABELS,
        valueColors: { DRAFT: 'default', APPROVING: 'gold', APPROVED: 'green', REJECTED: 'red', EXPIRED: 'purple' },
      },
    ),
    decision_note: f.text({ vi: 'Ý kiến phê duyệt', en: 'Decision note' }, { readonly: true, max: 1000, list: true }),
    approve_by: f.date({ vi: 'Hạn phê duyệt', en: 'To be approved by' }, { required: true, list: true, sort: true }),
    expired: f.bool({ vi: 'Đã hết hạn', en: 'Expired' }, { readonly: true, default: false }),
  },
});

const month = (m: number): FieldDef => f.number({ vi: `Tháng ${m}`, en: `Month ${m}` }, { min: 0, max: 1_000_000_000, list: true });

/**
 * A line of a plan: one item's targets for the twelve months (spec §3 "Months 1 to 12"), in the item's unit; `total`
 * their sum. One line per item; written only while the plan is a draft or was rejected.
 */
export const businessPlanLine = defineResource({
  name: 'businessPlanLine',
  domain: 'business',
  path: '/business-report/plan-line',
  table: 'business_plan_line',
  feature: 'project',
  icon: 'audit',
  label: { vi: 'Chỉ tiêu kế hoạch', en: 'Plan target' },
  titleField: 'item',
  defaultOrder: 'no asc',
  parent: 'plan_id',
  parentOpen: PLAN_OPEN,
  unique: [['plan_id', 'item']],
  importKey: ['plan_id', 'item'],
  fields: {
    plan_id: f.ref('businessPlan', { vi: 'Kế hoạch', en: 'Plan' }, { required: true, list: true, filter: true }),
    no: f.int(
      { vi: 'STT', en: 'No.' },
      {
        readonly: true,
        list: true,
        sort: true,
        computed: { sql: `array_position(ARRAY[${PLAN_ITEM.map((i) => `'${i}'`).join(', ')}]::text[], item::text)`, from: ['item'] },
      },
    ),
    item: f.enum(PLAN_ITEM, { vi: 'Chỉ tiêu', en: 'Item' }, { required: true, list: true, filter: true, sort: true, valueLabels: PLAN_ITEM_LABELS }),
    ...(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${i + 1}`, month(i + 1)])) as Record<`m${number}`, FieldDef>),
    note: f.text(L.note, { max: 500, list: true }),
    total: f.number(
      { vi: 'Cả năm', en: 'Year' },
      {
        readonly: true,
        list: true,
        computed: {
          sql: Array.from({ length: 12 }, (_, i) => `coalesce(m${i + 1}, 0)`).join(' + '),
          from: Array.from({ length: 12 }, (_, i) => `m${i + 1}`),
        },
      },
    ),
  },
});
