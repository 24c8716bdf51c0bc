import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { MONEY_HELD, budgetCopies } from './budget';

export const PAYMENT_METHODS = ['CASH', 'TRANSFER'] as const;
export const PAYMENT_METHOD_LABELS = opt({ CASH: { vi: 'Tiền mặt', en: 'Cash' }, TRANSFER: { vi: 'Chuyển khoản', en: 'Transfer' } });

/** Spec §3 "advance amounts": a payment order is an advance, a progress payment, or the final settlement. */
export const PAYMENT_KINDS = ['ADVANCE', 'PROGRESS', 'FINAL'] as const;
export const PAYMENT_KIND_LABELS = opt({
  ADVANCE: { vi: 'Tạm ứng', en: 'Advance' },
  PROGRESS: { vi: 'Thanh toán theo khối lượng', en: 'Progress payment' },
  FINAL: { vi: 'Quyết toán', en: 'Final settlement' },
});

/** An advance's settlement (hoàn ứng): open until the advance is deducted from what the subcontractor is paid later. */
export const SETTLEMENT = ['OPEN', 'SETTLED'] as const;
export const SETTLEMENT_LABELS = opt({ OPEN: { vi: 'Chưa hoàn ứng', en: 'Not settled' }, SETTLED: { vi: 'Đã hoàn ứng', en: 'Settled' } });

/** What of a payment order has been paid out (its confirmations confirmed), computed from the amounts. */
export const PAID_STATES = ['UNPAID', 'PARTLY_PAID', 'PAID'] as const;
export const PAID_STATE_LABELS = opt({
  UNPAID: { vi: 'Chưa chi', en: 'Not paid' },
  PARTLY_PAID: { vi: 'Đã chi một phần', en: 'Partly paid' },
  PAID: { vi: 'Đã chi đủ', en: 'Paid' },
});

/**
 * A payment order (spec §3 "code, name, bill number, due date, method (cash or transfer), advance amounts"; §7 status,
 * confirmation, Excel export): money asked for one subcontractor on one budget — an advance, a progress payment or the
 * final settlement — approved by the flow of its document type, then paid (its confirmations) and, an advance, settled.
 *
 * - **Never beyond the budget**: from its draft until refused or withdrawn, its amount is held on its budget
 *   (`requested`, at most `payable`, the kit's sum under a lock on the budget): a payment order over what is left is a
 *   422 saying what is left, and of two racing for the last of it, one wins. Only an approved budget takes them.
 * - **One advance at a time**: a subcontractor with an advance not yet settled gets no other (a 409 naming the rule;
 *   kept by a partial unique index, so two at once cannot both pass) — settled, refused or withdrawn, it frees them.
 * - **Paid**: its confirmations (paymentConfirmation) confirmed by finance add up to `paid_amount`, at most its amount;
 *   `paid_state` says whether it is paid in full. An advance paid in full is then settled by finance (`settlement`).
 */
export const paymentOrder = defineResource({
  name: 'paymentOrder',
  domain: 'implementation',
  path: '/payment',
  table: 'payment_order',
  feature: 'payment',
  icon: 'dollar',
  label: { vi: 'Đề nghị thanh toán', en: 'Payment order' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  parent: 'budget_id',
  parentOpen: ['APPROVED'],
  scope: { project: 'project_id' },
  approval: { documentType: 'payment', amountField: 'amount' },
  oneOpen: [
    {
      over: ['contractor_id'],
      where: { kind: ['ADVANCE'], settlement: ['OPEN'], approval_status: MONEY_HELD },
      field: 'kind',
      message: {
        vi: 'Nhà thầu phụ còn một khoản tạm ứng chưa hoàn ứng: hoàn ứng khoản đó trước khi tạm ứng tiếp',
        en: 'This subcontractor has an advance not yet settled: settle it before another advance',
      },
    },
  ],
  workflow: {
    // An advance paid in full is settled (hoàn ứng) once deducted from what the subcontractor is paid later (the service
    // refuses the move on anything else: payment/rules.ts).
    field: 'settlement',
    action: 'approve',
    moves: { OPEN: ['SETTLED'], SETTLED: [] },
    records: { SETTLED: ['settled_date'] },
    verbs: { SETTLED: { vi: 'Hoàn ứng', en: 'Settle the advance' } },
  },
  actors: {
    requester: { creator: true, label: { vi: 'người lập đề nghị', en: 'its author' } },
    finance: { right: { action: 'approve', feature: 'payment' }, label: { vi: 'kế toán', en: 'finance' } },
  },
  acts: {
    edit: { by: ['requester'] },
    delete: { by: ['requester'] },
    submit: { by: ['requester'] },
    moves: { '*': { by: ['finance'] } },
  },
  fields: {
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'TT{yy}-{n:5}' } }),
    name: f.text({ vi: 'Nội dung thanh toán', en: 'Payment for' }, { required: true, max: 255, list: true, search: true, sort: true }),
    budget_id: f.ref('subcontractorBudget', { vi: 'Ngân sách nhà thầu phụ', en: 'Subcontractor budget' }, { required: true, list: true, filter: true }),
    ...budgetCopies(),
    kind: f.enum(
      PAYMENT_KINDS,
      { vi: 'Loại thanh toán', en: 'Kind' },
      { required: true, default: 'PROGRESS', list: true, filter: true, valueLabels: PAYMENT_KIND_LABELS },
    ),
    bill_number: f.text({ vi: 'Số hóa đơn', en: 'Bill number' }, { max: 50, search: true }),
    amount: f.money({ vi: 'Số tiền', en: 'Amount' }, { required: true, min: 1, list: true, sort: true }),
    due_date: f.date({ vi: 'Hạn thanh toán', en: 'Due on' }, { list: true, sort: true }),
    method: f.enum(PAYMENT_METHODS, { vi: 'Hình thức', en: 'Method' }, { required: true, default: 'TRANSFER', list: true, valueLabels: PAYMENT_METHOD_LABELS }),
    paid_state: f.enum(
      PAID_STATES,
      { vi: 'Tình trạng chi', en: 'Paid' },
      {
        readonly: true,
        list: true,
        filter: true,
        valueLabels: PAID_STATE_LABELS,
        valueColors: { UNPAID: 'default', PARTLY_PAID: 'gold', PAID: 'green' },
        computed: {
          sql: "CASE WHEN paid_amount >= amount THEN 'PAID' WHEN paid_amount > 0 THEN 'PARTLY_PAID' ELSE 'UNPAID' END",
          from: ['paid_amount', 'amount'],
        },
      },
    ),
    settlement: f.enum(SETTLEMENT, { vi: 'Hoàn ứng', en: 'Settlement' }, { readonly: true, default: 'OPEN', filter: true, valueLabels: SETTLEMENT_LABELS }),
    paid_amount: f.money(
      { vi: 'Đã chi', en: 'Paid' },
      { readonly: true, default: 0, list: true, sum: { of: 'paymentConfirmation', field: 'amount', where: { status: ['CONFIRMED'] } } },
    ),
    confirming: f.money(
      { vi: 'Đang xác nhận và đã chi', en: 'Confirming and paid' },
      { readonly: true, default: 0, sum: { of: 'paymentConfirmation', field: 'amount', where: { status: ['WAITING', 'CONFIRMED'] }, max: 'amount' } },
    ),
    settled_date: f.date({ vi: 'Ngày hoàn ứng', en: 'Settled on' }, { readonly: true, past: true }),
    note: f.text(L.note, { max: 1000 }),
  },
});

/** A payment confirmation's status (spec §4 "payment confirmation: status change"): finance confirms the money went out, or rejects it. */
export const CONFIRMATION_STATUS = ['WAITING', 'CONFIRMED', 'REJECTED'] as const;
export const CONFIRMATION_STATUS_LABELS = opt({
  WAITING: { vi: 'Chờ xác nhận', en: 'Waiting' },
  CONFIRMED: { vi: 'Đã xác nhận', en: 'Confirmed' },
  REJECTED: { vi: 'Từ chối', en: 'Rejected' },
});

/**
 * A payment confirmation (spec §7 "payments … confirmation with POST and PUT {id}"): one disbursement of an approved
 * payment order — how much went out, on which day, by which transfer — recorded by whoever paid it and confirmed (or
 * rejected) by finance. Confirmations waiting or confirmed are held on their order (`confirming`, at most its amount:
 * nothing is paid beyond what was approved); the confirmed ones are its `paid_amount`.
 */
export const paymentConfirmation = defineResource({
  name: 'paymentConfirmation',
  domain: 'implementation',
  path: '/payment-confirmation',
  table: 'payment_confirmation',
  feature: 'payment',
  icon: 'solution',
  label: { vi: 'Xác nhận chi', en: 'Payment confirmation' },
  titleField: 'reference',
  defaultOrder: 'paid_date desc',
  parent: 'payment_id',
  parentOpen: ['APPROVED'],
  scope: { via: 'payment_id' },
  workflow: {
    field: 'status',
    // Finance's move (the approve right on payments), not the payer's.
    action: 'approve',
    moves: { WAITING: ['CONFIRMED', 'REJECTED'], CONFIRMED: [], REJECTED: [] },
    verbs: { CONFIRMED: { vi: 'Xác nhận', en: 'Confirm' }, REJECTED: { vi: 'Từ chối', en: 'Reject' } },
  },
  actors: {
    payer: { creator: true, label: { vi: 'người lập', en: 'its author' } },
    finance: { right: { action: 'approve', feature: 'payment' }, label: { vi: 'kế toán', en: 'finance' } },
  },
  acts: {
    edit: { by: ['payer', 'finance'], in: ['WAITING'] },
    delete: { by: ['payer', 'finance'], in: ['WAITING'] },
    moves: { '*': { by: ['finance'] } },
  },
  fields: {
    payment_id: f.ref('paymentOrder', { vi: 'Đề nghị thanh toán', en: 'Payment order' }, { required: true, list: true, filter: true }),
    reference: f.text({ vi: 'Số chứng từ', en: 'Reference' }, { required: true, max: 50, list: true, search: true }),
    amount: f.money({ vi: 'Số tiền chi', en: 'Amount paid' }, { required: true, min: 1, list: true }),
    paid_date: f.date({ vi: 'Ngày chi', en: 'Paid on' }, { required: true, past: true, list: true, sort: true }),
    status: f.enum(
      CONFIRMATION_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'WAITING',
        list: true,
        filter: true,
        valueLabels: CONFIRMATION_STATUS_LABELS,
        valueColors: { WAITING: 'gold', CONFIRMED: 'green', REJECTED: 'red' },
      },
    ),
    note: f.text(L.note, { max: 1000 }),
  },
});
