import type { Label } from '../kit/field';
import { declareReport } from '../kit/report';
import { APPROVAL_ACTIVITY_CONTEXTS } from '../kit/approval';
import { allResources } from '../resources';
import { DOCUMENT_DIRECTION_LABELS } from './document';
import { SCHEDULE_KIND_LABELS } from './schedule';
import { PRIORITY_LABELS, TICKET_STAGE_LABELS } from './ticket';
import { INTERVIEW_KIND_LABELS, INTERVIEW_RESULT_LABELS } from '../hr/recruitment';
import {
  ADMIN_REPORT_PATHS,
  type AdminEventsReport,
  type CarReport,
  type DocumentsReport,
  type NotificationsReport,
  type RecruitmentEventsReport,
  type RoomReport,
  type SchedulesReport,
  type TicketsReport,
} from './report-routes';

/**
 * The administration reports declared (kit/report.ts): their figures, breakdowns and charts — the one column list
 * behind the report page's tables and charts and the xlsx export of each.
 */

const COUNT = { key: 'count', label: { vi: 'Số lượng', en: 'Count' }, kind: 'count' } as const;
const NO_DEPARTMENT: Label = { vi: '(Không phòng ban)', en: '(No department)' };
const NOBODY: Label = { vi: '(Không rõ)', en: '(Unknown)' };
const DEPARTMENT = { key: 'department_name', label: { vi: 'Phòng ban', en: 'Department' }, kind: 'text', blank: NO_DEPARTMENT } as const;
const TRIPS: Label = { vi: 'Số chuyến', en: 'Trips' };
const KM: Label = { vi: 'Số km', en: 'Kilometres' };
const COST: Label = { vi: 'Chi phí', en: 'Cost' };
const BUSINESS_TRIPS: Label = { vi: 'Chuyến công tác', en: 'Business trips' };
const TRIP_DAYS: Label = { vi: 'Ngày công tác', en: 'Days away' };
const INTERVIEWS: Label = { vi: 'Buổi phỏng vấn', en: 'Interviews' };
const RECORD_TYPE: Label = { vi: 'Loại hồ sơ', en: 'Record type' };
const TOTAL: Label = { vi: 'Tổng số', en: 'Total' };
const PERSON: Label = { vi: 'Người', en: 'Person' };

/** The activity log's and the notifications' `context`: a record type, by its resource's name. */
export const RECORD_TYPE_LABELS: Record<string, Label> = { ...Object.fromEntries(allResources.map((r) => [r.name, r.label])), ...APPROVAL_ACTIVITY_CONTEXTS };

/** What was done to a record, as the activity log names it. */
export const ACTIVITY_ACTION_LABELS: Record<string, Label> = {
  create: { vi: 'Thêm mới', en: 'Add' },
  update: { vi: 'Sửa', en: 'Edit' },
  delete: { vi: 'Xóa', en: 'Delete' },
  import: { vi: 'Nhập từ file', en: 'Import from file' },
  status: { vi: 'Đổi trạng thái', en: 'Status change' },
};

export const NOTIFICATION_TYPE_LABELS: Record<string, Label> = {
  APPROVE_REQUEST: { vi: 'Yêu cầu phê duyệt', en: 'Approval request' },
  APPROVED: { vi: 'Đã phê duyệt', en: 'Approved' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
  REFUSED: { vi: 'Bị từ chối', en: 'Refused' },
  INFO: { vi: 'Thông tin', en: 'Information' },
};

export const TICKETS_REPORT = declareReport<TicketsReport>()({
  path: ADMIN_REPORT_PATHS.tickets,
  title: { vi: 'Phiếu yêu cầu', en: 'Tickets' },
  figures: [
    { key: 'total', label: TOTAL, kind: 'count' },
    { key: 'overdue', label: { vi: 'Quá hạn', en: 'Overdue' }, kind: 'count' },
    { key: 'closed', label: { vi: 'Đã đóng', en: 'Closed' }, kind: 'count' },
    { key: 'meanHoursToClose', label: { vi: 'Thời gian xử lý TB (giờ)', en: 'Mean hours to close' }, kind: 'hours' },
  ],
  breakdowns: [
    {
      key: 'byGroup',
      title: { vi: 'Theo nhóm yêu cầu và giai đoạn', en: 'By request group and stage' },
      columns: [
        { key: 'group_name', label: { vi: 'Nhóm yêu cầu', en: 'Request group' }, kind: 'text', blank: { vi: '(Không nhóm)', en: '(No group)' } },
        { key: 'stage', label: { vi: 'Giai đoạn', en: 'Stage' }, kind: 'enum', options: TICKET_STAGE_LABELS },
        COUNT,
      ],
      chart: { type: 'columns', x: 'group_name', y: 'count', group: 'stage' },
    },
    {
      key: 'byPriority',
      title: { vi: 'Theo mức ưu tiên', en: 'By priority' },
      columns: [{ key: 'priority', label: { vi: 'Mức ưu tiên', en: 'Priority' }, kind: 'enum', options: PRIORITY_LABELS }, COUNT],
      chart: null,
    },
  ],
});

export const CARS_REPORT = declareReport<CarReport>()({
  path: ADMIN_REPORT_PATHS.cars,
  title: { vi: 'Đặt xe: chuyến, km và chi phí', en: 'Car trips: trips, km and cost' },
  figures: [
    { key: 'trips', label: TRIPS, kind: 'count' },
    { key: 'km', label: KM, kind: 'number' },
    { key: 'cost', label: COST, kind: 'money' },
  ],
  breakdowns: [
    {
      key: 'byCar',
      title: { vi: 'Theo xe', en: 'By car' },
      columns: [
        { key: 'car_name', label: { vi: 'Xe', en: 'Car' }, kind: 'text' },
        { key: 'trips', label: TRIPS, kind: 'count' },
        { key: 'km', label: KM, kind: 'number' },
        { key: 'cost', label: COST, kind: 'money' },
      ],
      chart: { type: 'columns', x: 'car_name', y: 'km' },
    },
    {
      key: 'byDepartment',
      title: { vi: 'Theo phòng ban', en: 'By department' },
      columns: [
        DEPARTMENT,
        { key: 'trips', label: TRIPS, kind: 'count' },
        { key: 'km', label: KM, kind: 'number' },
        { key: 'cost', label: COST, kind: 'money' },
      ],
      chart: null,
    },
  ],
});

export const ROOMS_REPORT = declareReport<RoomReport>()({
  path: ADMIN_REPORT_PATHS.rooms,
  title: { vi: 'Phòng họp: tỷ lệ sử dụng', en: 'Meeting rooms: occupancy' },
  figures: [
    {
      key: 'openHours',
      label: { vi: 'Giờ làm việc mỗi phòng (08:00–18:00, thứ Hai–thứ Sáu)', en: 'Working hours per room (08:00–18:00, Monday–Friday)' },
      kind: 'hours',
    },
  ],
  breakdowns: [
    {
      key: 'byRoom',
      title: { vi: 'Theo phòng họp', en: 'By meeting room' },
      columns: [
        { key: 'room_name', label: { vi: 'Phòng họp', en: 'Meeting room' }, kind: 'text' },
        { key: 'bookings', label: { vi: 'Số lượt đặt', en: 'Bookings' }, kind: 'count' },
        { key: 'hours', label: { vi: 'Số giờ', en: 'Hours' }, kind: 'hours' },
        { key: 'occupancy', label: { vi: 'Tỷ lệ sử dụng (%)', en: 'Occupancy (%)' }, kind: 'percent' },
      ],
      chart: { type: 'columns', x: 'room_name', y: 'occupancy' },
    },
  ],
});

export const DOCUMENTS_REPORT = declareReport<DocumentsReport>()({
  path: ADMIN_REPORT_PATHS.documents,
  title: { vi: 'Văn bản đến và đi', en: 'Documents in and out' },
  figures: [
    { key: 'incoming', label: DOCUMENT_DIRECTION_LABELS.IN, kind: 'count' },
    { key: 'outgoing', label: DOCUMENT_DIRECTION_LABELS.OUT, kind: 'count' },
    { key: 'unanswered', label: { vi: 'Quá hạn chưa trả lời', en: 'Unanswered past due' }, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'byMonth',
      title: { vi: 'Theo tháng', en: 'By month' },
      columns: [
        { key: 'month', label: { vi: 'Tháng', en: 'Month' }, kind: 'month' },
        { key: 'direction', label: { vi: 'Chiều', en: 'Direction' }, kind: 'enum', options: DOCUMENT_DIRECTION_LABELS },
        COUNT,
      ],
      chart: { type: 'columns', x: 'month', y: 'count', group: 'direction' },
    },
  ],
});

export const SCHEDULES_REPORT = declareReport<SchedulesReport>()({
  path: ADMIN_REPORT_PATHS.schedules,
  title: { vi: 'Lịch công tác', en: 'Working schedules' },
  figures: [
    { key: 'total', label: TOTAL, kind: 'count' },
    { key: 'trips', label: BUSINESS_TRIPS, kind: 'count' },
    { key: 'tripDays', label: TRIP_DAYS, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'byDepartment',
      title: { vi: 'Theo phòng ban và loại', en: 'By department and kind' },
      columns: [DEPARTMENT, { key: 'kind', label: { vi: 'Loại', en: 'Kind' }, kind: 'enum', options: SCHEDULE_KIND_LABELS }, COUNT],
      chart: { type: 'columns', x: 'department_name', y: 'count', group: 'kind' },
    },
    {
      key: 'byKind',
      title: { vi: 'Theo loại', en: 'By kind' },
      columns: [{ key: 'kind', label: { vi: 'Loại', en: 'Kind' }, kind: 'enum', options: SCHEDULE_KIND_LABELS }, COUNT],
      chart: null,
    },
    {
      key: 'travellers',
      title: { vi: 'Đi công tác nhiều nhất', en: 'Most days away' },
      columns: [
        { key: 'staff_name', label: PERSON, kind: 'text', blank: NOBODY },
        { key: 'trips', label: BUSINESS_TRIPS, kind: 'count' },
        { key: 'days', label: TRIP_DAYS, kind: 'count' },
      ],
      chart: null,
    },
  ],
});

export const RECRUITMENT_EVENTS_REPORT = declareReport<RecruitmentEventsReport>()({
  path: ADMIN_REPORT_PATHS.recruitment,
  title: { vi: 'Sự kiện tuyển dụng: phỏng vấn', en: 'Recruitment events: interviews' },
  figures: [
    { key: 'total', label: INTERVIEWS, kind: 'count' },
    { key: 'upcoming', label: { vi: 'Sắp diễn ra', en: 'Upcoming' }, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'byKind',
      title: { vi: 'Theo vòng và kết quả', en: 'By round and result' },
      columns: [
        { key: 'kind', label: { vi: 'Vòng', en: 'Round' }, kind: 'enum', options: INTERVIEW_KIND_LABELS },
        { key: 'result', label: { vi: 'Kết quả', en: 'Result' }, kind: 'enum', options: INTERVIEW_RESULT_LABELS },
        COUNT,
      ],
      chart: { type: 'columns', x: 'kind', y: 'count', group: 'result' },
    },
    {
      key: 'byWeek',
      title: { vi: 'Theo tuần (từ thứ Hai)', en: 'By week (from Monday)' },
      columns: [{ key: 'week', label: { vi: 'Tuần từ ngày', en: 'Week from' }, kind: 'day' }, COUNT],
      chart: null,
    },
    {
      key: 'interviewers',
      title: { vi: 'Người phỏng vấn nhiều nhất', en: 'Busiest interviewers' },
      columns: [
        { key: 'staff_name', label: { vi: 'Người phỏng vấn', en: 'Interviewer' }, kind: 'text', blank: NOBODY },
        { ...COUNT, label: INTERVIEWS },
      ],
      chart: null,
    },
  ],
});

export const ADMIN_EVENTS_REPORT = declareReport<AdminEventsReport>()({
  path: ADMIN_REPORT_PATHS.events,
  title: { vi: 'Sự kiện hành chính', en: 'Administration events' },
  figures: [{ key: 'total', label: TOTAL, kind: 'count' }],
  breakdowns: [
    {
      key: 'byContext',
      title: { vi: 'Theo loại hồ sơ và thao tác', en: 'By record type and action' },
      columns: [
        { key: 'context', label: RECORD_TYPE, kind: 'enum', options: RECORD_TYPE_LABELS },
        { key: 'action', label: { vi: 'Thao tác', en: 'Action' }, kind: 'enum', options: ACTIVITY_ACTION_LABELS },
        COUNT,
      ],
      chart: { type: 'columns', x: 'context', y: 'count', group: 'action' },
    },
    {
      key: 'byDay',
      title: { vi: 'Theo ngày', en: 'By day' },
      columns: [{ key: 'day', label: { vi: 'Ngày', en: 'Day' }, kind: 'day' }, COUNT],
      chart: null,
    },
    {
      key: 'actors',
      title: { vi: 'Người thao tác nhiều nhất', en: 'Most active people' },
      columns: [{ key: 'actor_name', label: PERSON, kind: 'text', blank: NOBODY }, COUNT],
      chart: null,
    },
  ],
});

export const NOTIFICATIONS_REPORT = declareReport<NotificationsReport>()({
  path: ADMIN_REPORT_PATHS.notifications,
  title: { vi: 'Thông báo hành chính', en: 'Administration notifications' },
  figures: [
    { key: 'total', label: { vi: 'Đã gửi', en: 'Sent' }, kind: 'count' },
    { key: 'read', label: { vi: 'Đã đọc', en: 'Read' }, kind: 'count' },
    { key: 'meanHoursToRead', label: { vi: 'Thời gian đọc TB (giờ)', en: 'Mean hours to read' }, kind: 'hours' },
  ],
  breakdowns: [
    {
      key: 'byContext',
      title: { vi: 'Theo loại hồ sơ và loại thông báo', en: 'By record type and kind' },
      columns: [
        { key: 'context', label: RECORD_TYPE, kind: 'enum', options: RECORD_TYPE_LABELS },
        { key: 'type', label: { vi: 'Loại thông báo', en: 'Kind' }, kind: 'enum', options: NOTIFICATION_TYPE_LABELS },
        COUNT,
        { key: 'read', label: { vi: 'Đã đọc', en: 'Read' }, kind: 'count' },
      ],
      chart: { type: 'columns', x: 'context', y: 'count', group: 'type' },
    },
  ],
});

/** Every administration report, in the page's order. */
export const ADMIN_REPORTS = [
  TICKETS_REPORT,
  CARS_REPORT,
  ROOMS_REPORT,
  DOCUMENTS_REPORT,
  SCHEDULES_REPORT,
  RECRUITMENT_EVENTS_REPORT,
  ADMIN_EVENTS_REPORT,
  NOTIFICATIONS_REPORT,
] as const;
