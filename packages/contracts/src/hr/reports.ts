import type { Label } from '../kit/field';
import { declareReport } from '../kit/report';
import { CONTRACT_TYPE_LABELS, STAFF_STATUS_LABELS } from '../common/options';
import { CANDIDATE_STATUS_LABELS } from './recruitment';
import {
  HR_REPORT_PATHS,
  type ContractTypesReport,
  type FunnelStage,
  type HeadCountReport,
  type LeaveReport,
  type RecruitmentFunnelReport,
} from './report-routes';

/**
 * The HR reports declared (kit/report.ts): their figures, breakdowns and charts — the one column list behind the
 * reports page's tables and charts and the xlsx export of each.
 */

const UNKNOWN: Label = { vi: 'Chưa xác định', en: 'Unknown' };
const COUNT = { key: 'count', label: { vi: 'Số lượng', en: 'Count' }, kind: 'count' } as const;
const STAFF = { key: 'count', label: { vi: 'Nhân viên', en: 'Staff' }, kind: 'count' } as const;
const STATUS = { key: 'status', label: { vi: 'Tình trạng', en: 'Status' }, kind: 'enum', options: { ...STAFF_STATUS_LABELS, UNKNOWN } } as const;
const NO_UNIT: Label = { vi: '(Chưa có đơn vị)', en: '(No unit)' };
const NO_DEPARTMENT: Label = { vi: '(Chưa có phòng ban)', en: '(No department)' };
const UNIT_NAME = { label: { vi: 'Đơn vị', en: 'Unit' }, kind: 'text', blank: NO_UNIT } as const;
const DEPARTMENT_NAME = { label: { vi: 'Phòng ban', en: 'Department' }, kind: 'text', blank: NO_DEPARTMENT } as const;
const CONTRACT_TYPE = { key: 'type', label: { vi: 'Loại', en: 'Type' }, kind: 'enum', options: CONTRACT_TYPE_LABELS } as const;
const MONTH = { key: 'month', label: { vi: 'Tháng', en: 'Month' }, kind: 'month' } as const;
const LEAVE_DAYS = { key: 'days', label: { vi: 'Ngày nghỉ', en: 'Leave days' }, kind: 'count' } as const;
const LEAVE_TYPE = { key: 'name', label: { vi: 'Loại nghỉ', en: 'Leave type' }, kind: 'text', blank: { vi: '(Không rõ loại)', en: '(Unknown type)' } } as const;
const CANDIDATES: Label = { vi: 'Ứng viên', en: 'Candidates' };
const REQUESTED: Label = { vi: 'Cần tuyển', en: 'Requested' };
const HIRED: Label = { vi: 'Đã tuyển', en: 'Hired' };

/** The recruitment funnel's cumulative stages. */
export const FUNNEL_STAGE_LABELS: Record<FunnelStage, Label> = {
  APPLIED: { vi: 'Ứng tuyển', en: 'Applied' },
  INTERVIEWED: { vi: 'Phỏng vấn', en: 'Interviewed' },
  PASSED: { vi: 'Đạt phỏng vấn', en: 'Passed' },
  APPROVED: { vi: 'Duyệt tuyển', en: 'Approved' },
  HIRED: { vi: 'Nhận việc', en: 'Hired' },
};

export const HEAD_COUNT_REPORT = declareReport<HeadCountReport>()({
  path: HR_REPORT_PATHS.headCount,
  title: { vi: 'Quân số theo đơn vị', en: 'Head count by unit' },
  figures: [{ key: 'total', label: { vi: 'Tổng', en: 'Total' }, kind: 'count' }],
  breakdowns: [
    {
      key: 'rows',
      title: { vi: 'Theo phòng ban và tình trạng', en: 'By department and status' },
      columns: [{ key: 'unit_name', ...UNIT_NAME }, { key: 'department_name', ...DEPARTMENT_NAME }, STATUS, STAFF],
      chart: { type: 'columns', x: 'department_name', y: 'count', group: 'status' },
    },
    {
      key: 'byStatus',
      title: { vi: 'Theo tình trạng', en: 'By status' },
      columns: [STATUS, STAFF],
      chart: null,
    },
    {
      key: 'byUnit',
      title: { vi: 'Theo đơn vị', en: 'By unit' },
      columns: [{ key: 'name', ...UNIT_NAME }, STAFF],
      chart: null,
    },
    {
      key: 'byDepartment',
      title: { vi: 'Theo phòng ban', en: 'By department' },
      columns: [{ key: 'name', ...DEPARTMENT_NAME }, STAFF],
      chart: null,
    },
  ],
});

export const CONTRACT_TYPES_REPORT = declareReport<ContractTypesReport>()({
  path: HR_REPORT_PATHS.contractTypes,
  title: { vi: 'Loại hợp đồng', en: 'Contract types' },
  hint: { vi: 'Hợp đồng đang hiệu lực (không tính phụ lục)', en: 'Effective contracts (annexes not counted)' },
  figures: [
    { key: 'total', label: { vi: 'Hợp đồng', en: 'Contracts' }, kind: 'count' },
    { key: 'expiring.within30', label: { vi: 'Hết hạn trong 30 ngày', en: 'Ending within 30 days' }, kind: 'count' },
    { key: 'expiring.within60', label: { vi: 'Hết hạn trong 60 ngày', en: 'Ending within 60 days' }, kind: 'count' },
    {
      key: 'overdue',
      label: { vi: 'Quá hạn chưa cập nhật', en: 'Past end date, not updated' },
      kind: 'count',
      hint: { vi: 'Còn ghi "Hiệu lực" nhưng đã qua ngày kết thúc', en: 'Still marked "Effective" after their end date' },
    },
  ],
  breakdowns: [
    {
      key: 'byType',
      title: { vi: 'Theo loại', en: 'By type' },
      columns: [CONTRACT_TYPE, { key: 'count', label: { vi: 'Hợp đồng', en: 'Contracts' }, kind: 'count' }],
      chart: { type: 'ring', x: 'type', y: 'count' },
    },
    {
      key: 'expiringSoon',
      title: { vi: 'Sắp hết hạn', en: 'Ending soon' },
      columns: [
        { key: 'staff_name', label: { vi: 'Nhân viên', en: 'Staff' }, kind: 'text', blank: UNKNOWN },
        { key: 'department_name', ...DEPARTMENT_NAME },
        CONTRACT_TYPE,
        { key: 'end_date', label: { vi: 'Ngày kết thúc', en: 'End date' }, kind: 'day' },
        { key: 'days_left', label: { vi: 'Số ngày còn lại', en: 'Days left' }, kind: 'count' },
      ],
      chart: null,
    },
  ],
});

export const LEAVE_REPORT = declareReport<LeaveReport>()({
  path: HR_REPORT_PATHS.leave,
  title: { vi: 'Ngày nghỉ phép đã duyệt', en: 'Approved leave days' },
  figures: [
    { key: 'totalDays', label: { vi: 'Tổng ngày nghỉ', en: 'Total leave days' }, kind: 'count' },
    { key: 'requests', label: { vi: 'Đơn', en: 'Requests' }, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'byMonth',
      title: { vi: 'Theo tháng', en: 'By month' },
      columns: [MONTH, LEAVE_DAYS],
      chart: { type: 'columns', x: 'month', y: 'days' },
    },
    {
      key: 'byType',
      title: { vi: 'Theo loại nghỉ', en: 'By leave type' },
      columns: [LEAVE_TYPE, LEAVE_DAYS],
      chart: null,
    },
    {
      key: 'rows',
      title: { vi: 'Theo tháng và loại nghỉ', en: 'By month and leave type' },
      columns: [MONTH, LEAVE_TYPE, LEAVE_DAYS],
      chart: null,
    },
  ],
});

export const RECRUITMENT_FUNNEL_REPORT = declareReport<RecruitmentFunnelReport>()({
  path: HR_REPORT_PATHS.recruitmentFunnel,
  title: { vi: 'Phễu tuyển dụng', en: 'Recruitment funnel' },
  figures: [
    { key: 'stages.0.count', label: CANDIDATES, kind: 'count' },
    { key: 'requested', label: REQUESTED, kind: 'count' },
    { key: 'hired', label: HIRED, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'stages',
      title: { vi: 'Theo giai đoạn', en: 'By stage' },
      columns: [
        { key: 'stage', label: { vi: 'Giai đoạn', en: 'Stage' }, kind: 'enum', options: FUNNEL_STAGE_LABELS },
        { key: 'count', label: CANDIDATES, kind: 'count' },
      ],
      chart: { type: 'funnel', x: 'stage', y: 'count' },
    },
    {
      key: 'byStatus',
      title: { vi: 'Theo tình trạng ứng viên', en: 'By candidate status' },
      columns: [{ key: 'status', label: { vi: 'Tình trạng', en: 'Status' }, kind: 'enum', options: { ...CANDIDATE_STATUS_LABELS, UNKNOWN } }, COUNT],
      chart: null,
    },
    {
      key: 'requests',
      title: { vi: 'Theo yêu cầu tuyển dụng', en: 'By recruitment request' },
      columns: [
        { key: 'name', label: { vi: 'Yêu cầu tuyển dụng', en: 'Recruitment request' }, kind: 'text', blank: UNKNOWN },
        { key: 'department_name', ...DEPARTMENT_NAME },
        { key: 'quantity', label: REQUESTED, kind: 'count' },
        { key: 'hired', label: HIRED, kind: 'count' },
      ],
      chart: null,
    },
  ],
});

/** Every HR report, in the page's order. */
export const HR_REPORTS = [HEAD_COUNT_REPORT, CONTRACT_TYPES_REPORT, LEAVE_REPORT, RECRUITMENT_FUNNEL_REPORT] as const;
