import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

/**
 * The company's sites and offices (spec §7 `/administrator-area`): where rooms and cars are, and the calendars' location
 * filter. (The spec's template cities — SanFrancisco, Oakland… — are a calendar library's sample data, not the company's.)
 */
export const administratorArea = defineResource({
  name: 'administratorArea',
  domain: 'admin',
  path: '/administrator-area',
  table: 'administrator_area',
  feature: 'book_meeting_room',
  writeFeature: 'setting',
  icon: 'bank',
  label: { vi: 'Khu vực', en: 'Area' },
  titleField: 'name',
  defaultOrder: 'name asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    address: f.text({ vi: 'Địa chỉ', en: 'Address' }, { max: 500, list: true, search: true }),
    description: f.longText(L.description),
  },
});

/** Meeting rooms (spec §7 `/room`, by unit): the things a meeting booking holds, one meeting at a time. */
export const room = defineResource({
  name: 'room',
  // A plain reference list: its writes decide no one's access, pay, rights or workflow (the abuse properties sample it lightly).
  plain: true,
  domain: 'admin',
  path: '/room',
  table: 'room',
  feature: 'book_meeting_room',
  writeFeature: 'setting',
  icon: 'bank',
  label: { vi: 'Phòng họp', en: 'Meeting room' },
  titleField: 'name',
  defaultOrder: 'name asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    area_id: f.ref('administratorArea', { vi: 'Khu vực', en: 'Area' }, { required: true, list: true, filter: true }),
    // The spec's "/room (GET by unit id)": `?unit_id=` as well as the list contract's `f_unit_id`.
    unit_id: f.ref('organization', L.unit, { list: true, filter: true, filterAlias: 'unit_id' }),
    capacity: f.int({ vi: 'Sức chứa (người)', en: 'Capacity (people)' }, { min: 1, max: 1000, list: true, sort: true }),
    equipment: f.text({ vi: 'Thiết bị', en: 'Equipment' }, { max: 500, list: true }),
    description: f.longText(L.description),
  },
});

export const CAR_STATUS = ['AVAILABLE', 'MAINTENANCE', 'RETIRED'] as const;

/**
 * The company's cars (spec §3 "car booking: license plate, … seats, year of manufacture"; §7 car setting): the car, its
 * usual driver, its area and the rates a trip's cost is computed from (per km, and the driver's per day).
 */
export const car = defineResource({
  name: 'car',
  domain: 'admin',
  path: '/car-setting',
  table: 'car',
  feature: 'book_car',
  writeFeature: 'setting',
  icon: 'car',
  label: { vi: 'Xe', en: 'Car' },
  titleField: 'license_plate',
  defaultOrder: 'license_plate asc',
  importKey: 'license_plate',
  fields: {
    license_plate: f.text({ vi: 'Biển số', en: 'License plate' }, { required: true, unique: true, max: 20, list: true, search: true, sort: true }),
    name: f.text({ vi: 'Loại xe', en: 'Model' }, { required: true, max: 255, list: true, search: true }),
    seats: f.int({ vi: 'Số chỗ', en: 'Seats' }, { required: true, min: 1, max: 60, list: true, filter: true }),
    year_of_manufacture: f.int({ vi: 'Năm sản xuất', en: 'Year of manufacture' }, { min: 1950, max: 2100, list: true }),
    area_id: f.ref('administratorArea', { vi: 'Khu vực', en: 'Area' }, { required: true, list: true, filter: true }),
    driver_id: f.ref('staff', { vi: 'Tài xế', en: 'Driver' }, { list: true, filter: true }),
    cost_per_km: f.money({ vi: 'Chi phí xe / km', en: 'Car cost per km' }, { min: 0, list: true }),
    driver_cost_per_day: f.money({ vi: 'Chi phí tài xế / ngày', en: 'Driver cost per day' }, { min: 0 }),
    status: f.enum(
      CAR_STATUS,
      { vi: 'Tình trạng', en: 'Status' },
      {
        required: true,
        default: 'AVAILABLE',
        list: true,
        filter: true,
        valueLabels: {
          AVAILABLE: { vi: 'Sẵn sàng', en: 'Available' },
          MAINTENANCE: { vi: 'Đang bảo dưỡng', en: 'In maintenance' },
          RETIRED: { vi: 'Ngừng sử dụng', en: 'Retired' },
        },
      },
    ),
    description: f.longText(L.description),
  },
});
