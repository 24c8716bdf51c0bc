import type { FastifyInstance } from 'fastify';
import {
  CARS_REPORT,
  DOCUMENTS_REPORT,
  ROOMS_REPORT,
  SCHEDULES_REPORT,
  TICKETS_REPORT,
  moneyTotal,
  type MoneyTotal,
  workingDays,
  bookCar,
  bookRoom,
  officialDocument,
  PORTAL_TIME_ZONE,
  ticket,
  workingSchedule,
  type CarReport,
  type DocumentsReport,
  type RoomReport,
  type TicketStage,
  type TicketsReport,
} from '@portal/contracts';
import {
  defineReport,
  inTurn,
  Params,
  periodBounds,
  reportPeriod,
  reportRoutes,
  reportYear,
  scopeCondition,
  type ReportRun,
  type ServiceKit,
} from '@portal/service-kit';
import { within } from './period';
import { schedules } from './schedules';

/** The hours a working day of a meeting room counts (08:00–18:00). */
const OPEN_HOURS_A_DAY = 10;

async function tickets({ db, ctx, q }: ReportRun<{ from: string; to: string }>): Promise<TicketsReport> {
  const p = new Params();
  const w = within(ticket, ctx, p, 'created_date', q.from, q.to);
  const [groups, totals, priority] = await inTurn(
    () =>
      db.query<{ group_id: string | null; group_name: string | null; stage: TicketStage; count: number }>(
        `SELECT t.group_id, g.name AS group_name, t.stage, count(*)::int AS count FROM ticket t LEFT JOIN ticket_group g ON g.id = t.group_id
        WHERE ${w} GROUP BY t.group_id, g.name, t.stage ORDER BY g.name NULLS LAST, t.stage`,
        p.values,
      ),
    () =>
      db.query<{ total: number; overdue: number; closed: number; mean: string | null }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE t.overdue)::int AS overdue, count(*) FILTER (WHERE t.stage = 'CLOSED')::int AS closed,
              round(avg(extract(epoch FROM t.closed_date - t.created_date) / 3600) FILTER (WHERE t.stage = 'CLOSED' AND t.closed_date IS NOT NULL), 1) AS mean
         FROM ticket t WHERE ${w}`,
        p.values,
      ),
    () =>
      db.query<{ priority: string; count: number }>(
        `SELECT t.priority, count(*)::int AS count FROM ticket t WHERE ${w} GROUP BY t.priority ORDER BY t.priority`,
        p.values,
      ),
  );
  const t = totals.rows[0]!;
  return {
    ...q,
    total: t.total,
    overdue: t.overdue,
    closed: t.closed,
    meanHoursToClose: t.mean === null ? null : Number(t.mean),
    byGroup: groups.rows,
    byPriority: priority.rows,
  };
}

async function cars({ db, ctx, q, kit }: ReportRun<{ from: string; to: string }>): Promise<CarReport> {
  const p = new Params();
  const w = `${within(bookCar, ctx, p, 'start_time', q.from, q.to)} AND t.status <> 'CANCELLED'`;
  const sums = `count(*)::int AS trips, coalesce(sum(t.distance_km) FILTER (WHERE t.status = 'DONE'), 0)::int AS km, coalesce(sum(t.cost) FILTER (WHERE t.status = 'DONE'), 0) AS cost`;
  const [byCar, byDept] = await inTurn(
    () =>
      db.query<CarReport['byCar'][number]>(
        `SELECT t.car_id, c.license_plate || ' · ' || c.name AS car_name, ${sums} FROM book_car t JOIN car c ON c.id = t.car_id
        WHERE ${w} GROUP BY t.car_id, c.license_plate, c.name ORDER BY km DESC, c.license_plate`,
        p.values,
      ),
    () =>
      db.query<{ department_id: string | null; trips: number; km: number; cost: MoneyTotal }>(
        `SELECT t.department_id, ${sums} FROM book_car t WHERE ${w} GROUP BY t.department_id ORDER BY cost DESC`,
        p.values,
      ),
  );
  // Departments are HR's: their names through the kit's titles (one call for all).
  const depts = byDept.rows as (Record<string, unknown> & { department_id: string | null })[];
  await kit.titles.decorate(bookCar, depts, ['department_id']);
  const sum = (k: 'trips' | 'km') => byCar.rows.reduce((n, r) => n + Number(r[k]), 0);
  return {
    ...q,
    trips: sum('trips'),
    km: sum('km'),
    cost: moneyTotal(byCar.rows.map((r) => r.cost)),
    byCar: byCar.rows,
    byDepartment: depts.map((d) => ({
      department_id: d.department_id,
      department_name: (d.department_id__title as string | undefined) ?? null,
      trips: Number(d.trips),
      km: Number(d.km),
      cost: d.cost as MoneyTotal,
    })),
  };
}

async function rooms({ db, ctx, q }: ReportRun<{ from: string; to: string }>): Promise<RoomReport> {
  const p = new Params();
  const { start, end } = periodBounds(p, q);
  const scope = scopeCondition(bookRoom, ctx, p, 't');
  // (least/greatest skip nulls: a room without bookings would count the whole period, hence the FILTER.)
  const { rows } = await db.query<{ room_id: string; room_name: string; bookings: number; hours: number }>(
    `SELECT r.id AS room_id, r.name AS room_name, count(t.id)::int AS bookings,
            coalesce(round((sum(extract(epoch FROM least(t.end_time, ${end}) - greatest(t.start_time, ${start}))) FILTER (WHERE t.id IS NOT NULL) / 3600)::numeric, 1), 0)::float AS hours
       FROM room r LEFT JOIN book_room t ON t.room_id = r.id AND t.state = 'ACTIVE' AND t.status <> 'CANCELLED' AND t.start_time < ${end} AND t.end_time > ${start}${scope ? ` AND ${scope}` : ''}
      WHERE r.state = 'ACTIVE' GROUP BY r.id, r.name ORDER BY hours DESC, r.name`,
    p.values,
  );
  const openHours = workingDays(q.from, q.to) * OPEN_HOURS_A_DAY;
  return { ...q, openHours, byRoom: rows.map((r) => ({ ...r, occupancy: openHours ? Math.round((r.hours / openHours) * 1000) / 10 : 0 })) };
}

async function documents({ db, ctx, q, kit }: ReportRun<{ year: number }>): Promise<DocumentsReport> {
  const p = new Params();
  const w = within(officialDocument, ctx, p, 'created_date', `${q.year}-01-01`, `${q.year}-12-31`);
  const p2 = new Params();
  const scope = scopeCondition(officialDocument, ctx, p2, 't');
  const [months, late] = await inTurn(
    () =>
      db.query<{ month: number; direction: 'IN' | 'OUT'; count: number }>(
        `SELECT extract(month FROM t.created_date AT TIME ZONE ${p.add(PORTAL_TIME_ZONE)})::int AS month, t.direction, count(*)::int AS count FROM document t
        WHERE ${w} GROUP BY 1, 2 ORDER BY 1, 2`,
        p.values,
      ),
    () =>
      db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM document t WHERE t.state = 'ACTIVE' AND t.direction = 'IN' AND t.answered_by_id IS NULL
        AND t.due_date < ${p2.add(kit.today())}::date${scope ? ` AND ${scope}` : ''}`,
        p2.values,
      ),
  );
  const total = (d: 'IN' | 'OUT') => months.rows.filter((r) => r.direction === d).reduce((n, r) => n + r.count, 0);
  return { year: q.year, byMonth: months.rows, incoming: total('IN'), outgoing: total('OUT'), unanswered: late.rows[0]!.n };
}

/**
 * Administration reports (contracts admin/report-routes.ts; feature `report`, checked by the gateway): each counts the
 * records of the caller's data scope — the same rule as their lists — and takes the view right on them (service-kit
 * report.ts), in one snapshot; each with its xlsx export from its declaration.
 */
export function adminReportRoutes(app: FastifyInstance, kit: ServiceKit) {
  reportRoutes(app, kit, [
    defineReport({ report: TICKETS_REPORT, counts: [ticket], query: reportPeriod, run: tickets }),
    defineReport({ report: CARS_REPORT, counts: [bookCar], query: reportPeriod, run: cars }),
    defineReport({ report: ROOMS_REPORT, counts: [bookRoom], query: reportPeriod, run: rooms }),
    defineReport({ report: DOCUMENTS_REPORT, counts: [officialDocument], query: reportYear, run: documents }),
    defineReport({ report: SCHEDULES_REPORT, counts: [workingSchedule], query: reportPeriod, run: schedules }),
  ]);
}
