import type { RouteDecl } from '../kit/routes';
import type { TicketStage } from './ticket';

/**
 * Administration reports (issue 15 §9; feature `report`, action `view`): figures for the administration's report page,
 * each read within the caller's data scope of the records counted (a head counts their department's). Every report
 * takes a period `from`–`to` (dates, inclusive; default this month, at most 366 days) — the documents report a `year`.
 */
const report = (path: string, summary: string): RouteDecl => ({ method: 'GET', path, domain: 'admin', access: { feature: 'report', action: 'view' }, summary });

export const ADMIN_REPORT_PATHS = {
  tickets: '/admin-report/tickets',
  cars: '/admin-report/car-bookings',
  rooms: '/admin-report/room-bookings',
  documents: '/admin-report/documents',
} as const;

export const adminReportRoutes: RouteDecl[] = [
  report(ADMIN_REPORT_PATHS.tickets, 'Tickets raised in a period by request group and stage, by priority; how many overdue and closed, the mean hours to close: ?from&to'),
  report(ADMIN_REPORT_PATHS.cars, 'Car trips starting in a period: trips, kilometres and cost by car and by department (km and cost of completed trips): ?from&to'),
  report(ADMIN_REPORT_PATHS.rooms, 'Meeting-room bookings in a period: bookings, hours and occupancy (of the working hours, 08:00–18:00 on working days) by room: ?from&to'),
  report(ADMIN_REPORT_PATHS.documents, 'Documents registered in a year by month and direction; incoming ones past their answer date and unanswered: ?year'),
];

/** GET /admin-report/tickets */
export interface TicketsReport {
  from: string; to: string;
  total: number; overdue: number; closed: number;
  /** Mean hours from raised to closed, of the tickets closed (null: none closed). */
  meanHoursToClose: number | null;
  byGroup: { group_id: string | null; group_name: string | null; stage: TicketStage; count: number }[];
  byPriority: { priority: string; count: number }[];
}

/** GET /admin-report/car-bookings */
export interface CarReport {
  from: string; to: string;
  trips: number; km: number; cost: number;
  byCar: { car_id: string; car_name: string; trips: number; km: number; cost: number }[];
  byDepartment: { department_id: string | null; department_name: string | null; trips: number; km: number; cost: number }[];
}

/** GET /admin-report/room-bookings */
export interface RoomReport {
  from: string; to: string;
  /** The working hours of one room in the period (working days × 10). */
  openHours: number;
  byRoom: { room_id: string; room_name: string; bookings: number; hours: number; occupancy: number }[];
}

/** GET /admin-report/documents */
export interface DocumentsReport {
  year: number;
  byMonth: { month: number; direction: 'IN' | 'OUT'; count: number }[];
  incoming: number; outgoing: number;
  /** Incoming documents whose answer date has passed without a reply. */
  unanswered: number;
}
