import { defineResource, type ResourceDef } from '../kit/resource';
import { f, type Label } from '../kit/field';
import type { CostLimitKind } from '../kit/approval';
import type { Feature } from '../common/permissions';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { implementationRef, projectOfImplementation } from './category';
import { SUPPLY_CATEGORIES, SUPPLY_CATEGORY_LABELS } from './supply';

/**
 * Cost reviews (spec §7 "review-cost-supplier and review-cost-subcontractor, each with quotation, status, products,
 * vote-supplied and export"; §3 "Supplier cost: code, name, contractor, type, priority, start and end date, products,
 * submission cost. Supplier reviews carry totalSuppliers and is_vote"): before a project buys materials or gives a
 * package to a subcontractor, the site lists what it needs (the products: name, unit, quantity), asks several
 * suppliers or subcontractors for prices (a quotation each, priced line by line, with its VAT, delivery cost, payment
 * terms and delivery time), compares them side by side and awards each line — not always to the cheapest, and then
 * with a stated reason — and the awarded total goes through the flow the SUPPLIER or SUBCONTRACTOR cost limit chooses.
 *
 * The two kinds are the same records over different parties (suppliers and subcontractors are both the business
 * domain's contractors), declared once here (`reviewKind`), each with its own tables, path and right.
 *
 * **Life** (`review_status`): QUOTING (products and quotations are written) → EVALUATING (closed to new prices; the
 * comparison and the award) → AWARDED (by the award itself: `POST …/vote-supplied/:id`), then sent for approval; an
 * award not yet in approval may be reopened (→ EVALUATING, the award cleared); QUOTING or EVALUATING → CANCELLED.
 * Each move writes the activity entry "Update review cost status" (spec §7).
 */
export const REVIEW_STATUS = ['QUOTING', 'EVALUATING', 'AWARDED', 'CANCELLED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[number];
export const REVIEW_STATUS_LABELS = opt({
  QUOTING: { vi: 'Đang nhận báo giá', en: 'Collecting quotations' },
  EVALUATING: { vi: 'Đang so sánh', en: 'Comparing' },
  AWARDED: { vi: 'Đã chọn thầu', en: 'Awarded' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
});
/** The award is made by its own route, never by a plain move (the table has no move to AWARDED). */
export const REVIEW_MOVES: Record<ReviewStatus, readonly ReviewStatus[]> = {
  QUOTING: ['EVALUATING', 'CANCELLED'],
  EVALUATING: ['QUOTING', 'CANCELLED'],
  AWARDED: ['EVALUATING'],
  CANCELLED: [],
};

export const REVIEW_PRIORITY = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export const REVIEW_PRIORITY_LABELS = opt({
  LOW: { vi: 'Thấp', en: 'Low' },
  NORMAL: { vi: 'Bình thường', en: 'Normal' },
  HIGH: { vi: 'Cao', en: 'High' },
  URGENT: { vi: 'Khẩn cấp', en: 'Urgent' },
});

/** What a subcontractor is asked to price: carrying out a package, or its maintenance. */
export const SUBCONTRACT_TYPES = ['EXECUTION', 'MAINTENANCE'] as const;
export const SUBCONTRACT_TYPE_LABELS = opt({
  EXECUTION: { vi: 'Thi công', en: 'Execution' },
  MAINTENANCE: { vi: 'Bảo trì - bảo hành', en: 'Maintenance' },
});

export type ReviewKind = 'supplier' | 'subcontractor';

interface KindDecl {
  name: string;
  path: string;
  table: string;
  documentType: string;
  feature: Feature;
  costLimit: CostLimitKind;
  code: string;
  label: Label;
  party: Label;
  types: readonly string[];
  typeLabels: Readonly<Record<string, Label>>;
  /** Its quotations are also scored against the review items (review-points.ts): a subcontractor's, not a supplier's. */
  evaluated: boolean;
}

/** The two kinds: what differs between a supplier review and a subcontractor review. */
export const REVIEW_KINDS: Record<ReviewKind, KindDecl> = {
  supplier: {
    name: 'reviewCostSupplier',
    path: '/review-cost-supplier',
    table: 'review_supplier',
    documentType: 'review_cost_supplier',
    feature: 'price_approval',
    costLimit: 'SUPPLIER',
    code: 'DGCC{yy}-{n:4}',
    label: { vi: 'Đánh giá chi phí nhà cung cấp', en: 'Supplier cost review' },
    party: { vi: 'Nhà cung cấp', en: 'Supplier' },
    types: SUPPLY_CATEGORIES,
    typeLabels: SUPPLY_CATEGORY_LABELS,
    evaluated: false,
  },
  subcontractor: {
    name: 'reviewCostSubcontractor',
    path: '/review-cost-subcontractor',
    table: 'review_subcontractor',
    documentType: 'review_cost_subcontractor',
    feature: 'subcontractor',
    costLimit: 'SUBCONTRACTOR',
    code: 'DGTP{yy}-{n:4}',
    label: { vi: 'Đánh giá chi phí nhà thầu phụ', en: 'Subcontractor cost review' },
    party: { vi: 'Nhà thầu phụ', en: 'Subcontractor' },
    types: SUBCONTRACT_TYPES,
    typeLabels: SUBCONTRACT_TYPE_LABELS,
    evaluated: true,
  },
};

const reviewOf = (k: KindDecl) =>
  defineResource({
    name: k.name,
    domain: 'implementation',
    path: k.path,
    table: k.table,
    feature: k.feature,
    icon: 'audit',
    label: k.label,
    titleField: 'name',
    findable: true,
    defaultOrder: 'created_date desc',
    parent: 'implementation_id',
    scope: { project: 'project_id' },
    approval: { documentType: k.documentType, amountField: 'summary_approval_cost', costLimit: k.costLimit },
    workflow: {
      field: 'review_status',
      moves: REVIEW_MOVES,
      activity: { vi: 'Cập nhật trạng thái đánh giá chi phí', en: 'Update review cost status' },
      alias: { path: `${k.path}/status`, id: 'id', status: 'statusId' },
      verbs: {
        EVALUATING: { vi: 'Đóng báo giá, so sánh', en: 'Close quotations and compare' },
        CANCELLED: { vi: 'Hủy đánh giá', en: 'Cancel the review' },
      },
    },
    actors: { buyer: { creator: true, label: { vi: 'người lập đánh giá', en: 'its author' } } },
    acts: {
      edit: { by: ['buyer'], in: ['QUOTING', 'EVALUATING'] },
      delete: { by: ['buyer'], in: ['QUOTING'] },
      submit: { by: ['buyer'] },
      moves: { '*': { by: ['buyer'] } },
    },
    fields: {
      code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: k.code } }),
      name: f.text({ vi: 'Gói mua sắm', en: 'Package' }, { required: true, max: 255, list: true, search: true, sort: true }),
      implementation_id: implementationRef(),
      project_id: projectOfImplementation(),
      category_id: f.ref('implementationCategory', { vi: 'Hạng mục', en: 'Work package' }, { list: true, filter: true }),
      type: f.enum(k.types, { vi: 'Loại', en: 'Type' }, { required: true, list: true, filter: true, valueLabels: k.typeLabels }),
      priority: f.enum(
        REVIEW_PRIORITY,
        { vi: 'Mức ưu tiên', en: 'Priority' },
        { default: 'NORMAL', list: true, filter: true, valueLabels: REVIEW_PRIORITY_LABELS },
      ),
      start_date: f.date({ vi: 'Ngày bắt đầu nhận báo giá', en: 'Quotations from' }, { before: 'end_date', list: true, sort: true }),
      end_date: f.date({ vi: 'Hạn nộp báo giá', en: 'Quotations due' }, { list: true, sort: true }),
      submission_cost: f.money({ vi: 'Chi phí dự kiến', en: 'Estimated cost' }, { min: 0, list: true }),
      total_suppliers: f.int({ vi: 'Số báo giá', en: 'Quotations' }, { readonly: true, default: 0, list: true, sum: { of: `${k.name}Quotation` } }),
      is_vote: f.bool({ vi: 'Đã chọn thầu', en: 'Awarded' }, { readonly: true, default: false, list: true, filter: true }),
      contractor_id: f.ref(
        'contractor',
        { vi: `${k.party.vi} được chọn`, en: `Awarded ${k.party.en.toLowerCase()}` },
        { readonly: true, list: true, filter: true },
      ),
      summary_approval_cost: f.money({ vi: 'Giá trị chọn thầu', en: 'Awarded total' }, { readonly: true, default: 0, list: true, sort: true }),
      review_status: f.enum(
        REVIEW_STATUS,
        { vi: 'Tình trạng', en: 'Review status' },
        {
          readonly: true,
          default: 'QUOTING',
          list: true,
          filter: true,
          valueLabels: REVIEW_STATUS_LABELS,
          valueColors: { QUOTING: 'blue', EVALUATING: 'gold', AWARDED: 'green', CANCELLED: 'default' },
        },
      ),
      note: f.text(L.note, { max: 1000 }),
    },
  });

/**
 * A product of a review (spec "products"): one line of what is bought or given out — name, unit, quantity, its
 * specification — written while quotations are collected; once awarded, the quotation it went to, its normalised
 * amount and, where it was not the lowest alone, the reason.
 */
const productOf = (k: KindDecl) =>
  defineResource({
    name: `${k.name}Product`,
    domain: 'implementation',
    path: `${k.path}-product`,
    table: `${k.table}_product`,
    feature: k.feature,
    icon: 'file',
    label: { vi: 'Hạng mục mời thầu', en: 'Item to quote' },
    titleField: 'name',
    defaultOrder: 'sort_order asc, created_date asc',
    parent: 'review_id',
    parentOpen: ['QUOTING'],
    scope: { via: 'review_id' },
    bulk: { create: true },
    unique: [['review_id', 'name']],
    fields: {
      review_id: f.ref(k.name, k.label, { required: true, list: true, filter: true }),
      name: f.text({ vi: 'Vật tư / công việc', en: 'Item' }, { required: true, max: 255, list: true, search: true }),
      unit: f.text({ vi: 'Đơn vị tính', en: 'Unit' }, { required: true, max: 20, list: true }),
      quantity: f.number({ vi: 'Khối lượng', en: 'Quantity' }, { required: true, min: 0.001, max: 1e9, list: true }),
      specification: f.text({ vi: 'Quy cách, yêu cầu kỹ thuật', en: 'Specification' }, { max: 1000, list: true }),
      sort_order: f.int(L.ordering, { min: 0, max: 100000, sort: true }),
      awarded_quotation_id: f.ref(`${k.name}Quotation`, { vi: 'Báo giá được chọn', en: 'Awarded quotation' }, { readonly: true, list: true }),
      awarded_amount: f.money({ vi: 'Giá trị được chọn (đã quy đổi)', en: 'Awarded amount (normalised)' }, { readonly: true, list: true }),
      award_reason: f.text({ vi: 'Lý do chọn', en: 'Reason' }, { readonly: true, max: 1000, list: true }),
    },
  });

/**
 * A quotation (spec "quotation"): one party's offer for the review — its VAT rate, delivery cost, payment terms and
 * delivery time — priced line by line (its lines); `subtotal` the lines before VAT, `total` with VAT and delivery, in
 * whole đồng. One per party and review; written while quotations are collected.
 */
const quotationOf = (k: KindDecl) =>
  defineResource({
    name: `${k.name}Quotation`,
    domain: 'implementation',
    path: `${k.path}-quotation`,
    table: `${k.table}_quote`,
    feature: k.feature,
    icon: 'file',
    label: { vi: 'Báo giá', en: 'Quotation' },
    titleField: 'code',
    defaultOrder: 'created_date asc',
    parent: 'review_id',
    parentOpen: ['QUOTING'],
    scope: { via: 'review_id' },
    unique: [['review_id', 'contractor_id']],
    fields: {
      code: f.text(L.code, { unique: true, max: 30, list: true, search: true, generate: { pattern: 'BG{yy}-{n:5}' } }),
      review_id: f.ref(k.name, k.label, { required: true, list: true, filter: true }),
      contractor_id: f.ref('contractor', k.party, { required: true, list: true, filter: true }),
      quotation_date: f.date({ vi: 'Ngày báo giá', en: 'Quoted on' }, { default: 'today', list: true }),
      valid_until: f.date({ vi: 'Hiệu lực đến', en: 'Valid until' }, { list: true }),
      vat_rate: f.number({ vi: 'Thuế VAT (%)', en: 'VAT (%)' }, { required: true, default: 10, min: 0, max: 100, list: true }),
      delivery_cost: f.money({ vi: 'Chi phí vận chuyển', en: 'Delivery cost' }, { default: 0, min: 0, list: true }),
      payment_terms_days: f.int({ vi: 'Thời hạn thanh toán (ngày)', en: 'Payment terms (days)' }, { default: 30, min: 0, max: 365, list: true }),
      delivery_days: f.int({ vi: 'Thời gian giao hàng (ngày)', en: 'Delivery (days)' }, { min: 0, max: 3650, list: true }),
      subtotal: f.money(
        { vi: 'Giá trước thuế', en: 'Before VAT' },
        { readonly: true, default: 0, list: true, sum: { of: `${k.name}QuotationLine`, field: 'amount' } },
      ),
      total: f.money(
        { vi: 'Tổng giá trị (gồm VAT, vận chuyển)', en: 'Total (VAT and delivery included)' },
        {
          readonly: true,
          list: true,
          computed: { sql: 'round(subtotal * (100 + vat_rate) / 100.0)::bigint + delivery_cost', from: ['subtotal', 'vat_rate', 'delivery_cost'] },
        },
      ),
      // A subcontractor's: the average of its evaluators' totals (out of 100) and how many scored it, kept as points are written.
      ...(k.evaluated
        ? {
            avg_point: f.number({ vi: 'Điểm đánh giá', en: 'Review point' }, { readonly: true, list: true, sort: true }),
            evaluators: f.int({ vi: 'Số người chấm', en: 'Evaluators' }, { readonly: true, default: 0, list: true }),
          }
        : {}),
      note: f.text(L.note, { max: 1000 }),
    },
  });

/**
 * A line of a quotation: the unit price one party asks for one of the review's products (of the same review), and its
 * amount (× the product's quantity, whole đồng). Written while the review collects quotations.
 */
const quotationLineOf = (k: KindDecl) =>
  defineResource({
    name: `${k.name}QuotationLine`,
    domain: 'implementation',
    path: `${k.path}-quotation-line`,
    table: `${k.table}_quote_line`,
    feature: k.feature,
    icon: 'file',
    label: { vi: 'Đơn giá báo giá', en: 'Quoted price' },
    titleField: 'product_id',
    defaultOrder: 'created_date asc',
    parent: 'quotation_id',
    scope: { via: 'quotation_id' },
    unique: [['quotation_id', 'product_id']],
    fields: {
      quotation_id: f.ref(`${k.name}Quotation`, { vi: 'Báo giá', en: 'Quotation' }, { required: true, list: true, filter: true }),
      review_id: f.ref(k.name, k.label, { readonly: true, filter: true, copyFrom: { ref: 'quotation_id', field: 'review_id', follow: {} } }),
      product_id: f.ref(
        `${k.name}Product`,
        { vi: 'Vật tư / công việc', en: 'Item' },
        { required: true, list: true, filter: true, within: { ref: 'quotation_id', field: 'review_id' } },
      ),
      quantity: f.number({ vi: 'Khối lượng', en: 'Quantity' }, { readonly: true, list: true, copyFrom: { ref: 'product_id', field: 'quantity', follow: {} } }),
      unit_price: f.money({ vi: 'Đơn giá (trước VAT)', en: 'Unit price (before VAT)' }, { required: true, min: 0, list: true }),
      amount: f.money(
        { vi: 'Thành tiền', en: 'Amount' },
        { readonly: true, list: true, computed: { sql: 'round(unit_price * quantity)::bigint', from: ['unit_price', 'quantity'] } },
      ),
      note: f.text(L.note, { max: 500 }),
    },
  });

const kindOf = (kind: ReviewKind) => {
  const k = REVIEW_KINDS[kind];
  return { review: reviewOf(k), product: productOf(k), quotation: quotationOf(k), line: quotationLineOf(k) };
};

/** Each kind's four resources (defined once: `REVIEW_RESOURCES` holds these same objects). */
export const REVIEW_DEFS: Record<ReviewKind, { review: ResourceDef; product: ResourceDef; quotation: ResourceDef; line: ResourceDef }> = {
  supplier: kindOf('supplier'),
  subcontractor: kindOf('subcontractor'),
};
export const REVIEW_RESOURCES: ResourceDef[] = Object.values(REVIEW_DEFS).flatMap((d) => [d.review, d.product, d.quotation, d.line]);
