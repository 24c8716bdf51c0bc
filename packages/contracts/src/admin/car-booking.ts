import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

export const CAR_TRIP_STATUS = ['WAITING', 'IN_USE', 'DONE', 'CANCELLED'] as const;
export type CarTripStatus = (typeof CAR_TRIP_STATUS)[number];
export const CAR_TRIP_STATUS_LABELS = {
  WAITING: { vi: 'Chờ khởi hành', en: 'Waiting' },
  IN_USE: { vi: 'Đang sử dụng', en: 'In use' },
  DONE: { vi: 'Hoàn thành', en: 'Done' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
};
/** The highest odometer reading taken (a car's whole life in km, with room to spare). */
export const ODOMETER_MAX = 9_999_999;

/**
 * Car bookings (spec §3 "car, driver, purpose, from/to, pick-up place, passengers, cost, car cost, driver cost,
 * surcharge"; §7 `/book-car` with its status change — `POST /book-car-status { bookCarId, statusId }`, the workflow's alias; §8 a booking whose time has passed cannot be cancelled).
 *
 * Two things move a booking, each the kit's own:
 * - **approval** — the request goes through the approval engine (document type `book_car`; the demo's flow: the
 *   administration manager), `approval_status` following it. Refused or withdrawn, the trip is CANCELLED (its slot free).
 * - **the trip** — `status`: WAITING → IN_USE (the car leaves: only once approved, its odometer reading recorded) →
 *   DONE (back: the reading at return and the surcharge recorded, never below the departure's), or WAITING → CANCELLED
 *   before the start. The kilometres are the two readings' difference, computed by the database (`distance_km`); the
 *   service computes the car's cost (km × the car's rate), the driver's (days × the driver's rate) and the total
 *   (services/admin/src/car).
 *
 * A car and a driver make one trip at a time: two exclusion constraints, so no two requests both win; a cancelled trip
 * frees both. The driver is the car's usual one unless another is named. The department is the orderer's (scope).
 */
export const bookCar = defineResource({
  name: 'bookCar',
  domain: 'admin',
  path: '/book-car',
  table: 'book_car',
  feature: 'book_car',
  icon: 'car',
  label: { vi: 'Đặt xe', en: 'Car booking' },
  titleField: 'purpose',
  findable: true,
  defaultOrder: 'start_time desc',
  scope: { staffDepartment: 'department_id', ownStaff: 'orderer_id' },
  // Nobody approves their own trip.
  about: { kind: 'staff', field: 'orderer_id' },
  approval: { documentType: 'book_car' },
  workflow: {
    field: 'status',
    moves: { WAITING: ['IN_USE', 'CANCELLED'], IN_USE: ['DONE'], DONE: [], CANCELLED: [] },
    records: { IN_USE: ['odometer_start'], DONE: ['odometer_end', 'surcharge'] },
    // The spec's "Car booking status: bookCarId, statusId".
    alias: { path: '/book-car-status', id: 'bookCarId', status: 'statusId' },
  },
  // Who does what (kit/actors.ts): the orderer, or a booking manager (the approve right within their scope), books,
  // changes, cancels and sends it for approval — the car, the driver and the times not once it has started; the driver
  // (not one who ordered or entered the trip) or the office logs it out and back.
  actors: {
    orderer: { staff: 'orderer_id', label: { vi: 'người đặt', en: 'the orderer' } },
    manager: { manager: true, label: { vi: 'người quản lý đặt xe', en: 'a car-booking manager' } },
    creator: { creator: true, label: { vi: 'người tạo', en: 'whoever entered it' } },
    driver: { staff: 'driver_id', except: ['orderer', 'creator'], label: { vi: 'tài xế', en: 'the driver' } },
    office: { right: { action: 'approve', feature: 'book_car' }, label: { vi: 'phòng hành chính', en: 'the administration office' } },
  },
  acts: {
    start: 'start_time',
    edit: { by: ['orderer', 'manager'], in: ['WAITING'] },
    // A trip is ordered for someone else only by a manager (the orderer reads it: it decides who does).
    fields: [
      { fields: ['car_id', 'driver_id', 'start_time', 'end_time'], by: ['orderer', 'manager'], window: 'before_start' },
      { fields: ['orderer_id'], by: ['manager'], share: true },
    ],
    delete: [
      { by: ['orderer', 'manager'], in: ['WAITING'], window: 'before_start' },
      { by: ['orderer', 'manager'], in: ['CANCELLED'] },
    ],
    moves: { CANCELLED: { by: ['orderer', 'manager'], window: 'before_start' }, IN_USE: { by: ['driver', 'office'] }, DONE: { by: ['driver', 'office'] } },
    submit: { by: ['orderer', 'manager'], in: ['WAITING'] },
    // Withdrawn by the orderer or a manager (whoever sent it): a waiting trip before it starts, or a cancelled one.
    cancel: [
      { by: ['orderer', 'manager'], in: ['WAITING'], window: 'before_start' },
      { by: ['orderer', 'manager'], in: ['CANCELLED'] },
    ],
    approved: ['IN_USE'],
  },
  exclusive: [
    { over: ['car_id'], from: 'start_time', to: 'end_time', unless: { field: 'status', values: ['CANCELLED'] } },
    { over: ['driver_id'], from: 'start_time', to: 'end_time', unless: { field: 'status', values: ['CANCELLED'] } },
  ],
  // Two weeks' trip at most, a quarter ahead; a trip not sent for approval holds its car and driver two days.
  booking: {
    unit: 'day',
    defaults: { longest: 14, ahead_days: 90, draft_hold_hours: 48 },
    draft: { release: { field: 'status', value: 'CANCELLED' }, notify: 'orderer_id' },
  },
  calendar: { start: 'start_time', end: 'end_time', location: 'car_id', area: 'area_id', color: 'status', alias: '/apps/booking_car', hidden: ['CANCELLED'] },
  fields: {
    purpose: f.text({ vi: 'Mục đích chuyến đi', en: 'Purpose' }, { required: true, min: 4, max: 255, list: true, search: true }),
    car_id: f.ref('car', { vi: 'Xe', en: 'Car' }, { required: true, list: true, filter: true }),
    // The car's site, kept with the trip so the calendar and the list filter by it in SQL.
    area_id: f.ref(
      'administratorArea',
      { vi: 'Khu vực', en: 'Area' },
      { readonly: true, filter: true, copyFrom: { ref: 'car_id', field: 'area_id', follow: { until: 'end_time' } } },
    ),
    driver_id: f.ref('staff', { vi: 'Tài xế', en: 'Driver' }, { list: true, filter: true }),
    orderer_id: f.ref('staff', { vi: 'Người đặt', en: 'Orderer' }, { required: true, default: 'caller', list: true, filter: true }),
    department_id: f.ref('organization', L.department, { readonly: true, filter: true, copyFrom: { ref: 'orderer_id', field: 'department_id' } }),
    start_time: f.datetime({ vi: 'Thời gian đi', en: 'From' }, { required: true, list: true, sort: true, before: 'end_time' }),
    end_time: f.datetime({ vi: 'Thời gian về', en: 'To' }, { required: true, list: true }),
    pickup_place: f.text({ vi: 'Địa điểm đón', en: 'Pick-up place' }, { required: true, max: 255 }),
    destination: f.text({ vi: 'Nơi đến', en: 'Destination' }, { required: true, max: 255, list: true, search: true }),
    passengers: f.int({ vi: 'Số người đi', en: 'Passengers' }, { required: true, min: 1, max: 60 }),
    passenger_ids: f.refs('staff', { vi: 'Người đi cùng', en: 'Travelling with' }),
    odometer_start: f.int({ vi: 'Số km lúc đi', en: 'Odometer at departure' }, { readonly: true, min: 0, max: ODOMETER_MAX }),
    odometer_end: f.int({ vi: 'Số km lúc về', en: 'Odometer at return' }, { readonly: true, min: 0, max: ODOMETER_MAX }),
    // The database's own arithmetic (a generated column): lists sort and filter trips by their distance.
    distance_km: f.int(
      { vi: 'Số km đã đi', en: 'Distance (km)' },
      { readonly: true, list: true, sort: true, filter: true, computed: { sql: 'odometer_end - odometer_start', from: ['odometer_start', 'odometer_end'] } },
    ),
    car_cost: f.money({ vi: 'Chi phí xe', en: 'Car cost' }, { readonly: true }),
    driver_cost: f.money({ vi: 'Chi phí tài xế', en: 'Driver cost' }, { readonly: true }),
    surcharge: f.money({ vi: 'Phụ phí (cầu đường, bến bãi)', en: 'Surcharge (tolls, parking)' }, { readonly: true, min: 0 }),
    cost: f.money({ vi: 'Tổng chi phí', en: 'Total cost' }, { readonly: true, list: true }),
    status: f.enum(
      CAR_TRIP_STATUS,
      { vi: 'Trạng thái chuyến', en: 'Trip status' },
      { readonly: true, default: 'WAITING', list: true, filter: true, valueLabels: CAR_TRIP_STATUS_LABELS },
    ),
    note: f.longText(L.note),
  },
});
