import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';

/** Spec §4 "Contract: effective, expired"; a contract is also drafted before it is signed, and liquidated when settled. */
export const BUSINESS_CONTRACT_STATUS = ['DRAFT', 'EFFECTIVE', 'EXPIRED', 'LIQUIDATED'] as const;
export const BUSINESS_CONTRACT_STATUS_LABELS = opt({
  DRAFT: { vi: 'Đang soạn thảo', en: 'Draft' },
  EFFECTIVE: { vi: 'Đang hiệu lực', en: 'Effective' },
  EXPIRED: { vi: 'Hết hiệu lực', en: 'Expired' },
  LIQUIDATED: { vi: 'Đã thanh lý', en: 'Liquidated' },
});

/**
 * A contract the company signs with an investor for a project of the pipeline (spec §7 `/business-contract`): its
 * number, the parties, when it was signed and runs, its value in whole đồng; the revenue recognised on it, year by year
 * (the left revenue rows below), summed onto the contract by the kit (`FieldDef.sum`, capped by the value), and what is
 * **left** to recognise — the company's backlog — a computed column, so the contract, its rows and the reports never
 * disagree. Read and written as its project is.
 */
export const businessContract = defineResource({
  name: 'businessContract',
  domain: 'business',
  path: '/business-contract',
  table: 'business_contract',
  feature: 'project',
  icon: 'file',
  label: { vi: 'Hợp đồng kinh doanh', en: 'Business contract' },
  titleField: 'code',
  findable: true,
  defaultOrder: 'signed_date desc',
  importKey: 'code',
  codeCheck: true,
  parent: 'project_id',
  scope: { via: 'project_id' },
  bulk: { delete: true },
  workflow: {
    field: 'status',
    moves: { DRAFT: ['EFFECTIVE'], EFFECTIVE: ['EXPIRED', 'LIQUIDATED'], EXPIRED: ['EFFECTIVE', 'LIQUIDATED'], LIQUIDATED: [] },
    records: { EFFECTIVE: ['signed_date'] },
  },
  fields: {
    code: f.code({ vi: 'Số hợp đồng', en: 'Contract number' }, { max: 50 }),
    name: f.text({ vi: 'Tên hợp đồng', en: 'Contract name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { required: true, list: true, filter: true }),
    investor: f.text({ vi: 'Chủ đầu tư', en: 'Investor' }, { max: 255, list: true, search: true }),
    signed_date: f.date({ vi: 'Ngày ký', en: 'Signed on' }, { readonly: true, list: true, sort: true, past: true }),
    start_date: f.date({ vi: 'Ngày bắt đầu', en: 'Starts on' }, { before: 'end_date' }),
    end_date: f.date({ vi: 'Ngày kết thúc', en: 'Ends on' }),
    value: f.money({ vi: 'Giá trị hợp đồng', en: 'Contract value' }, { required: true, min: 0, list: true, sort: true }),
    recognised: f.money(
      { vi: 'Doanh thu đã ghi nhận', en: 'Revenue recognised' },
      { readonly: true, default: 0, list: true, sort: true, sum: { of: 'businessLeftRevenue', field: 'revenue', max: 'value' } },
    ),
    left_revenue: f.money(
      { vi: 'Doanh thu còn lại', en: 'Left revenue' },
      { readonly: true, list: true, sort: true, computed: { sql: 'value - coalesce(recognised, 0)', from: ['value', 'recognised'] } },
    ),
    status: f.enum(
      BUSINESS_CONTRACT_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'DRAFT',
        list: true,
        filter: true,
        valueLabels: BUSINESS_CONTRACT_STATUS_LABELS,
        valueColors: { DRAFT: 'default', EFFECTIVE: 'green', EXPIRED: 'orange', LIQUIDATED: 'blue' },
      },
    ),
    note: f.longText(L.note),
  },
});

/**
 * Left revenue (spec §7 Business "left revenue GET, POST, PUT, DELETE"): the revenue recognised on a contract in one
 * year, a row per contract and year. Their sum is the contract's `recognised` — never more than its value (a 422 saying
 * how much is left) — and the contract's left revenue what remains.
 */
export const businessLeftRevenue = defineResource({
  name: 'businessLeftRevenue',
  domain: 'business',
  path: '/business-report/left-revenue',
  table: 'business_left_revenue',
  feature: 'project',
  icon: 'dollar',
  label: { vi: 'Doanh thu ghi nhận theo năm', en: 'Revenue by year' },
  titleField: 'year',
  defaultOrder: 'year desc',
  parent: 'contract_id',
  scope: { via: 'contract_id' },
  importKey: ['contract_id', 'year'],
  unique: [['contract_id', 'year']],
  fields: {
    contract_id: f.ref('businessContract', { vi: 'Hợp đồng', en: 'Contract' }, { required: true, list: true, filter: true }),
    year: f.int({ vi: 'Năm', en: 'Year' }, { required: true, min: 2000, max: 2100, list: true, filter: true, sort: true }),
    revenue: f.money({ vi: 'Doanh thu ghi nhận', en: 'Revenue recognised' }, { required: true, min: 0, list: true, sort: true }),
    note: f.text(L.note, { max: 1000 }),
  },
});
