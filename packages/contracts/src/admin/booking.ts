import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

export const ROOM_BOOKING_STATUS = ['BOOKED', 'ENDED', 'CANCELLED'] as const;
export const REPEAT = ['NONE', 'DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const REPEAT_LABELS = {
  NONE: { vi: 'Không lặp lại', en: 'Does not repeat' },
  DAILY: { vi: 'Hằng ngày', en: 'Daily' },
  WEEKLY: { vi: 'Hằng tuần', en: 'Weekly' },
  MONTHLY: { vi: 'Hằng tháng', en: 'Monthly' },
};
/**
 * Attendees of one booking at most: the largest meeting room's worth. Invitations are mailed on the orderer's behalf; a
 * larger audience is an announcement, not a meeting.
 */
export const ATTENDEES_MAX = 50;
/** Occurrences one series makes at most (a weekly meeting for two years). */
export const SERIES_MAX = 104;

/**
 * Meeting-room bookings (spec §3 "event name, room, orderer, date, start and end time, repeat, calendar save"; §7
 * `/book-room`; §8 a booking whose start has passed cannot be deleted or cancelled). Start and end are datetimes (the
 * date is the start's day: one field less to disagree, and the calendar and the clash rule read them as they are).
 * A room holds one meeting at a time — an exclusion constraint (`exclusive`), so no two requests can both win; a
 * cancelled booking frees its slot. Status: BOOKED → CANCELLED before the start, BOOKED → ENDED ("end now", which
 * frees the rest of the slot) after it. A series (`repeat` until `repeat_until`) is the kit's (`series`: kit/series.ts):
 * `POST /book-room/series-preview`, `/book-room/series`, `/book-room/series-cancel` and `PUT /book-room/series-update`,
 * its occurrences sharing `series_id`. The department is the orderer's (scope).
 */
export const bookRoom = defineResource({
  name: 'bookRoom',
  domain: 'admin',
  path: '/book-room',
  table: 'book_room',
  feature: 'book_meeting_room',
  icon: 'calendar',
  label: { vi: 'Đặt phòng họp', en: 'Meeting room booking' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'start_time desc',
  scope: { staffDepartment: 'department_id', ownStaff: 'orderer_id' },
  exclusive: [{ over: ['room_id'], from: 'start_time', to: 'end_time', unless: { field: 'status', values: ['CANCELLED'] } }],
  // A working day at most, and half a year ahead: a weekly series for a half-year, as room calendars commonly open.
  booking: { unit: 'hour', defaults: { longest: 12, ahead_days: 180 } },
  workflow: { field: 'status', moves: { BOOKED: ['CANCELLED', 'ENDED'], ENDED: [], CANCELLED: [] }, action: 'add' },
  // Who does what (kit/actors.ts): its orderer or a booking manager (the approve right within their scope) changes,
  // cancels, ends and deletes it; the room and the times not once it has started; it is cancelled only before its
  // start and ended only after; a meeting that took place (ended) stays on the calendar and in the reports.
  actors: {
    orderer: { staff: 'orderer_id', label: { vi: 'người đặt', en: 'the orderer' } },
    manager: { manager: true, label: { vi: 'người quản lý đặt phòng', en: 'a room-booking manager' } },
  },
  acts: {
    start: 'start_time',
    edit: { by: ['orderer', 'manager'], in: ['BOOKED'] },
    // Booked for someone else only by a manager (the orderer reads it: it decides who does).
    fields: [
      { fields: ['room_id', 'start_time', 'end_time'], by: ['orderer', 'manager'], window: 'before_start' },
      { fields: ['orderer_id'], by: ['manager'], share: true },
    ],
    delete: [
      { by: ['orderer', 'manager'], in: ['BOOKED'], window: 'before_start' },
      { by: ['orderer', 'manager'], in: ['CANCELLED'] },
    ],
    moves: { CANCELLED: { by: ['orderer', 'manager'], window: 'before_start' }, ENDED: { by: ['orderer', 'manager'], window: 'after_start' } },
  },
  // A weekly meeting for two years at most; the rest of a series is cancelled as each booking is (BOOKED → CANCELLED).
  series: { start: 'start_time', end: 'end_time', group: 'series_id', repeat: 'repeat', max: SERIES_MAX, cancel: 'CANCELLED' },
  calendar: { start: 'start_time', end: 'end_time', location: 'room_id', area: 'area_id', color: 'status', alias: '/apps/calendar', hidden: ['CANCELLED'] },
  fields: {
    name: f.text({ vi: 'Tên sự kiện', en: 'Event name' }, { required: true, min: 4, max: 150, list: true, search: true }),
    room_id: f.ref('room', { vi: 'Phòng họp', en: 'Meeting room' }, { required: true, list: true, filter: true }),
    // The room's site, kept with the booking so the calendar and the list filter by it in SQL.
    area_id: f.ref(
      'administratorArea',
      { vi: 'Khu vực', en: 'Area' },
      { readonly: true, filter: true, copyFrom: { ref: 'room_id', field: 'area_id', follow: { until: 'end_time' } } },
    ),
    orderer_id: f.ref('staff', { vi: 'Người đặt', en: 'Orderer' }, { required: true, default: 'caller', list: true, filter: true }),
    department_id: f.ref('organization', L.department, { readonly: true, filter: true, copyFrom: { ref: 'orderer_id', field: 'department_id' } }),
    start_time: f.datetime({ vi: 'Bắt đầu', en: 'Start time' }, { required: true, list: true, sort: true, before: 'end_time' }),
    end_time: f.datetime({ vi: 'Kết thúc', en: 'End time' }, { required: true, list: true }),
    // Only staff the orderer's picker offers (services/admin/src/booking/attendees.ts).
    attendee_ids: f.refs('staff', { vi: 'Người tham dự', en: 'Attendees' }, { max: ATTENDEES_MAX }),
    save_to_calendar: f.bool({ vi: 'Lưu vào lịch (gửi lời mời)', en: 'Save to calendar (send invitations)' }),
    repeat: f.enum(REPEAT, { vi: 'Lặp lại', en: 'Repeat' }, { readonly: true, default: 'NONE', valueLabels: REPEAT_LABELS }),
    // The id that groups a series' bookings (filter by it); an export shows the series by its repeat and the dates.
    series_id: f.text({ vi: 'Chuỗi lịch', en: 'Series' }, { readonly: true, filter: true, max: 36, noExport: true }),
    status: f.enum(
      ROOM_BOOKING_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'BOOKED',
        list: true,
        filter: true,
        valueLabels: {
          BOOKED: { vi: 'Đã đặt', en: 'Booked' },
          ENDED: { vi: 'Đã kết thúc', en: 'Ended' },
          CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
        },
      },
    ),
    note: f.longText(L.note),
  },
});
