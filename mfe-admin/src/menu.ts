import { administratorArea, bookCar, bookRoom, car, documentType, menuOf, officialDocument, room, type MenuEntry } from '@portal/contracts';

/** The meeting rooms' calendar: its sidebar entry and its page's title. */
export const ROOM_CALENDAR = { vi: 'Lịch phòng họp', en: 'Meeting room calendar' };
/** The cars' calendar, likewise. */
export const CAR_CALENDAR = { vi: 'Lịch xe', en: 'Car calendar' };

/** Screens still to come (issue 15): each entry leads to the empty-state page until its domain work lands. Paths are relative to /admin. */
const ticket: MenuEntry = { key: 'ticket', label: { vi: 'Phiếu yêu cầu', en: 'Tickets' }, path: '/ticket', feature: 'ticket', icon: 'solution' };
const schedule: MenuEntry = { key: 'schedule', label: { vi: 'Lịch công tác', en: 'Working schedule' }, path: '/working-schedule', feature: 'work_schedule', icon: 'schedule' };
const contacts: MenuEntry = { key: 'contact', label: { vi: 'Danh bạ', en: 'Contacts' }, path: '/contacts', feature: 'contact', icon: 'contacts' };
export const upcoming: MenuEntry[] = [ticket, schedule, contacts];

/** The Administration screens in sidebar order (spec §2): the menu, and the routes of the resources without pages of their own. */
export const screens = [
  bookRoom,
  { key: 'room-calendar', label: ROOM_CALENDAR, path: '/book-room/calendar', feature: 'book_meeting_room', icon: 'calendar' },
  bookCar,
  { key: 'car-calendar', label: CAR_CALENDAR, path: '/book-car/calendar', feature: 'book_car', icon: 'calendar' },
  ticket,
  schedule,
  officialDocument,
  contacts,
  room,
  administratorArea,
  car,
  documentType,
] as const;

export const menu = menuOf([...screens]);
