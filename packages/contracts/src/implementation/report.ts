import type { RouteDecl } from '../kit/routes';
import { declareReport, reportRouteDecls } from '../kit/report';
import type { MoneyTotal } from '../common/money';
import { IMPLEMENTATION_STATUS_LABELS, type ImplementationStatus } from './project';

/** The implementation's reports, under the domain's own prefix (the projects' `/implementation/:id` beside them). */
export const IMPLEMENTATION_REPORT_PATHS = { summary: '/implementation-report/summary' } as const;

/**
 * The money of the caller's projects (spec §7 "summary, report"; issue 35 "a 'left to pay' figure per subcontractor
 * and per project"), read in SQL in one snapshot: what was committed (the approved subcontracts with their approved
 * additional work), asked for (the payment orders holding money), paid (the confirmations confirmed) and left to pay
 * (committed − paid) — over every project in the caller's scope, or one (`?f_implementation_id`).
 */
export interface ImplementationSummaryReport {
  projects: number;
  contract_value: MoneyTotal;
  committed: MoneyTotal;
  requested: MoneyTotal;
  paid: MoneyTotal;
  left_to_pay: MoneyTotal;
  by_project: {
    id: string;
    code: string;
    name: string;
    status: ImplementationStatus;
    progress: number;
    contract_value: MoneyTotal;
    committed: MoneyTotal;
    requested: MoneyTotal;
    paid: MoneyTotal;
    left_to_pay: MoneyTotal;
  }[];
  by_subcontractor: { contractor: string | null; budgets: number; committed: MoneyTotal; requested: MoneyTotal; paid: MoneyTotal; left_to_pay: MoneyTotal }[];
}

const money = (key: 'contract_value' | 'committed' | 'requested' | 'paid' | 'left_to_pay') =>
  ({
    contract_value: { vi: 'Giá trị hợp đồng', en: 'Contract value' },
    committed: { vi: 'Đã cam kết', en: 'Committed' },
    requested: { vi: 'Đã đề nghị thanh toán', en: 'Requested' },
    paid: { vi: 'Đã chi', en: 'Paid' },
    left_to_pay: { vi: 'Còn phải trả', en: 'Left to pay' },
  })[key];

export const IMPLEMENTATION_SUMMARY_REPORT = declareReport<ImplementationSummaryReport>()({
  path: IMPLEMENTATION_REPORT_PATHS.summary,
  title: { vi: 'Tổng hợp chi phí dự án', en: 'Project cost summary' },
  hint: {
    vi: 'Đã cam kết: ngân sách nhà thầu phụ đã duyệt cộng phát sinh đã duyệt; còn phải trả: đã cam kết trừ đã chi.',
    en: 'Committed: approved subcontractor budgets plus approved additional work; left to pay: committed less paid.',
  },
  figures: [
    { key: 'projects', label: { vi: 'Dự án', en: 'Projects' }, kind: 'count' },
    { key: 'contract_value', label: money('contract_value'), kind: 'money' },
    { key: 'committed', label: money('committed'), kind: 'money' },
    { key: 'requested', label: money('requested'), kind: 'money' },
    { key: 'paid', label: money('paid'), kind: 'money' },
    { key: 'left_to_pay', label: money('left_to_pay'), kind: 'money' },
  ],
  breakdowns: [
    {
      key: 'by_project',
      title: { vi: 'Theo dự án', en: 'By project' },
      columns: [
        { key: 'code', label: { vi: 'Mã', en: 'Code' }, kind: 'text' },
        { key: 'name', label: { vi: 'Dự án', en: 'Project' }, kind: 'text' },
        { key: 'status', label: { vi: 'Trạng thái', en: 'Status' }, kind: 'enum', options: IMPLEMENTATION_STATUS_LABELS },
        { key: 'progress', label: { vi: 'Tiến độ (%)', en: 'Progress (%)' }, kind: 'percent' },
        { key: 'contract_value', label: money('contract_value'), kind: 'money' },
        { key: 'committed', label: money('committed'), kind: 'money' },
        { key: 'requested', label: money('requested'), kind: 'money' },
        { key: 'paid', label: money('paid'), kind: 'money' },
        { key: 'left_to_pay', label: money('left_to_pay'), kind: 'money' },
      ],
      chart: { type: 'columns', x: 'name', y: 'left_to_pay' },
    },
    {
      key: 'by_subcontractor',
      title: { vi: 'Theo nhà thầu phụ', en: 'By subcontractor' },
      columns: [
        { key: 'contractor', label: { vi: 'Nhà thầu phụ', en: 'Subcontractor' }, kind: 'text', blank: { vi: '(Không xem được)', en: '(Not visible)' } },
        { key: 'budgets', label: { vi: 'Số ngân sách', en: 'Budgets' }, kind: 'count' },
        { key: 'committed', label: money('committed'), kind: 'money' },
        { key: 'requested', label: money('requested'), kind: 'money' },
        { key: 'paid', label: money('paid'), kind: 'money' },
        { key: 'left_to_pay', label: money('left_to_pay'), kind: 'money' },
      ],
      chart: { type: 'columns', x: 'contractor', y: 'left_to_pay' },
    },
  ],
});

export const implementationReportRoutes: RouteDecl[] = reportRouteDecls(
  { path: IMPLEMENTATION_REPORT_PATHS.summary },
  "The money of the caller's projects: committed, requested, paid and left to pay, by project and by subcontractor: ?f_implementation_id",
  'implementation',
  { feature: 'payment', action: 'view' },
);
