import { APPROVAL_IN_PROGRESS, bookCar, companyDayOf, moneySum, moneyTimes, type CallerContext, type InputOf, type RowOf } from '@portal/contracts';
import { AppError, badRequest, changes, hooksFor, type HooksOf, type ServiceKit, type Tx } from '@portal/service-kit';
import { notPast } from '../timing';

/** The company's calendar days a trip spans, first and last included (the driver is paid by the day). */
export function tripDays(start: Date, end: Date): number {
  const day = (d: Date) => Date.parse(`${companyDayOf(d)}T00:00:00Z`);
  return Math.max(1, Math.round((day(end) - day(start)) / 86_400_000) + 1);
}

/** A car booking as stored. */
type Trip = RowOf<typeof bookCar>;

interface CarRow {
  id: string;
  seats: number;
  status: string;
  driver_id: string | null;
  cost_per_km: number | null;
  driver_cost_per_day: number | null;
}
/** The car; `anyState`: also one taken off the list since (a trip already made is still costed at its rates). */
const carOf = async (tx: Tx, id: unknown, anyState = false) =>
  (
    await tx.query<CarRow>(
      `SELECT id, seats, status, driver_id, cost_per_km, driver_cost_per_day FROM car WHERE id = $1${anyState ? '' : ` AND state = 'ACTIVE'`}`,
      [id],
    )
  ).rows[0];

/**
 * The car chosen must be in service and seat the passengers; without a driver named, the car's usual one drives
 * (`input` is changed in place); another driver is the office's choice (the approve right) — nobody makes themselves,
 * or a colleague, the driver of a trip they order. The car's existence is the kit's (a reference to an inactive car is
 * refused before).
 */
async function fitCar(kit: ServiceKit, tx: Tx, input: InputOf<typeof bookCar>, existing: Trip | null, ctx: CallerContext) {
  const carId = input.car_id ?? existing?.car_id;
  const passengers = input.passengers ?? existing?.passengers;
  const car = await carOf(tx, carId);
  if (!car) return;
  // A car taken out of service after the booking does not stop an edit of its purpose: only choosing it does.
  const chosen = !existing || changes(bookCar, input, existing, ['car_id']);
  if (car.status !== 'AVAILABLE' && chosen) throw new AppError(422, 'car_unavailable');
  if ((passengers ?? 0) > car.seats) throw badRequest([{ path: 'passengers', key: 'car_seats', params: { n: car.seats } }]);
  if (!existing && (input.driver_id === undefined || input.driver_id === null)) input.driver_id = car.driver_id;
  const driver = input.driver_id === undefined ? existing?.driver_id : input.driver_id;
  const usual = (x: string | null | undefined) => !x || x.toLowerCase() === (car.driver_id ?? '').toLowerCase();
  const changed = !existing || changes(bookCar, input, existing, ['driver_id']);
  if (changed && !usual(driver) && !kit.repo(bookCar).acts.is('office', existing ?? input, ctx))
    throw badRequest([{ path: 'driver_id', key: 'car_driver_office' }]);
}

/**
 * The trip's costs when it comes back (the return's reading never below the departure's): the car's at its rate per
 * km over the kilometres the two readings make — the database keeps those as `distance_km`, a computed column — the
 * driver's at the rate per day over the days the trip spans, the surcharge, and their total. Rates are the car's at the
 * trip's end.
 */
async function tripCosts(tx: Tx, record: Trip, recorded: Record<string, unknown>) {
  const from = record.odometer_start ?? 0;
  const to = Number(recorded.odometer_end);
  if (to < from) throw badRequest([{ path: 'odometer_end', key: 'odometer_below_start', params: { n: from } }]);
  const car = await carOf(tx, record.car_id, true);
  try {
    // Exact in đồng (contracts common/money.ts): a product or a total past the largest amount is refused, not rounded.
    const carCost = moneyTimes(car?.cost_per_km ?? 0, to - from);
    const driverCost = record.driver_id ? moneyTimes(car?.driver_cost_per_day ?? 0, tripDays(record.start_time!, record.end_time!)) : 0;
    const cost = moneySum([carCost, driverCost, recorded.surcharge as number | null]);
    return { car_cost: carCost, driver_cost: driverCost, cost };
  } catch (e) {
    if (e instanceof RangeError) throw badRequest([{ path: 'odometer_end', key: 'money_too_large' }]);
    throw e;
  }
}

/**
 * The rules of a car booking the declaration cannot say (spec §8). Who changes, cancels, deletes,
 * submits, withdraws and logs a trip, in which status and before or after its start, and that it leaves only approved,
 * is declared (contracts admin/car-booking.ts: its actors and acts). Here:
 * - no trip starting in the past; the car in service and big enough; the driver the car's, another only by the office;
 * - a trip in approval is not cancelled (withdraw it); one comes back (DONE) with the reading at return, never below,
 *   and the surcharge: its costs follow;
 * - a refused or withdrawn approval cancels a waiting trip, freeing the car and the driver.
 * `now` is the clock (a test's fixed one).
 */
export function carBookingHooks(kit: () => ServiceKit): HooksOf<typeof bookCar> {
  const now = () => kit().now();
  return hooksFor(bookCar, {
    beforeCreate: async (input, ctx, tx) => {
      notPast(input.start_time, now());
      await fitCar(kit(), tx, input, null, ctx);
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      if (changes(bookCar, input, existing, ['start_time'])) notPast(input.start_time, now());
      if (input.car_id !== undefined || input.passengers !== undefined || input.driver_id !== undefined) await fitCar(kit(), tx, input, existing, ctx);
    },
    afterApproval: async (outcome, record, ctx, tx) => {
      if (outcome === 'approved' || record.status !== 'WAITING') return;
      const description =
        outcome === 'refused' ? 'Hủy chuyến vì không được duyệt / Cancelled: not approved' : 'Hủy chuyến vì rút yêu cầu duyệt / Cancelled: approval withdrawn';
      await kit().repo(bookCar).updateIn(tx, record.id, { status: 'CANCELLED' }, ctx, 'update', { workflow: true, description });
    },
    beforeStatus: async (move, record, _ctx, tx) => {
      if (move.to === 'CANCELLED' && record.approval_status && APPROVAL_IN_PROGRESS.includes(record.approval_status))
        throw new AppError(422, 'car_booking_in_approval');
      if (move.to !== 'DONE') return {};
      return tripCosts(tx, record, move.recorded);
    },
  });
}
