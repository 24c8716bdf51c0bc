import {
  administratorArea,
  BOOKING_SETTING_LABELS,
  bookCar,
  bookRoom,
  car,
  contact,
  documentation,
  documentType,
  menuOf,
  officialDocument,
  room,
  shortcutTo,
  staffLeave,
  ticket,
  ticketGroup,
  ticketStatus,
  workingSchedule,
} from '@portal/contracts';

/** The meeting rooms' calendar: its sidebar entry and its page's title. */
export const ROOM_CALENDAR = { vi: 'Lịch phòng họp', en: 'Meeting room calendar' };
/** The cars' calendar, likewise. */
export const CAR_CALENDAR = { vi: 'Lịch xe', en: 'Car calendar' };

/** The business-travel calendar (the working schedules' calendar): its sidebar entry and its page's title. */
export const TRAVEL_CALENDAR = { vi: 'Lịch công tác tuần', en: 'Business travel calendar' };

/**
 * The Administration screens in sidebar order: the menu, and the routes of the resources without pages of their own.
 * Spec §2's entries first, in its order — information, leave, working schedule, meeting room booking, ticket, contacts,
 * documents — where information is the user's own staff profile (the shell's `/me`: their staff page, or what of it
 * they may read) and leave and contacts are shortcuts to HR's pages (MenuEntry.page); then the calendars, car trips and
 * the reports.
 */
const work = [
  { key: 'information', label: { vi: 'Thông tin của tôi', en: 'My information' }, path: '', page: '/me', icon: 'idcard' },
  shortcutTo(staffLeave, { icon: 'schedule' }),
  workingSchedule,
  bookRoom,
  ticket,
  shortcutTo(contact, { icon: 'contacts' }),
  officialDocument,
  documentation,
  { key: 'room-calendar', label: ROOM_CALENDAR, path: '/book-room/calendar', feature: 'book_meeting_room', icon: 'calendar' },
  bookCar,
  { key: 'car-calendar', label: CAR_CALENDAR, path: '/book-car/calendar', feature: 'book_car', icon: 'calendar' },
  { key: 'travel-calendar', label: TRAVEL_CALENDAR, path: '/working-schedule/calendar', feature: 'work_schedule', icon: 'calendar' },
  { key: 'reports', label: { vi: 'Báo cáo hành chính', en: 'Administration reports' }, path: '/reports', feature: 'report', icon: 'chart' },
] as const;

/** What the office keeps rather than works in: the sidebar's "Settings" group (MenuEntry.group). */
const settings = [
  administratorArea,
  room,
  car,
  // How long and how far ahead rooms and cars are booked, and a draft trip's hold (contracts kit/booking.ts).
  { key: 'booking-setting', label: BOOKING_SETTING_LABELS.title, path: '/booking-setting', feature: 'setting', icon: 'setting' },
  documentType,
  ticketStatus,
  ticketGroup,
] as const;

export const screens = [...work, ...settings] as const;

export const menu = menuOf(work, settings);
