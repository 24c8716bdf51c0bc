import type { CallerContext } from '@portal/contracts';
import type { ServiceKit } from '@portal/service-kit';
import { seedDocumentsDemo } from './demo-documents';
import { seedTicketsDemo } from './demo-tickets';

const AREAS: [code: string, name: string, address: string][] = [
  ['HO', 'Trụ sở chính', '25 Nguyễn Thị Minh Khai, Quận 1, TP. Hồ Chí Minh'],
  ['HN', 'Văn phòng Hà Nội', '18 Láng Hạ, Đống Đa, Hà Nội'],
  ['SITE-TD', 'Ban chỉ huy công trường Thủ Đức', 'Khu công nghệ cao, TP. Thủ Đức'],
];
const ROOMS: [code: string, name: string, area: string, capacity: number, equipment: string][] = [
  ['P301', 'Phòng họp 301', 'HO', 12, 'Máy chiếu, bảng trắng'],
  ['P302', 'Phòng họp 302', 'HO', 6, 'TV 65", camera họp trực tuyến'],
  ['HALL', 'Hội trường tầng 5', 'HO', 80, 'Âm thanh, máy chiếu'],
  ['HN-A', 'Phòng họp A', 'HN', 10, 'Màn hình, camera'],
  ['TD-1', 'Phòng họp công trường', 'SITE-TD', 15, 'Bảng trắng, bản vẽ A0'],
];
const CARS: [plate: string, name: string, seats: number, year: number, area: string, driver: string | null, perKm: number, perDay: number][] = [
  ['51A-123.45', 'Toyota Innova', 7, 2021, 'HO', 'NV045', 6500, 450000],
  ['51H-678.90', 'Ford Transit', 16, 2019, 'HO', 'NV046', 9000, 500000],
  ['30G-246.80', 'Toyota Vios', 4, 2022, 'HN', null, 5000, 400000],
];

/**
 * The demo company's administration: its sites, meeting rooms and cars, and next week's room bookings — the weekly
 * briefing as a series, department meetings, a client visit — so the calendar and lists have a working week on a
 * first visit; two car trips the same week, and the car approval flow (the HR & administration manager's role); the
 * leaders' working schedule and business travel that week. Bookings start tomorrow at the earliest (one cannot book the past).
 * Then the document register (demo-documents.ts) and the tickets (demo-tickets.ts).
 */
export async function seedAdminDemo(admin: ServiceKit, ctx: CallerContext, ids: { staffIds: Map<string, string>; roleIds: Map<string, string>; orgIds: Map<string, string> }) {
  const { staffIds, roleIds } = ids;
  const repo = (name: string) => admin.repos.get(name)!;
  const areaIds = new Map<string, string>();
  for (const [code, name, address] of AREAS) areaIds.set(code, (await repo('administratorArea').create({ code, name, address }, ctx)).id);
  const roomIds = new Map<string, string>();
  for (const [code, name, area, capacity, equipment] of ROOMS) roomIds.set(code, (await repo('room').create({ code, name, area_id: areaIds.get(area), capacity, equipment }, ctx)).id);
  const carIds = new Map<string, string>();
  for (const [plate, name, seats, year, area, driver, perKm, perDay] of CARS) {
    carIds.set(plate, (await repo('car').create({ license_plate: plate, name, seats, year_of_manufacture: year, area_id: areaIds.get(area), driver_id: driver ? staffIds.get(driver) ?? null : null, cost_per_km: perKm, driver_cost_per_day: perDay }, ctx)).id);
  }
  // Next week, Monday to Friday, company time (UTC+7).
  const monday = new Date(); monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  const at = (day: number, hhmm: string) => new Date(`${new Date(monday.getTime() + day * 86_400_000).toISOString().slice(0, 10)}T${hhmm}:00+07:00`).toISOString();
  const bookings: [name: string, room: string, orderer: string, day: number, from: string, to: string][] = [
    ['Giao ban Ban Giám đốc', 'P301', 'NV001', 0, '08:00', '09:30'],
    ['Họp phòng Kỹ thuật thi công', 'P302', 'NV003', 0, '10:00', '11:00'],
    ['Phỏng vấn ứng viên kỹ sư MEP', 'P302', 'NV002', 1, '14:00', '15:30'],
    ['Họp tiến độ dự án Thủ Đức', 'TD-1', 'NV004', 2, '09:00', '11:00'],
    ['Tiếp khách hàng – chủ đầu tư', 'P301', 'NV001', 3, '15:00', '16:30'],
    ['Đào tạo an toàn lao động', 'HALL', 'NV002', 4, '13:30', '16:00'],
  ];
  for (const [name, room, orderer, day, from, to] of bookings) {
    await repo('bookRoom').create({ name, room_id: roomIds.get(room), orderer_id: staffIds.get(orderer), start_time: at(day, from), end_time: at(day, to) }, ctx);
  }
  // Car trips go to the administration manager for approval (the flow); two of next week's are booked, for their
  // orderers to send.
  await admin.pool.query(`INSERT INTO approval_flow (document_type, name, cost_band, levels) VALUES ('book_car', 'Trưởng phòng HCNS duyệt', 'ALL', $1)`,
    [JSON.stringify([{ level: 1, scope: 'ROLE', role_id: roleIds.get('HR_MANAGER') }])]);
  const trips: [purpose: string, car: string, orderer: string, day: number, from: string, to: string, place: string, destination: string, passengers: number][] = [
    ['Kiểm tra công trường Thủ Đức', '51A-123.45', 'NV003', 1, '07:30', '12:00', 'Trụ sở chính', 'Khu công nghệ cao, TP. Thủ Đức', 4],
    ['Đón đoàn khảo sát của chủ đầu tư', '51H-678.90', 'NV001', 3, '13:00', '17:30', 'Sân bay Tân Sơn Nhất', 'Trụ sở chính', 12],
  ];
  for (const [purpose, plate, orderer, day, from, to, pickup_place, destination, passengers] of trips) {
    await repo('bookCar').create({ purpose, car_id: carIds.get(plate), orderer_id: staffIds.get(orderer), start_time: at(day, from), end_time: at(day, to), pickup_place, destination, passengers }, ctx);
  }
  // The leaders' and departments' week, and the business travel in it (the business-travel calendar).
  const schedules: [content: string, kind: string, who: string, day: number, from: string, toDay: number, to: string, location: string, area: string | null, companions: string[]][] = [
    ['Giao ban Ban Giám đốc đầu tuần', 'MEETING', 'NV001', 0, '08:00', 0, '09:30', 'Phòng họp 301', 'HO', ['NV002', 'NV003', 'NV005', 'NV006']],
    ['Kiểm tra tiến độ và an toàn công trường Thủ Đức', 'WORK', 'NV005', 1, '07:30', 1, '11:30', 'Ban chỉ huy công trường Thủ Đức', 'SITE-TD', ['NV003', 'NV011']],
    ['Làm việc với chủ đầu tư dự án Long Biên', 'BUSINESS_TRIP', 'NV001', 2, '07:00', 3, '18:00', 'Văn phòng Hà Nội, 18 Láng Hạ', 'HN', ['NV009', 'NV003']],
    ['Duyệt hồ sơ dự thầu gói MEP', 'WORK', 'NV006', 2, '14:00', 2, '17:00', 'Phòng họp 302', 'HO', ['NV010']],
    ['Đào tạo an toàn lao động toàn công ty', 'MEETING', 'NV002', 4, '13:30', 4, '16:00', 'Hội trường tầng 5', 'HO', []],
  ];
  for (const [content, kind, who, day, from, toDay, to, location, area, companions] of schedules) {
    await repo('workingSchedule').create({ content, kind, staff_id: staffIds.get(who), start_time: at(day, from), end_time: at(toDay, to), location, area_id: area ? areaIds.get(area) : null,
      companion_ids: companions.map((c) => staffIds.get(c)).filter(Boolean) }, ctx);
  }
  await seedDocumentsDemo(admin, ctx, ids.staffIds, ids.orgIds);
  await seedTicketsDemo(admin, ctx, ids.staffIds, ids.orgIds);
}
