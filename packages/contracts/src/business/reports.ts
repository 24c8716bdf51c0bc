import type { RouteDecl } from '../kit/routes';
import { declareReport, reportRouteDecls } from '../kit/report';
import type { MoneyTotal } from '../common/money';
import { PROJECT_STAGE_LABELS, type ProjectStage } from './project';

/**
 * The business reports (spec §7 Business "reports"), answered by the business service within the caller's project scope,
 * each read in one snapshot and exported to xlsx beside it (`<path>/export`):
 * - the performance report (`/business-report/perform`): a year's bid results — decided, won, lost, the win rate, the
 *   value won — and the **win rate by segment** (the project category the bid copies from its project), with the mean
 *   gap of the lost bids' price to the winner's; and the pipeline as it stands, stage by stage (projects, expected and
 *   weighted value).
 */
export const BUSINESS_REPORT_PATHS = {
  perform: '/business-report/perform',
} as const;

const access = { feature: 'report', action: 'view' } as const;
export const businessReportRoutes: RouteDecl[] = [
  ...reportRouteDecls(
    { path: BUSINESS_REPORT_PATHS.perform },
    "The performance report: a year's bids decided, won and lost, the win rate and the value won, by segment (project category) with the mean price gap of the lost ones; the pipeline by stage: ?year",
    'business',
    access,
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
