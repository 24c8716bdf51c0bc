import { administratorArea, bookCar, bookRoom, car, menuOf, room, type MenuEntry } from '@portal/contracts';

/** The meeting rooms' calendar: its sidebar entry and its page's title. */
export const ROOM_CALENDAR = { vi: 'Lịch phòng họp', en: 'Meeting room calendar' };
/** The cars' calendar, likewise. */
export const CAR_CALENDAR = { vi: 'Lịch xe', en: 'Car calendar' };

/**
 * Screens still to come (issue 15): each entry leads to the empty-state page until its domain work lands.
 * Paths are relative to /admin.
 */
export const upcoming: MenuEntry[] = [
  { key: 'ticket', label: { vi: 'Phiếu yêu cầu', en: 'Tickets' }, path: '/ticket', feature: 'ticket', icon: 'solution' },
  { key: 'schedule', label: { vi: 'Lịch công tác', en: 'Working schedule' }, path: '/working-schedule', feature: 'work_schedule', icon: 'schedule' },
  { key: 'document', label: { vi: 'Văn bản', en: 'Documents' }, path: '/document', feature: 'document', icon: 'file' },
  { key: 'contact', label: { vi: 'Danh bạ', en: 'Contacts' }, path: '/contacts', feature: 'contact', icon: 'contacts' },
];

/** The Administration screens in sidebar order: the menu, and the routes of the resources without pages of their own. */
export const screens = [
  bookRoom,
  { key: 'room-calendar', label: ROOM_CALENDAR, path: '/book-room/calendar', feature: 'book_meeting_room', icon: 'calendar' },
  bookCar,
  { key: 'car-calendar', label: CAR_CALENDAR, path: '/book-car/calendar', feature: 'book_car', icon: 'calendar' },
  ...upcoming,
  room,
  administratorArea,
  car,
] as const;

export const menu = menuOf([...screens]);
