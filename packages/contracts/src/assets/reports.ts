import type { Label } from '../kit/field';
import type { RouteDecl } from '../kit/routes';
import { declareReport, reportRouteDecls } from '../kit/report';
import type { MoneyTotal } from '../common/money';
import { ASSET_KIND_LABELS, ASSET_STATUS_LABELS, type AssetStatus } from './asset';
import { INSPECTION_STATE_LABELS, type InspectionState } from './inspection';

/**
 * The asset reports (spec §3 "Asset report", §7 "the asset report, Excel report and status report"), answered by the
 * assets service within the caller's scope of assets (the managing departments they keep, and what they hold), each
 * read in one snapshot and exported to xlsx beside it (`<path>/export`, kit/report.ts: the spec's "Excel report", one
 * sheet per breakdown):
 * - the asset report: the spec's four figures — `asset_count_by_category` (by type and group),
 *   `asset_count_by_status`, `asset_total_price_by_status`, `liquidation_total_price_by_category` (the liquidations of
 *   `year`, their proceeds against their purchase price);
 * - the status report: each department's assets by status, with what needs the office this month — inspections due and
 *   overdue, policies ending within 30 days, repairs out, handovers waiting;
 * - repairs by company: a period's repairs, their cost and days out of service per company (Snipe-IT's maintenance report).
 */
export const ASSET_REPORT_PATHS = {
  assets: '/asset-report',
  status: '/asset-report/status',
  repairs: '/asset-report/repairs',
} as const;

// The reports' right, as every domain's (feature `report`); the service also asks the view right on assets (what they count).
const access = { feature: 'report', action: 'view' } as const;
export const assetReportRoutes: RouteDecl[] = [
  ...reportRouteDecls(
    { path: ASSET_REPORT_PATHS.assets },
    "The asset report: assets counted by category (type and group) and by status, their purchase price by status, a year's liquidations by category (proceeds against price): ?year",
    'assets',
    access,
  ),
  ...reportRouteDecls(
    { path: ASSET_REPORT_PATHS.status },
    "The status report: each managing department's assets by status; inspections due and overdue, policies ending within 30 days, repairs out, handovers waiting",
    'assets',
    access,
  ),
  ...reportRouteDecls(
    { path: ASSET_REPORT_PATHS.repairs },
    'Repairs sent in a period by repair company: how many, their cost, the days out of service of those returned, the mean: ?from&to',
    'assets',
    access,
  ),
];

export interface AssetReport {
  year: number;
  total: number;
  total_price: MoneyTotal;
  liquidated: number;
  liquidation_price: MoneyTotal;
  asset_count_by_category: { type_name: string; group_name: string | null; count: number; total_price: MoneyTotal }[];
  asset_count_by_status: { status: AssetStatus; count: number }[];
  asset_total_price_by_status: { status: AssetStatus; total_price: MoneyTotal }[];
  asset_count_by_kind: { kind: string; count: number }[];
  liquidation_total_price_by_category: { type_name: string; count: number; purchase_price: MoneyTotal; liquidation_price: MoneyTotal }[];
}

export interface AssetStatusReport {
  total: number;
  inspections: { due: number; overdue: number };
  insurance_ending: number;
  in_repair: number;
  handovers_waiting: number;
  by_department: { department_name: string | null; status: AssetStatus; count: number }[];
  inspection_by_department: { department_name: string | null; inspection_state: InspectionState; count: number }[];
}

export interface RepairReport {
  from: string;
  to: string;
  repairs: number;
  cost: MoneyTotal;
  downtime_days: number;
  by_company: { company_name: string; repairs: number; returned: number; cost: MoneyTotal; downtime_days: number; mean_downtime_days: number | null }[];
}

const COUNT = { key: 'count', label: { vi: 'Số lượng', en: 'Count' }, kind: 'count' } as const;
const TYPE = { key: 'type_name', label: { vi: 'Loại tài sản', en: 'Asset type' }, kind: 'text' } as const;
const STATUS = { key: 'status', label: { vi: 'Trạng thái', en: 'Status' }, kind: 'enum', options: ASSET_STATUS_LABELS } as const;
const PRICE: Label = { vi: 'Nguyên giá', en: 'Purchase price' };
const DEPARTMENT = {
  key: 'department_name',
  label: { vi: 'Phòng ban quản lý', en: 'Managing department' },
  kind: 'text',
  blank: { vi: '(Không rõ)', en: '(Unknown)' },
} as const;

export const ASSET_REPORT = declareReport<AssetReport>()({
  path: ASSET_REPORT_PATHS.assets,
  title: { vi: 'Báo cáo tài sản', en: 'Asset report' },
  figures: [
    { key: 'total', label: { vi: 'Tổng số tài sản', en: 'Assets' }, kind: 'count' },
    { key: 'total_price', label: { vi: 'Tổng nguyên giá', en: 'Total purchase price' }, kind: 'money' },
    { key: 'liquidated', label: { vi: 'Thanh lý trong năm', en: 'Liquidated in the year' }, kind: 'count' },
    { key: 'liquidation_price', label: { vi: 'Tiền thanh lý trong năm', en: 'Liquidation proceeds in the year' }, kind: 'money' },
  ],
  breakdowns: [
    {
      key: 'asset_count_by_category',
      title: { vi: 'Số lượng theo loại và nhóm', en: 'Count by type and group' },
      columns: [
        TYPE,
        { key: 'group_name', label: { vi: 'Nhóm tài sản', en: 'Asset group' }, kind: 'text', blank: { vi: '(Không nhóm)', en: '(No group)' } },
        COUNT,
        { key: 'total_price', label: PRICE, kind: 'money' },
      ],
      chart: { type: 'columns', x: 'type_name', y: 'count', group: 'group_name' },
    },
    {
      key: 'asset_count_by_status',
      title: { vi: 'Số lượng theo trạng thái', en: 'Count by status' },
      columns: [STATUS, COUNT],
      chart: { type: 'ring', x: 'status', y: 'count' },
    },
    {
      key: 'asset_total_price_by_status',
      title: { vi: 'Nguyên giá theo trạng thái', en: 'Purchase price by status' },
      columns: [STATUS, { key: 'total_price', label: PRICE, kind: 'money' }],
      chart: { type: 'columns', x: 'status', y: 'total_price' },
    },
    {
      key: 'asset_count_by_kind',
      title: { vi: 'Theo phân loại', en: 'By kind' },
      columns: [{ key: 'kind', label: { vi: 'Phân loại', en: 'Kind' }, kind: 'enum', options: ASSET_KIND_LABELS }, COUNT],
      chart: null,
    },
    {
      key: 'liquidation_total_price_by_category',
      title: { vi: 'Thanh lý trong năm theo loại', en: "The year's liquidations by type" },
      columns: [
        TYPE,
        COUNT,
        { key: 'purchase_price', label: PRICE, kind: 'money' },
        { key: 'liquidation_price', label: { vi: 'Giá thanh lý', en: 'Proceeds' }, kind: 'money' },
      ],
      chart: { type: 'columns', x: 'type_name', y: 'liquidation_price' },
    },
  ],
});

export const ASSET_STATUS_REPORT = declareReport<AssetStatusReport>()({
  path: ASSET_REPORT_PATHS.status,
  title: { vi: 'Báo cáo tình trạng tài sản', en: 'Asset status report' },
  figures: [
    { key: 'total', label: { vi: 'Tổng số tài sản', en: 'Assets' }, kind: 'count' },
    { key: 'inspections.overdue', label: { vi: 'Quá hạn kiểm định', en: 'Inspections overdue' }, kind: 'count' },
    { key: 'inspections.due', label: { vi: 'Sắp đến hạn kiểm định', en: 'Inspections due' }, kind: 'count' },
    { key: 'insurance_ending', label: { vi: 'Bảo hiểm hết hạn trong 30 ngày', en: 'Insurance ending within 30 days' }, kind: 'count' },
    { key: 'in_repair', label: { vi: 'Đang sửa chữa', en: 'In repair' }, kind: 'count' },
    { key: 'handovers_waiting', label: { vi: 'Bàn giao chờ xác nhận', en: 'Handovers waiting' }, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'by_department',
      title: { vi: 'Theo phòng ban và trạng thái', en: 'By department and status' },
      columns: [DEPARTMENT, STATUS, COUNT],
      chart: { type: 'columns', x: 'department_name', y: 'count', group: 'status' },
    },
    {
      key: 'inspection_by_department',
      title: { vi: 'Kiểm định theo phòng ban', en: 'Inspections by department' },
      columns: [
        DEPARTMENT,
        { key: 'inspection_state', label: { vi: 'Tình trạng kiểm định', en: 'Inspection' }, kind: 'enum', options: INSPECTION_STATE_LABELS },
        COUNT,
      ],
      chart: null,
    },
  ],
});

const DAYS_OUT: Label = { vi: 'Số ngày ngừng sử dụng', en: 'Days out of service' };
export const ASSET_REPAIR_REPORT = declareReport<RepairReport>()({
  path: ASSET_REPORT_PATHS.repairs,
  title: { vi: 'Sửa chữa theo đơn vị', en: 'Repairs by company' },
  figures: [
    { key: 'repairs', label: { vi: 'Số lần sửa chữa', en: 'Repairs' }, kind: 'count' },
    { key: 'cost', label: { vi: 'Chi phí', en: 'Cost' }, kind: 'money' },
    { key: 'downtime_days', label: DAYS_OUT, kind: 'number' },
  ],
  breakdowns: [
    {
      key: 'by_company',
      title: { vi: 'Theo đơn vị sửa chữa', en: 'By repair company' },
      columns: [
        { key: 'company_name', label: { vi: 'Đơn vị sửa chữa', en: 'Repair company' }, kind: 'text' },
        { key: 'repairs', label: { vi: 'Số lần', en: 'Repairs' }, kind: 'count' },
        { key: 'returned', label: { vi: 'Đã nhận lại', en: 'Returned' }, kind: 'count' },
        { key: 'cost', label: { vi: 'Chi phí', en: 'Cost' }, kind: 'money' },
        { key: 'downtime_days', label: DAYS_OUT, kind: 'number' },
        { key: 'mean_downtime_days', label: { vi: 'Số ngày TB mỗi lần', en: 'Mean days per repair' }, kind: 'number' },
      ],
      chart: { type: 'columns', x: 'company_name', y: 'cost' },
    },
  ],
});

/** Every asset report, in the page's order. */
export const ASSET_REPORTS = [ASSET_REPORT, ASSET_STATUS_REPORT, ASSET_REPAIR_REPORT] as const;
