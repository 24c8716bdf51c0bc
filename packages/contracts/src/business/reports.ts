import type { RouteDecl } from '../kit/routes';
import { declareReport, reportRouteDecls } from '../kit/report';
import type { MoneyTotal } from '../common/money';
import { PROJECT_STAGE_LABELS, REVENUE_BAND_LABELS, type ProjectStage, type RevenueBand } from './project';
import { PLAN_ITEM_LABELS, type PlanItem } from './plan';
import {
  CONTRACTOR_GRADE_LABELS,
  CONTRACTOR_KIND_LABELS,
  CONTRACTOR_STATUS_LABELS,
  type ContractorGrade,
  type ContractorKind,
  type ContractorStatus,
} from './contractor';

/**
 * The business reports (spec §7 Business "reports"), answered by the business service within the caller's project scope,
 * each read in one snapshot and exported to xlsx beside it (`<path>/export`):
 * - the performance report (`/business-report/perform`): a year's bid results — decided, won, lost, the win rate, the
 *   value won — and the **win rate by segment** (the project category the bid copies from its project), with the mean
 *   gap of the lost bids' price to the winner's; and the pipeline as it stands, stage by stage (projects, expected and
 *   weighted value).
 * - the plan's report (`/business-report/plan/chart?f_main_year&f_sale_code`): the year's approved plans (one sales code's,
 *   or all) item by item (I–V), the target against what the business records show, and the value items month by month;
 * - the chart detail (`/business-report/chart-detail?f_main_year&f_sale_code&item`): one item month by month (1–12), in
 *   the item's unit, with the running totals and the percent reached so far;
 * - the market report (`/business-report/market?year`): the projects registered or won in the year by area, by segment and
 *   by revenue size — how many, their expected value, how many were won and for how much;
 * - the contractor report (`/contractor/report?year`, spec §7 Contractors "report"): the summary — partners, how many
 *   cooperate, how many are evaluated and in poor standing, the year's evaluations and their mean point — by grade and
 *   by kind, then the contractors list with each one's standing and its year.
 */
export const BUSINESS_REPORT_PATHS = {
  perform: '/business-report/perform',
  plan: '/business-report/plan/chart',
  chartDetail: '/business-report/chart-detail',
  market: '/business-report/market',
  contractor: '/contractor/report',
} as const;

const access = { feature: 'report', action: 'view' } as const;
export const businessReportRoutes: RouteDecl[] = [
  ...reportRouteDecls(
    { path: BUSINESS_REPORT_PATHS.perform },
    "The performance report: a year's bids decided, won and lost, the win rate and the value won, by segment (project category) with the mean price gap of the lost ones; the pipeline by stage: ?year",
    'business',
    access,
  ),
  ...reportRouteDecls(
    { path: BUSINESS_REPORT_PATHS.plan },
    "The plan's report: the year's approved plans item by item (I–V), target against actual, and the value items month by month: ?f_main_year (this year by default)&f_sale_code",
    'business',
    access,
  ),
  ...reportRouteDecls(
    { path: BUSINESS_REPORT_PATHS.chartDetail },
    'One plan item month by month (1–12): target, actual, their running totals and the percent reached: ?f_main_year&f_sale_code&item',
    'business',
    access,
  ),
  ...reportRouteDecls(
    { path: BUSINESS_REPORT_PATHS.market },
    'The market report: the projects registered or won in the year by area, segment and revenue size: ?year',
    'business',
    access,
  ),
  ...reportRouteDecls(
    { path: BUSINESS_REPORT_PATHS.contractor },
    "The contractor report: partners, cooperating, evaluated, in poor standing, the year's evaluations and mean point; by grade, by kind; the contractors list: ?year",
    'business',
    { feature: 'subcontractor', action: 'view' },
  ),
];

export interface PerformReport {
  year: number;
  decided: number;
  won: number;
  lost: number;
  /** Won of decided, percent (one decimal); null without any decided. */
  win_rate: number | null;
  won_value: MoneyTotal;
  pipeline_weighted: MoneyTotal;
  win_rate_by_segment: { segment: string | null; decided: number; won: number; lost: number; win_rate: number | null; mean_gap_percent: number | null }[];
  pipeline_by_stage: { stage: ProjectStage; projects: number; expected_value: MoneyTotal; weighted_value: MoneyTotal }[];
}

export const BUSINESS_PERFORM_REPORT = declareReport<PerformReport>()({
  path: BUSINESS_REPORT_PATHS.perform,
  title: { vi: 'Báo cáo hiệu quả kinh doanh', en: 'Performance report' },
  figures: [
    { key: 'decided', label: { vi: 'Gói thầu có kết quả', en: 'Bids decided' }, kind: 'count' },
    { key: 'won', label: { vi: 'Trúng thầu', en: 'Won' }, kind: 'count' },
    { key: 'lost', label: { vi: 'Trượt thầu', en: 'Lost' }, kind: 'count' },
    { key: 'win_rate', label: { vi: 'Tỷ lệ trúng thầu', en: 'Win rate' }, kind: 'percent' },
    { key: 'won_value', label: { vi: 'Giá trị trúng thầu', en: 'Value won' }, kind: 'money' },
    { key: 'pipeline_weighted', label: { vi: 'Giá trị dự án đang theo đuổi (quy đổi)', en: 'Open pipeline (weighted)' }, kind: 'money' },
  ],
  breakdowns: [
    {
      key: 'win_rate_by_segment',
      title: { vi: 'Tỷ lệ trúng thầu theo phân khúc', en: 'Win rate by segment' },
      columns: [
        { key: 'segment', label: { vi: 'Phân khúc', en: 'Segment' }, kind: 'text', blank: { vi: '(Chưa phân loại)', en: '(No category)' } },
        { key: 'decided', label: { vi: 'Có kết quả', en: 'Decided' }, kind: 'count' },
        { key: 'won', label: { vi: 'Trúng', en: 'Won' }, kind: 'count' },
        { key: 'lost', label: { vi: 'Trượt', en: 'Lost' }, kind: 'count' },
        { key: 'win_rate', label: { vi: 'Tỷ lệ trúng (%)', en: 'Win rate (%)' }, kind: 'percent' },
        { key: 'mean_gap_percent', label: { vi: 'Chênh giá TB khi trượt (%)', en: 'Mean gap when lost (%)' }, kind: 'percent' },
      ],
      chart: { type: 'columns', x: 'segment', y: 'win_rate' },
    },
    {
      key: 'pipeline_by_stage',
      title: { vi: 'Dự án theo giai đoạn', en: 'Pipeline by stage' },
      columns: [
        { key: 'stage', label: { vi: 'Giai đoạn', en: 'Stage' }, kind: 'enum', options: PROJECT_STAGE_LABELS },
        { key: 'projects', label: { vi: 'Số dự án', en: 'Projects' }, kind: 'count' },
        { key: 'expected_value', label: { vi: 'Giá trị dự kiến', en: 'Expected value' }, kind: 'money' },
        { key: 'weighted_value', label: { vi: 'Giá trị quy đổi', en: 'Weighted value' }, kind: 'money' },
      ],
      chart: { type: 'funnel', x: 'stage', y: 'projects' },
    },
  ],
});

/** The plan's report (contracts business/plan.ts for the items and how each is measured). */
export interface PlanChartReport {
  year: number;
  sale_code: string | null;
  plans: number;
  approved: number;
  contract_value_target: MoneyTotal;
  contract_value_actual: MoneyTotal;
  value_items: { no: number; item: PlanItem; target: MoneyTotal; actual: MoneyTotal; percent: number | null }[];
  count_items: { no: number; item: PlanItem; target: number; actual: number; percent: number | null }[];
  value_months: { month: number; contract_target: MoneyTotal; contract_actual: MoneyTotal; won_target: MoneyTotal; won_actual: MoneyTotal }[];
}

const NO = { key: 'no', label: { vi: 'STT', en: 'No.' }, kind: 'roman' } as const;
const ITEM = { key: 'item', label: { vi: 'Chỉ tiêu', en: 'Item' }, kind: 'enum', options: PLAN_ITEM_LABELS } as const;
const REACHED = { key: 'percent', label: { vi: 'Đạt (%)', en: 'Reached (%)' }, kind: 'percent' } as const;
/** A plan item's row: its number (I–V), the item, the target and the actual in the items' unit, the percent reached. */
const itemColumns = (kind: 'money' | 'count') =>
  [
    NO,
    ITEM,
    { key: 'target', label: { vi: 'Kế hoạch', en: 'Target' }, kind },
    { key: 'actual', label: { vi: 'Thực hiện', en: 'Actual' }, kind },
    REACHED,
  ] as const;

export const BUSINESS_PLAN_REPORT = declareReport<PlanChartReport>()({
  path: BUSINESS_REPORT_PATHS.plan,
  title: { vi: 'Báo cáo kế hoạch kinh doanh', en: 'Business plan report' },
  hint: {
    vi: 'Chỉ tiêu của các kế hoạch đã phê duyệt trong năm; kết quả theo dữ liệu kinh doanh trong phạm vi của bạn',
    en: "The targets of the year's approved plans; the results as the business records show them, within your scope",
  },
  figures: [
    { key: 'plans', label: { vi: 'Kế hoạch trong năm', en: 'Plans of the year' }, kind: 'count' },
    { key: 'approved', label: { vi: 'Đã phê duyệt', en: 'Approved' }, kind: 'count' },
    { key: 'contract_value_target', label: { vi: 'Chỉ tiêu giá trị hợp đồng', en: 'Contract value target' }, kind: 'money' },
    { key: 'contract_value_actual', label: { vi: 'Giá trị hợp đồng đã ký', en: 'Contract value signed' }, kind: 'money' },
  ],
  breakdowns: [
    {
      key: 'value_items',
      title: { vi: 'Chỉ tiêu giá trị', en: 'Value targets' },
      columns: itemColumns('money'),
      chart: { type: 'columns', x: 'item', y: 'percent' },
    },
    {
      key: 'count_items',
      title: { vi: 'Chỉ tiêu số lượng', en: 'Count targets' },
      columns: itemColumns('count'),
      chart: { type: 'columns', x: 'item', y: 'percent' },
    },
    {
      key: 'value_months',
      title: { vi: 'Giá trị theo tháng', en: 'Values month by month' },
      columns: [
        { key: 'month', label: { vi: 'Tháng', en: 'Month' }, kind: 'month' },
        { key: 'contract_target', label: { vi: 'HĐ ký mới - kế hoạch', en: 'New contracts, target' }, kind: 'money' },
        { key: 'contract_actual', label: { vi: 'HĐ ký mới - thực hiện', en: 'New contracts, actual' }, kind: 'money' },
        { key: 'won_target', label: { vi: 'Trúng thầu - kế hoạch', en: 'Won, target' }, kind: 'money' },
        { key: 'won_actual', label: { vi: 'Trúng thầu - thực hiện', en: 'Won, actual' }, kind: 'money' },
      ],
      chart: { type: 'columns', x: 'month', y: 'contract_actual' },
    },
  ],
});

/** One plan item month by month, in the item's unit (million VND for the value items). */
export interface ChartDetailReport {
  year: number;
  sale_code: string | null;
  item: PlanItem;
  target: number;
  actual: number;
  months: { month: number; target: number; actual: number; target_to_date: number; actual_to_date: number; percent_to_date: number | null }[];
}

export const BUSINESS_CHART_DETAIL_REPORT = declareReport<ChartDetailReport>()({
  path: BUSINESS_REPORT_PATHS.chartDetail,
  title: { vi: 'Chi tiết biểu đồ kế hoạch', en: 'Plan chart detail' },
  hint: { vi: 'Giá trị tính bằng triệu đồng', en: 'Values in million VND' },
  figures: [
    { key: 'target', label: { vi: 'Kế hoạch cả năm', en: 'Year target' }, kind: 'number' },
    { key: 'actual', label: { vi: 'Thực hiện', en: 'Actual' }, kind: 'number' },
  ],
  breakdowns: [
    {
      key: 'months',
      title: { vi: 'Theo tháng', en: 'Month by month' },
      columns: [
        { key: 'month', label: { vi: 'Tháng', en: 'Month' }, kind: 'month' },
        { key: 'target', label: { vi: 'Kế hoạch', en: 'Target' }, kind: 'number' },
        { key: 'actual', label: { vi: 'Thực hiện', en: 'Actual' }, kind: 'number' },
        { key: 'target_to_date', label: { vi: 'Kế hoạch lũy kế', en: 'Target to date' }, kind: 'number' },
        { key: 'actual_to_date', label: { vi: 'Thực hiện lũy kế', en: 'Actual to date' }, kind: 'number' },
        { key: 'percent_to_date', label: { vi: 'Đạt lũy kế (%)', en: 'Reached to date (%)' }, kind: 'percent' },
      ],
      chart: { type: 'columns', x: 'month', y: 'actual' },
    },
  ],
});

/** The market report: the year's projects (registered or won in it) three ways. */
export interface MarketReport {
  year: number;
  projects: number;
  expected_value: MoneyTotal;
  won: number;
  won_value: MoneyTotal;
  by_area: { area: string | null; projects: number; expected_value: MoneyTotal; won: number; won_value: MoneyTotal }[];
  by_segment: { segment: string | null; projects: number; expected_value: MoneyTotal; won: number; won_value: MoneyTotal }[];
  by_band: { band: RevenueBand | null; projects: number; expected_value: MoneyTotal; won: number }[];
}

const MARKET_COLUMNS = [
  { key: 'projects', label: { vi: 'Số dự án', en: 'Projects' }, kind: 'count' },
  { key: 'expected_value', label: { vi: 'Giá trị dự kiến', en: 'Expected value' }, kind: 'money' },
  { key: 'won', label: { vi: 'Trúng thầu', en: 'Won' }, kind: 'count' },
] as const;
const WON_VALUE = { key: 'won_value', label: { vi: 'Giá trị trúng', en: 'Value won' }, kind: 'money' } as const;

export const BUSINESS_MARKET_REPORT = declareReport<MarketReport>()({
  path: BUSINESS_REPORT_PATHS.market,
  title: { vi: 'Báo cáo thị trường', en: 'Market report' },
  hint: { vi: 'Dự án đăng ký hoặc trúng thầu trong năm, trong phạm vi của bạn', en: 'Projects registered or won in the year, within your scope' },
  figures: [
    { key: 'projects', label: { vi: 'Dự án', en: 'Projects' }, kind: 'count' },
    { key: 'expected_value', label: { vi: 'Giá trị dự kiến', en: 'Expected value' }, kind: 'money' },
    { key: 'won', label: { vi: 'Trúng thầu', en: 'Won' }, kind: 'count' },
    { key: 'won_value', label: { vi: 'Giá trị trúng', en: 'Value won' }, kind: 'money' },
  ],
  breakdowns: [
    {
      key: 'by_area',
      title: { vi: 'Theo khu vực', en: 'By area' },
      columns: [
        { key: 'area', label: { vi: 'Khu vực', en: 'Area' }, kind: 'text', blank: { vi: '(Chưa có khu vực)', en: '(No area)' } },
        ...MARKET_COLUMNS,
        WON_VALUE,
      ],
      chart: { type: 'ring', x: 'area', y: 'expected_value' },
    },
    {
      key: 'by_segment',
      title: { vi: 'Theo phân khúc', en: 'By segment' },
      columns: [
        { key: 'segment', label: { vi: 'Phân khúc', en: 'Segment' }, kind: 'text', blank: { vi: '(Chưa phân loại)', en: '(No category)' } },
        ...MARKET_COLUMNS,
        WON_VALUE,
      ],
      chart: { type: 'columns', x: 'segment', y: 'projects' },
    },
    {
      key: 'by_band',
      title: { vi: 'Theo quy mô doanh thu', en: 'By revenue size' },
      columns: [
        { key: 'band', label: { vi: 'Quy mô', en: 'Size' }, kind: 'enum', options: REVENUE_BAND_LABELS, blank: { vi: '(Chưa có giá trị)', en: '(No value)' } },
        ...MARKET_COLUMNS,
      ],
      chart: { type: 'columns', x: 'band', y: 'projects' },
    },
  ],
});

/** The contractor report: the partners' standing and the year's evaluations. */
export interface ContractorReport {
  year: number;
  contractors: number;
  cooperating: number;
  evaluated: number;
  poor: number;
  evaluations: number;
  mean_point: number | null;
  by_grade: { grade: ContractorGrade | null; contractors: number }[];
  by_kind: { kind: ContractorKind; contractors: number; evaluated: number; mean_point: number | null }[];
  contractors_list: {
    code: string | null;
    name: string;
    kind: ContractorKind;
    status: ContractorStatus;
    grade: ContractorGrade | null;
    avg_point: number | null;
    year_evaluations: number;
    year_point: number | null;
    last_evaluated: string | null;
  }[];
}

const MEAN = { vi: 'Điểm trung bình', en: 'Mean point' };

export const CONTRACTOR_REPORT = declareReport<ContractorReport>()({
  path: BUSINESS_REPORT_PATHS.contractor,
  title: { vi: 'Báo cáo nhà thầu - đối tác', en: 'Contractor report' },
  hint: {
    vi: 'Xếp loại theo các phiếu đánh giá đã hoàn thành; chỉ những kỳ có đánh giá mới được tính',
    en: 'Standing from the completed evaluations; only periods with an evaluation count',
  },
  figures: [
    { key: 'contractors', label: { vi: 'Đối tác', en: 'Partners' }, kind: 'count' },
    { key: 'cooperating', label: { vi: 'Đang hợp tác', en: 'Cooperating' }, kind: 'count' },
    { key: 'evaluated', label: { vi: 'Đã được đánh giá', en: 'Evaluated' }, kind: 'count' },
    { key: 'poor', label: { vi: 'Xếp loại Trung bình', en: 'Graded Average' }, kind: 'count' },
    { key: 'evaluations', label: { vi: 'Phiếu đánh giá trong năm', en: "The year's evaluations" }, kind: 'count' },
    { key: 'mean_point', label: { vi: 'Điểm trung bình trong năm', en: "The year's mean point" }, kind: 'number' },
  ],
  breakdowns: [
    {
      key: 'by_grade',
      title: { vi: 'Theo xếp loại', en: 'By grade' },
      columns: [
        {
          key: 'grade',
          label: { vi: 'Xếp loại', en: 'Grade' },
          kind: 'enum',
          options: CONTRACTOR_GRADE_LABELS,
          blank: { vi: '(Chưa đánh giá)', en: '(Not evaluated)' },
        },
        { key: 'contractors', label: { vi: 'Số đối tác', en: 'Partners' }, kind: 'count' },
      ],
      chart: { type: 'ring', x: 'grade', y: 'contractors' },
    },
    {
      key: 'by_kind',
      title: { vi: 'Theo nhóm đối tác', en: 'By kind' },
      columns: [
        { key: 'kind', label: { vi: 'Nhóm đối tác', en: 'Kind' }, kind: 'enum', options: CONTRACTOR_KIND_LABELS },
        { key: 'contractors', label: { vi: 'Số đối tác', en: 'Partners' }, kind: 'count' },
        { key: 'evaluated', label: { vi: 'Đã đánh giá', en: 'Evaluated' }, kind: 'count' },
        { key: 'mean_point', label: MEAN, kind: 'number' },
      ],
      chart: { type: 'columns', x: 'kind', y: 'contractors' },
    },
    {
      key: 'contractors_list',
      title: { vi: 'Danh sách nhà thầu - đối tác', en: 'Contractors' },
      columns: [
        { key: 'code', label: { vi: 'Mã', en: 'Code' }, kind: 'text' },
        { key: 'name', label: { vi: 'Tên đối tác', en: 'Name' }, kind: 'text' },
        { key: 'kind', label: { vi: 'Nhóm', en: 'Kind' }, kind: 'enum', options: CONTRACTOR_KIND_LABELS },
        { key: 'status', label: { vi: 'Trạng thái', en: 'Status' }, kind: 'enum', options: CONTRACTOR_STATUS_LABELS },
        {
          key: 'grade',
          label: { vi: 'Xếp loại', en: 'Grade' },
          kind: 'enum',
          options: CONTRACTOR_GRADE_LABELS,
          blank: { vi: '(Chưa đánh giá)', en: '(Not evaluated)' },
        },
        { key: 'avg_point', label: MEAN, kind: 'number' },
        { key: 'year_evaluations', label: { vi: 'Đánh giá trong năm', en: 'Evaluations this year' }, kind: 'count' },
        { key: 'year_point', label: { vi: 'Điểm trong năm', en: "The year's point" }, kind: 'number' },
        { key: 'last_evaluated', label: { vi: 'Đánh giá gần nhất', en: 'Last evaluated' }, kind: 'day' },
      ],
      chart: null,
    },
  ],
});
