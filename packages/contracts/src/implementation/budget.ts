import { defineResource } from '../kit/resource';
import { f, type Label } from '../kit/field';
import { PROJECT_DIRECTORY } from '../common/permissions';
import { IMPLEMENTATION_LABEL } from './project';
import { L } from '../common/labels';
import { implementationRef, projectOfImplementation } from './category';

/** The approval statuses a payment order holds money in: all but refused and cancelled (it reserves from its draft on). */
export const MONEY_HELD = ['DRAFT', 'PENDING', 'SUBMITTED_APPROVAL', 'APPROVING', 'SUBMIT_SUPERIORS', 'RESUBMIT', 'APPROVED'] as const;

/**
 * A subcontractor budget (spec §3 "Subcontractor budget: code, name, note, description, responsibility staff, costs,
 * media, progress", filters `q, f_status, f_implementation_id, state, order`; §7 status, export; §2 the printable
 * approval request form): what the company commits to pay one subcontractor for a part of the project — the
 * subcontract's value in whole đồng (`cost`), approved by the SUBCONTRACTOR cost limit's flow.
 *
 * **Money that adds up** (kit sums, kept in the write's transaction under a lock on the budget):
 * - `additional_cost`: the approved additional work on it (additionalWork, approved by the ADDITIONAL limit's flow);
 * - `payable` = cost + additional_cost: what may ever be paid on it;
 * - `requested`: the payment orders not refused or cancelled — at most `payable`: a payment order that would take it
 *   over is refused (422 saying what is left), and of two racing for the last of it, one wins;
 * - `left_to_pay` = payable − requested.
 * Media: the files service's attachments of the record (context `subcontractorBudget:<id>`).
 */
export const subcontractorBudget = defineResource({
  name: 'subcontractorBudget',
  domain: 'implementation',
  path: '/subcontractor-budget',
  table: 'subcontractor_budget',
  feature: 'subcontractor',
  icon: 'audit',
  label: { vi: 'Ngân sách nhà thầu phụ', en: 'Subcontractor budget' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  parent: 'implementation_id',
  scope: { project: 'project_id' },
  approval: { documentType: 'subcontractor_budget', amountField: 'cost', costLimit: 'SUBCONTRACTOR', statusField: 'status' },
  print: { fields: ['implementation_id', 'contract_number', 'cost', 'progress', 'description'], words: ['cost'], approvals: 'request' },
  actors: {
    owner: { staff: 'responsibility_staff_id', label: { vi: 'người phụ trách ngân sách', en: 'the budget owner' } },
    creator: { creator: true, label: { vi: 'người lập', en: 'its author' } },
  },
  acts: {
    edit: { by: ['owner', 'creator'] },
    delete: { by: ['owner', 'creator'] },
    submit: { by: ['owner', 'creator'] },
  },
  fields: {
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'NS{yy}-{n:4}' } }),
    name: f.text({ vi: 'Tên ngân sách', en: 'Budget' }, { required: true, max: 255, list: true, search: true, sort: true }),
    implementation_id: implementationRef(),
    project_id: projectOfImplementation(),
    category_id: f.ref('implementationCategory', { vi: 'Hạng mục', en: 'Work package' }, { list: true, filter: true }),
    contractor_id: f.ref('contractor', { vi: 'Nhà thầu phụ', en: 'Subcontractor' }, { required: true, list: true, filter: true }),
    contract_number: f.text({ vi: 'Số hợp đồng', en: 'Contract number' }, { max: 50, search: true }),
    responsibility_staff_id: f.ref('staff', { vi: 'Người phụ trách', en: 'Responsible' }, { list: true, filter: true }),
    cost: f.money({ vi: 'Giá trị hợp đồng', en: 'Contract cost' }, { required: true, min: 0, list: true, sort: true }),
    additional_cost: f.money(
      { vi: 'Phát sinh đã duyệt', en: 'Approved additional work' },
      {
        readonly: true,
        default: 0,
        sum: { of: 'additionalWork', field: 'summary_approval_cost', where: { approval_status: ['APPROVED'] } },
      },
    ),
    payable: f.money(
      { vi: 'Được thanh toán tối đa', en: 'Payable' },
      {
        readonly: true,
        list: true,
        computed: { sql: 'cost + additional_cost', from: ['cost', 'additional_cost'] },
      },
    ),
    requested: f.money(
      { vi: 'Đã đề nghị thanh toán', en: 'Requested' },
      {
        readonly: true,
        default: 0,
        list: true,
        sum: { of: 'paymentOrder', field: 'amount', where: { approval_status: MONEY_HELD }, max: 'payable' },
      },
    ),
    left_to_pay: f.money(
      { vi: 'Còn lại', en: 'Left to pay' },
      {
        readonly: true,
        list: true,
        computed: { sql: 'cost + additional_cost - requested', from: ['cost', 'additional_cost', 'requested'] },
      },
    ),
    progress: f.int({ vi: 'Tiến độ (%)', en: 'Progress (%)' }, { min: 0, max: 100, default: 0, list: true }),
    note: f.text(L.note, { max: 1000 }),
    description: f.longText({ vi: 'Nội dung đề nghị', en: 'Request' }),
  },
});

/** A field of a budget's record (its payments, its additional work) copied from the budget and following it. */
export const fromBudget = (ref: string, label: Label, field: string, opts: { list?: boolean; filter?: boolean } = {}) =>
  f.ref(ref, label, { readonly: true, copyFrom: { ref: 'budget_id', field, follow: {} }, ...opts });

/** What every record on a budget carries from it: its implementation, the register's project, the subcontractor. */
export const budgetCopies = () => ({
  implementation_id: fromBudget('implementationProject', IMPLEMENTATION_LABEL, 'implementation_id', { filter: true }),
  project_id: fromBudget(PROJECT_DIRECTORY.register, { vi: 'Dự án (kinh doanh)', en: 'Project (pipeline)' }, 'project_id'),
  contractor_id: fromBudget('contractor', { vi: 'Nhà thầu phụ', en: 'Subcontractor' }, 'contractor_id', { list: true, filter: true }),
});

/**
 * Additional work (spec §7 "additionals", §3 summary_approval_cost, the ADDITIONAL cost limit): work a subcontractor is
 * asked to do beyond its budget — a change of design, a quantity found on site — priced and approved by the flow the
 * ADDITIONAL limit chooses. Approved, its cost is added to what may be paid on the budget (`additional_cost`).
 */
export const additionalWork = defineResource({
  name: 'additionalWork',
  domain: 'implementation',
  path: '/additional',
  table: 'additional_work',
  feature: 'subcontractor',
  icon: 'file',
  label: { vi: 'Phát sinh', en: 'Additional work' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  parent: 'budget_id',
  parentOpen: ['APPROVED'],
  scope: { project: 'project_id' },
  approval: { documentType: 'additional', amountField: 'summary_approval_cost', costLimit: 'ADDITIONAL' },
  actors: { requester: { creator: true, label: { vi: 'người lập', en: 'its author' } } },
  acts: { edit: { by: ['requester'] }, delete: { by: ['requester'] }, submit: { by: ['requester'] } },
  fields: {
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'PS{yy}-{n:4}' } }),
    name: f.text({ vi: 'Nội dung phát sinh', en: 'Additional work' }, { required: true, max: 255, list: true, search: true, sort: true }),
    budget_id: f.ref('subcontractorBudget', { vi: 'Ngân sách nhà thầu phụ', en: 'Subcontractor budget' }, { required: true, list: true, filter: true }),
    ...budgetCopies(),
    summary_approval_cost: f.money({ vi: 'Giá trị phát sinh', en: 'Cost' }, { required: true, min: 1, list: true, sort: true }),
    reason: f.longText({ vi: 'Lý do phát sinh', en: 'Reason' }, { required: true }),
    note: f.text(L.note, { max: 1000 }),
  },
});
