import { administratorArea, bookCar, bookRoom, car, documentType, menuOf, officialDocument, room, ticket, ticketGroup, ticketStatus, type MenuEntry } from '@portal/contracts';

/** The meeting rooms' calendar: its sidebar entry and its page's title. */
export const ROOM_CALENDAR = { vi: 'Lịch phòng họp', en: 'Meeting room calendar' };
/** The cars' calendar, likewise. */
export const CAR_CALENDAR = { vi: 'Lịch xe', en: 'Car calendar' };

/**
 * Screens still to come (issue 15): each entry leads to the empty-state page until its domain work lands. Paths are
 * relative to /admin. (The contacts directory is HR's staff, shown by the HR remote at /hr/contacts.)
 */
const schedule: MenuEntry = { key: 'schedule', label: { vi: 'Lịch công tác', en: 'Working schedule' }, path: '/working-schedule', feature: 'work_schedule', icon: 'schedule' };
export const upcoming: MenuEntry[] = [schedule];

/** The Administration screens in sidebar order (spec §2): the menu, and the routes of the resources without pages of their own. */
export const screens = [
  bookRoom,
  { key: 'room-calendar', label: ROOM_CALENDAR, path: '/book-room/calendar', feature: 'book_meeting_room', icon: 'calendar' },
  bookCar,
  { key: 'car-calendar', label: CAR_CALENDAR, path: '/book-car/calendar', feature: 'book_car', icon: 'calendar' },
  ticket,
  schedule,
  officialDocument,
  room,
  administratorArea,
  car,
  documentType,
  ticketStatus,
  ticketGroup,
] as const;

export const menu = menuOf([...screens]);
