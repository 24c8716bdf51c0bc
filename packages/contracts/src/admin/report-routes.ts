import type { RouteDecl } from '../kit/routes';
import { reportRouteDecls } from '../kit/report';
import type { Domain } from '../common/permissions';
import type { MoneyTotal } from '../common/money';
import type { TicketStage } from './ticket';
import type { SCHEDULE_KIND } from './schedule';

/**
 * Administration reports (feature `report`, action `view`): figures for the administration's report page,
 * each read within the caller's data scope of the records counted (a head counts their department's). Every report
 * takes a period `from`–`to` (dates, inclusive; default this month, at most 366 days) — the documents report a `year`.
 * A figure is answered by the service that holds its records: interviews by HR, the activity log by the system
 * service, notifications by the notifications service (`domain`), so no service reads another's tables. Each report
 * has its xlsx export beside it (`<path>/export`, kit/report.ts), answered by the same service with the same right.
 */
const report = (path: string, summary: string, domain: Domain = 'admin'): RouteDecl[] =>
  reportRouteDecls({ path }, summary, domain, { feature: 'report', action: 'view' });

export const ADMIN_REPORT_PATHS = {
  tickets: '/admin-report/tickets',
  cars: '/admin-report/car-bookings',
  rooms: '/admin-report/room-bookings',
  documents: '/admin-report/documents',
  schedules: '/admin-report/working-schedules',
  recruitment: '/admin-report/recruitment-events',
  events: '/admin-report/events',
  notifications: '/admin-report/notifications',
} as const;

export const adminReportRoutes: RouteDecl[] = [
  report(
    ADMIN_REPORT_PATHS.tickets,
    'Tickets raised in a period by request group and stage, by priority; how many overdue and closed, the mean hours to close: ?from&to',
  ),
  report(
    ADMIN_REPORT_PATHS.cars,
    'Car trips starting in a period: trips, kilometres and cost by car and by department (km and cost of completed trips): ?from&to',
  ),
  report(
    ADMIN_REPORT_PATHS.rooms,
    'Meeting-room bookings in a period: bookings, hours and occupancy (of the working hours, 08:00–18:00 on working days) by room: ?from&to',
  ),
  report(ADMIN_REPORT_PATHS.documents, 'Documents registered in a year by month and direction; incoming ones past their answer date and unanswered: ?year'),
  report(
    ADMIN_REPORT_PATHS.schedules,
    'Working-schedule entries starting in a period by kind and department, business trips and their days, the most travelled people: ?from&to',
  ),
  report(
    ADMIN_REPORT_PATHS.recruitment,
    'Recruitment events: interviews held or planned in a period by round and result, by week, by interviewer: ?from&to',
    'hr',
  ),
  report(
    ADMIN_REPORT_PATHS.events,
    'Administration events: what happened to administration records in a period (the activity log the caller may read) by record type and action, by day: ?from&to',
    'system',
  ),
  report(
    ADMIN_REPORT_PATHS.notifications,
    'Notifications about administration records sent in a period, by record type and kind; how many read, and how soon: ?from&to',
    'notifications',
  ),
].flat();

/** GET /admin-report/tickets */
export interface TicketsReport {
  from: string;
  to: string;
  total: number;
  overdue: number;
  closed: number;
  /** Mean hours from raised to closed, of the tickets closed (null: none closed). */
  meanHoursToClose: number | null;
  byGroup: { group_id: string | null; group_name: string | null; stage: TicketStage; count: number }[];
  byPriority: { priority: string; count: number }[];
}

/** GET /admin-report/car-bookings */
export interface CarReport {
  from: string;
  to: string;
  /** Costs are exact totals in đồng (common/money.ts). */
  trips: number;
  km: number;
  cost: MoneyTotal;
  byCar: { car_id: string; car_name: string; trips: number; km: number; cost: MoneyTotal }[];
  byDepartment: { department_id: string | null; department_name: string | null; trips: number; km: number; cost: MoneyTotal }[];
}

/** GET /admin-report/room-bookings */
export interface RoomReport {
  from: string;
  to: string;
  /** The working hours of one room in the period (working days × 10). */
  openHours: number;
  byRoom: { room_id: string; room_name: string; bookings: number; hours: number; occupancy: number }[];
}

/** GET /admin-report/documents */
export interface DocumentsReport {
  year: number;
  byMonth: { month: number; direction: 'IN' | 'OUT'; count: number }[];
  incoming: number;
  outgoing: number;
  /** Incoming documents whose answer date has passed without a reply. */
  unanswered: number;
}

export type ScheduleKindKey = (typeof SCHEDULE_KIND)[number];

/** GET /admin-report/working-schedules */
export interface SchedulesReport {
  from: string;
  to: string;
  total: number;
  /** Business trips starting in the period, and their days (company days from departure to return, in the period). */
  trips: number;
  tripDays: number;
  byKind: { kind: ScheduleKindKey; count: number }[];
  byDepartment: { department_id: string | null; department_name: string | null; kind: ScheduleKindKey; count: number }[];
  /** The ten people with the most business-trip days. */
  travellers: { staff_id: string; staff_name: string | null; trips: number; days: number }[];
}

/** GET /admin-report/recruitment-events */
export interface RecruitmentEventsReport {
  from: string;
  to: string;
  total: number;
  /** Interviews still to come (after now). */
  upcoming: number;
  /** Round (HR, MANAGER) × result (PENDING also when none is set yet). */
  byKind: { kind: string; result: string; count: number }[];
  /** Monday of each week with an interview. */
  byWeek: { week: string; count: number }[];
  /** The ten interviewers with the most interviews. */
  interviewers: { staff_id: string; staff_name: string | null; count: number }[];
}

/** GET /admin-report/events */
export interface AdminEventsReport {
  from: string;
  to: string;
  total: number;
  /** `context`: the resource's name (its label is the client's); `action`: create, update, delete, status, approve… */
  byContext: { context: string; action: string; count: number }[];
  byDay: { day: string; count: number }[];
  /** The ten people who did most. */
  actors: { actor_id: string | null; actor_name: string | null; count: number }[];
}

/** GET /admin-report/notifications */
export interface NotificationsReport {
  from: string;
  to: string;
  total: number;
  read: number;
  /** Mean hours from sent to read, of those read (null: none read). */
  meanHoursToRead: number | null;
  /** `context`: the resource's name; `type`: INFO, APPROVE_REQUEST, APPROVED, REFUSED, CANCELLED. */
  byContext: { context: string; type: string; count: number; read: number }[];
}
