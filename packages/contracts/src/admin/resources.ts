import { administratorArea, car, room } from './places';
import { bookRoom } from './booking';
import { bookCar } from './car-booking';
import { documentType, officialDocument } from './document';
import { documentation } from './documentation';
import { ticket, ticketChecklist, ticketGroup, ticketItem, ticketStatus } from './ticket';
import { workingSchedule } from './schedule';

export * from './places';
export * from './booking';
export * from './car-booking';
export * from './document';
export * from './documentation';
export * from './ticket';
export * from './schedule';

/** Administration (spec §1): areas, rooms, cars, room and car bookings, the document register, the documentation library, tickets, working schedules. */
export const adminResources = [
  administratorArea,
  room,
  car,
  bookRoom,
  bookCar,
  documentType,
  officialDocument,
  documentation,
  ticketStatus,
  ticketGroup,
  ticketItem,
  ticket,
  ticketChecklist,
  workingSchedule,
];
