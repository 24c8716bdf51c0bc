import { administratorArea, bookCar, bookRoom, car, documentType, menuOf, officialDocument, room, ticket, ticketGroup, ticketStatus, workingSchedule } from '@portal/contracts';

/** The meeting rooms' calendar: its sidebar entry and its page's title. */
export const ROOM_CALENDAR = { vi: 'Lịch phòng họp', en: 'Meeting room calendar' };
/** The cars' calendar, likewise. */
export const CAR_CALENDAR = { vi: 'Lịch xe', en: 'Car calendar' };

/** The business-travel calendar (the working schedules' calendar): its sidebar entry and its page's title. */
export const TRAVEL_CALENDAR = { vi: 'Lịch công tác tuần', en: 'Business travel calendar' };

/** The Administration screens in sidebar order (spec §2): the menu, and the routes of the resources without pages of their own. */
export const screens = [
  bookRoom,
  { key: 'room-calendar', label: ROOM_CALENDAR, path: '/book-room/calendar', feature: 'book_meeting_room', icon: 'calendar' },
  bookCar,
  { key: 'car-calendar', label: CAR_CALENDAR, path: '/book-car/calendar', feature: 'book_car', icon: 'calendar' },
  ticket,
  workingSchedule,
  { key: 'travel-calendar', label: TRAVEL_CALENDAR, path: '/working-schedule/calendar', feature: 'work_schedule', icon: 'calendar' },
  officialDocument,
  room,
  administratorArea,
  car,
  documentType,
  ticketStatus,
  ticketGroup,
  { key: 'reports', label: { vi: 'Báo cáo hành chính', en: 'Administration reports' }, path: '/reports', feature: 'report', icon: 'chart' },
] as const;

export const menu = menuOf([...screens]);
