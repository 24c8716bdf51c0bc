import { APPROVAL_IN_PROGRESS, bookCar, companyDayOf, can, type ApprovalStatusValue, type CallerContext } from '@portal/contracts';
import { AppError, approvalSatisfied, badRequest, forbidden, type ResourceHooks, type Row, type ServiceKit, type Tx } from '@portal/service-kit';
import { changes, isNamed, mayChange as mayChangeBooking, notPast, started } from '../timing';

const mayChange = (row: Row, ctx: CallerContext) => mayChangeBooking(row, ctx, 'book_car', 'car_booking_not_orderer');

const manages = (ctx: CallerContext) => can(ctx, 'approve', 'book_car');
/**
 * The trip is driven and logged by its driver, or by the administration office (the approve right) — never by its
 * orderer, whose department the readings charge (an orderer who is also its driver leaves the logging to the office).
 */
const mayDrive = (row: Row, ctx: CallerContext) => {
  if (manages(ctx)) return;
  const madeIt = String(row.created_by ?? '').toLowerCase() === ctx.userId.toLowerCase();
  if (!isNamed(row, 'driver_id', ctx) || isNamed(row, 'orderer_id', ctx) || madeIt) throw forbidden();
};

/** The company's calendar days a trip spans, first and last included (the driver is paid by the day). */
export function tripDays(start: Date, end: Date): number {
  const day = (d: Date) => Date.parse(`${companyDayOf(d)}T00:00:00Z`);
  return Math.max(1, Math.round((day(end) - day(start)) / 86_400_000) + 1);
}

interface CarRow { id: string; seats: number; status: string; driver_id: string | null; cost_per_km: string | null; driver_cost_per_day: string | null }
/** The car; `anyState`: also one taken off the list since (a trip already made is still costed at its rates). */
const carOf = async (tx: Tx, id: unknown, anyState = false) =>
  (await tx.query<CarRow>(`SELECT id, seats, status, driver_id, cost_per_km, driver_cost_per_day FROM car WHERE id = $1${anyState ? '' : ` AND state = 'ACTIVE'`}`, [id])).rows[0];

/**
 * The car chosen must be in service and seat the passengers; without a driver named, the car's usual one drives
 * (`input` is changed in place); another driver is the office's choice (the approve right) — nobody makes themselves,
 * or a colleague, the driver of a trip they order. The car's existence is the kit's (a reference to an inactive car is
 * refused before).
 */
async function fitCar(tx: Tx, input: Record<string, unknown>, existing: Row | null, ctx: CallerContext) {
  const carId = input.car_id ?? existing?.car_id;
  const passengers = input.passengers ?? existing?.passengers;
  const car = await carOf(tx, carId);
  if (!car) return;
  // A car taken out of service after the booking does not stop an edit of its purpose: only choosing it does.
  const chosen = !existing || (input.car_id !== undefined && String(input.car_id).toLowerCase() !== String(existing.car_id).toLowerCase());
  if (car.status !== 'AVAILABLE' && chosen) throw new AppError(422, 'car_unavailable');
  if (Number(passengers) > car.seats) throw badRequest([{ path: 'passengers', key: 'car_seats', params: { n: car.seats } }]);
  if (!existing && (input.driver_id === undefined || input.driver_id === null)) input.driver_id = car.driver_id;
  const driver = input.driver_id === undefined ? existing?.driver_id : input.driver_id;
  const usual = (x: unknown) => !x || String(x).toLowerCase() === String(car.driver_id ?? '').toLowerCase();
  const changed = !existing || (input.driver_id !== undefined && String(input.driver_id ?? '').toLowerCase() !== String(existing.driver_id ?? '').toLowerCase());
  if (changed && !usual(driver) && !manages(ctx)) throw badRequest([{ path: 'driver_id', key: 'car_driver_office' }]);
}

/**
 * The trip's figures when it comes back: kilometres from the two odometer readings (the return's never below the
 * departure's), the car's cost at its rate per km, the driver's at the rate per day over the days the trip spans, the
 * surcharge, and their total. Rates are the car's at the trip's end.
 */
async function tripCosts(tx: Tx, record: Row, recorded: Record<string, unknown>) {
  const from = Number(record.odometer_start);
  const to = Number(recorded.odometer_end);
  if (to < from) throw badRequest([{ path: 'odometer_end', key: 'odometer_below_start', params: { n: from } }]);
  const car = await carOf(tx, record.car_id, true);
  const distance = to - from;
  const carCost = Math.round(distance * Number(car?.cost_per_km ?? 0));
  const driverCost = record.driver_id ? tripDays(new Date(String(record.start_time)), new Date(String(record.end_time))) * Number(car?.driver_cost_per_day ?? 0) : 0;
  const surcharge = Number(recorded.surcharge ?? 0);
  return { distance_km: distance, car_cost: carCost, driver_cost: driverCost, cost: carCost + driverCost + surcharge };
}

/**
 * The rules of a car booking the declaration cannot say (spec §8 and issue 15 §3):
 * - no trip starting in the past; the car in service and big enough; the driver the car's, another only by the office;
 * - changed or deleted by its orderer or the administration office, only while WAITING; its car, driver and times not
 *   once it has started (a trip in approval or approved is not edited at all: the kit's approval lock);
 * - leaves (IN_USE) only approved (or where no car approval flow is set up), logged by its driver or the office with
 *   the odometer reading (never by its orderer); comes back (DONE) with the reading at return, never below, and the surcharge: its costs follow;
 * - cancelled by its orderer or the office before its start only (spec §8); a refused or withdrawn approval cancels a
 *   waiting trip, freeing the car and the driver.
 * `now` is the clock (a test's fixed one).
 */
export function carBookingHooks(kit: () => ServiceKit, now: () => Date = () => new Date()): ResourceHooks {
  return {
    beforeCreate: async (input, ctx, tx) => {
      notPast(input.start_time, now());
      await fitCar(tx, input, null, ctx);
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      mayChange(existing, ctx);
      if (existing.status !== 'WAITING') throw new AppError(422, 'car_booking_closed');
      if (changes(input, existing, ['car_id', 'driver_id', 'start_time', 'end_time'])) {
        if (started(existing, now())) throw new AppError(422, 'car_booking_started_fixed');
        notPast(input.start_time, now());
      }
      if (input.car_id !== undefined || input.passengers !== undefined || input.driver_id !== undefined) await fitCar(tx, input, existing, ctx);
    },
    beforeDelete: (existing, ctx) => {
      mayChange(existing, ctx);
      if (existing.status === 'IN_USE' || existing.status === 'DONE') throw new AppError(422, 'car_booking_closed');
      if (existing.status === 'WAITING' && started(existing, now())) throw new AppError(422, 'car_booking_started');
    },
    // Withdrawing an approval cancels a waiting trip: not once it has left or its time has passed (spec §8). A trip
    // already cancelled may have its approval withdrawn (and then be deleted).
    beforeApproval: (action, record) => {
      if ((action === 'submit' || action === 'resubmit') && record.status !== 'WAITING') throw new AppError(422, 'car_booking_closed');
      if (action !== 'cancel') return;
      if (record.status === 'IN_USE' || record.status === 'DONE') throw new AppError(422, 'car_trip_begun');
      if (record.status === 'WAITING' && started(record, now())) throw new AppError(422, 'car_booking_started');
    },
    afterApproval: async (outcome, record, ctx, tx) => {
      if (outcome === 'approved' || record.status !== 'WAITING') return;
      const description = outcome === 'refused' ? 'Hủy chuyến vì không được duyệt / Cancelled: not approved' : 'Hủy chuyến vì rút yêu cầu duyệt / Cancelled: approval withdrawn';
      await kit().repos.get(bookCar.name)!.updateIn(tx, record.id, { status: 'CANCELLED' }, ctx, 'update', { workflow: true, description });
    },
    beforeStatus: async (move, record, ctx, tx) => {
      if (move.to === 'CANCELLED') {
        mayChange(record, ctx);
        if (started(record, now())) throw new AppError(422, 'car_booking_started');
        if (APPROVAL_IN_PROGRESS.includes(record.approval_status as ApprovalStatusValue)) throw new AppError(422, 'car_booking_in_approval');
        return {};
      }
      mayDrive(record, ctx);
      if (move.to === 'IN_USE') {
        if (!(await approvalSatisfied(tx, bookCar, record))) throw new AppError(422, 'car_not_approved');
        return {};
      }
      return tripCosts(tx, record, move.recorded);
    },
  };
}
