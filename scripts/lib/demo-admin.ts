import { bookRoom, type CallerContext } from '@portal/contracts';
import { createSeries, moveStatus, seriesOccurrences, withTx, type ServiceKit } from '@portal/service-kit';
import { seedDocumentsDemo } from './demo-documents';
import { seedTicketsDemo } from './demo-tickets';
import type { DemoCompany, DemoUser } from './demo-company';

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
 * The demo company's administration: its sites, meeting rooms and cars, and next week's room bookings — the board's
 * weekly briefing as a real series (eight Mondays, booked as `POST /book-room/series` books, saved to calendar: its
 * people are mailed the invitation), department meetings, a client visit — so the calendar and lists have a working week
 * on a first visit; the car approval flow (the HR & administration manager's role) and car trips in every state (seedTrips);
 * the leaders' working schedule and business travel that week. Bookings start tomorrow at the earliest (one cannot
 * book the past). Then the document register (demo-documents.ts) and the tickets (demo-tickets.ts).
 */
export async function seedDomainDemo(admin: ServiceKit, ids: DemoCompany) {
  const { ctx } = ids;
  const { staffIds, roleIds } = ids;
  const repo = (name: string) => admin.repos.get(name)!;
  const areaIds = new Map<string, string>();
  for (const [code, name, address] of AREAS) areaIds.set(code, (await repo('administratorArea').create({ code, name, address }, ctx)).id);
  const roomIds = new Map<string, string>();
  for (const [code, name, area, capacity, equipment] of ROOMS)
    roomIds.set(code, (await repo('room').create({ code, name, area_id: areaIds.get(area), capacity, equipment }, ctx)).id);
  const carIds = new Map<string, string>();
  for (const [plate, name, seats, year, area, driver, perKm, perDay] of CARS) {
    carIds.set(
      plate,
      (
        await repo('car').create(
          {
            license_plate: plate,
            name,
            seats,
            year_of_manufacture: year,
            area_id: areaIds.get(area),
            driver_id: driver ? (staffIds.get(driver) ?? null) : null,
            cost_per_km: perKm,
            driver_cost_per_day: perDay,
          },
          ctx,
        )
      ).id,
    );
  }
  // Next week, Monday to Friday, company time (UTC+7).
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  const at = (day: number, hhmm: string) =>
    new Date(`${new Date(monday.getTime() + day * 86_400_000).toISOString().slice(0, 10)}T${hhmm}:00+07:00`).toISOString();
  const bookings: [name: string, room: string, orderer: string, day: number, from: string, to: string][] = [
    ['Họp phòng Kỹ thuật thi công', 'P302', 'NV003', 0, '10:00', '11:00'],
    ['Phỏng vấn ứng viên kỹ sư MEP', 'P302', 'NV002', 1, '14:00', '15:30'],
    ['Họp tiến độ dự án Thủ Đức', 'TD-1', 'NV004', 2, '09:00', '11:00'],
    ['Tiếp khách hàng – chủ đầu tư', 'P301', 'NV001', 3, '15:00', '16:30'],
    ['Đào tạo an toàn lao động', 'HALL', 'NV002', 4, '13:30', '16:00'],
  ];
  for (const [name, room, orderer, day, from, to] of bookings) {
    await repo('bookRoom').create(
      { name, room_id: roomIds.get(room), orderer_id: staffIds.get(orderer), start_time: at(day, from), end_time: at(day, to) },
      ctx,
    );
  }
  // The board's weekly briefing: every Monday for eight weeks, one series, its invitation mailed to its people.
  const briefing = {
    name: 'Giao ban Ban Giám đốc',
    room_id: roomIds.get('P301'),
    orderer_id: staffIds.get('NV001'),
    save_to_calendar: true,
    attendee_ids: ['NV002', 'NV003', 'NV005', 'NV006'].map((c) => staffIds.get(c)).filter(Boolean),
  };
  const mondays = seriesOccurrences(bookRoom, at(0, '08:00'), at(0, '09:30'), 'WEEKLY', at(49, '12:00').slice(0, 10));
  await withTx(admin.pool, (tx) => createSeries(repo('bookRoom'), tx, briefing, 'WEEKLY', mondays, ctx));
  repo('bookRoom').onCommit();
  // Car trips go to the administration manager for approval (the flow); two of next week's are booked, for their
  // orderers to send.
  const {
    rows: [carFlow],
  } = await admin.pool.query<{ id: string }>(
    `INSERT INTO approval_flow (document_type, name, cost_band, levels) VALUES ('book_car', 'Trưởng phòng HCNS duyệt', 'ALL', $1) RETURNING id`,
    [JSON.stringify([{ level: 1, scope: 'ROLE', role_id: roleIds.get('HR_MANAGER') }])],
  );
  const trips: [
    purpose: string,
    car: string,
    orderer: string,
    day: number,
    from: string,
    to: string,
    place: string,
    destination: string,
    passengers: number,
  ][] = [
    ['Kiểm tra công trường Thủ Đức', '51A-123.45', 'NV003', 1, '07:30', '12:00', 'Trụ sở chính', 'Khu công nghệ cao, TP. Thủ Đức', 4],
    ['Đón đoàn khảo sát của chủ đầu tư', '51H-678.90', 'NV001', 3, '13:00', '17:30', 'Sân bay Tân Sơn Nhất', 'Trụ sở chính', 12],
  ];
  for (const [purpose, plate, orderer, day, from, to, pickup_place, destination, passengers] of trips) {
    await repo('bookCar').create(
      {
        purpose,
        car_id: carIds.get(plate),
        orderer_id: staffIds.get(orderer),
        start_time: at(day, from),
        end_time: at(day, to),
        pickup_place,
        destination,
        passengers,
      },
      ctx,
    );
  }
  const hrManager = ids.users?.get('hr.manager');
  if (hrManager) await seedTrips(admin, ctx, { flowId: carFlow!.id, approver: hrManager }, { staffIds, carIds, at });
  // The leaders' and departments' week, and the business travel in it (the business-travel calendar).
  const schedules: [
    content: string,
    kind: string,
    who: string,
    day: number,
    from: string,
    toDay: number,
    to: string,
    location: string,
    area: string | null,
    companions: string[],
  ][] = [
    ['Giao ban Ban Giám đốc đầu tuần', 'MEETING', 'NV001', 0, '08:00', 0, '09:30', 'Phòng họp 301', 'HO', ['NV002', 'NV003', 'NV005', 'NV006']],
    [
      'Kiểm tra tiến độ và an toàn công trường Thủ Đức',
      'WORK',
      'NV005',
      1,
      '07:30',
      1,
      '11:30',
      'Ban chỉ huy công trường Thủ Đức',
      'SITE-TD',
      ['NV003', 'NV011'],
    ],
    ['Làm việc với chủ đầu tư dự án Long Biên', 'BUSINESS_TRIP', 'NV001', 2, '07:00', 3, '18:00', 'Văn phòng Hà Nội, 18 Láng Hạ', 'HN', ['NV009', 'NV003']],
    ['Duyệt hồ sơ dự thầu gói MEP', 'WORK', 'NV006', 2, '14:00', 2, '17:00', 'Phòng họp 302', 'HO', ['NV010']],
    ['Đào tạo an toàn lao động toàn công ty', 'MEETING', 'NV002', 4, '13:30', 4, '16:00', 'Hội trường tầng 5', 'HO', []],
  ];
  for (const [content, kind, who, day, from, toDay, to, location, area, companions] of schedules) {
    await repo('workingSchedule').create(
      {
        content,
        kind,
        staff_id: staffIds.get(who),
        start_time: at(day, from),
        end_time: at(toDay, to),
        location,
        area_id: area ? areaIds.get(area) : null,
        companion_ids: companions.map((c) => staffIds.get(c)).filter(Boolean),
      },
      ctx,
    );
  }
  await seedDocumentsDemo(admin, ctx, ids.staffIds, ids.orgIds);
  await seedTicketsDemo(admin, ctx, ids.staffIds, ids.orgIds);
}

/**
 * Car trips past the waiting ones, each taken through its states: created by the office (the service's rules), approved
 * by the HR & administration manager — the approval written as the engine leaves it (its request and steps, as
 * demo-recruitment.ts does, so the demo users' inboxes start empty) — then the trip's moves with their odometer
 * readings the service's own way (moveStatus, as `POST /book-car/:id/status`: it checks the approval and computes the
 * kilometres and costs). A trip is booked in the future (one cannot book the past); the one in use and the one done
 * are then put back in time as they would have been (they left this morning; they came back yesterday), so the km and
 * cost report has a trip. One stays approved, waiting to leave.
 */
async function seedTrips(
  admin: ServiceKit,
  ctx: CallerContext,
  flow: { flowId: string; approver: DemoUser },
  d: { staffIds: Map<string, string>; carIds: Map<string, string>; at: (day: number, hhmm: string) => string },
) {
  const repo = admin.repos.get('bookCar')!;
  const db = admin.pool;
  const approved = async (body: Record<string, unknown>) => {
    const row = await repo.create(body, ctx);
    const {
      rows: [req],
    } = await db.query<{ id: string }>(
      `INSERT INTO approval_request (document_type, resource, record_id, status, current_level, levels_count, levels, flow_id, submitted_by, approver_ids)
       VALUES ('book_car', 'bookCar', $1, 'APPROVED', 1, 1, $2, $3, $4, '{}') RETURNING id`,
      [row.id, JSON.stringify([{ level: 1, approver_ids: [flow.approver.id] }]), flow.flowId, ctx.userId],
    );
    const step = (action: string, from: string | null, to: string, actor: { id: string; name: string }, comment: string) =>
      db.query(
        `INSERT INTO approval_step (request_id, level, action, status_from, status_to, actor_id, actor_name, comment) VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`,
        [req!.id, action, from, to, actor.id, actor.name, comment],
      );
    await step('SUBMIT', null, 'PENDING', { id: ctx.userId, name: ctx.name ?? '' }, 'Đề nghị duyệt chuyến xe');
    await step('APPROVE', 'PENDING', 'APPROVED', flow.approver, 'Đồng ý');
    await db.query(`UPDATE book_car SET approval_status = 'APPROVED' WHERE id = $1`, [row.id]);
    return row;
  };
  const move = (id: string, to: string, body: Record<string, unknown>) =>
    withTx(admin.pool, async (tx) => moveStatus(repo, tx, await repo.get(id, ctx, tx, true), to, ctx, { body }));
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const staff = (code: string) => d.staffIds.get(code);

  // Approved, waiting to leave next Wednesday.
  await approved({
    purpose: 'Khảo sát mặt bằng dự án Long Biên',
    car_id: d.carIds.get('30G-246.80'),
    orderer_id: staff('NV009'),
    start_time: d.at(2, '08:00'),
    end_time: d.at(2, '17:00'),
    pickup_place: 'Văn phòng Hà Nội, 18 Láng Hạ',
    destination: 'Quận Long Biên, Hà Nội',
    passengers: 3,
  });

  // In use: left two hours ago with its odometer read, back in the afternoon.
  const out = await approved({
    purpose: 'Giao hồ sơ dự thầu cho chủ đầu tư',
    car_id: d.carIds.get('51A-123.45'),
    orderer_id: staff('NV006'),
    start_time: soon(10),
    end_time: soon(300),
    pickup_place: 'Trụ sở chính',
    destination: 'Số 2 Hải Triều, Quận 1',
    passengers: 2,
  });
  await move(out.id, 'IN_USE', { odometer_start: 48_210 });
  await admin.pool.query(`UPDATE book_car SET start_time = now() - interval '2 hours', end_time = now() + interval '3 hours' WHERE id = $1`, [out.id]);

  // Done: a day on the Thủ Đức site, back with both readings and the tolls — its kilometres and costs computed.
  const done = await approved({
    purpose: 'Đưa đoàn kỹ sư kiểm tra công trường Thủ Đức',
    car_id: d.carIds.get('51H-678.90'),
    orderer_id: staff('NV005'),
    start_time: d.at(4, '07:00'),
    end_time: d.at(4, '16:00'),
    pickup_place: 'Trụ sở chính',
    destination: 'Khu công nghệ cao, TP. Thủ Đức',
    passengers: 9,
  });
  await move(done.id, 'IN_USE', { odometer_start: 86_420 });
  await move(done.id, 'DONE', { odometer_end: 86_508, surcharge: 150_000 });
  // It was yesterday (the same hours: the driver's days, hence the cost, unchanged).
  const yesterday = new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  await admin.pool.query(`UPDATE book_car SET start_time = $2, end_time = $3 WHERE id = $1`, [
    done.id,
    `${yesterday}T07:00:00+07:00`,
    `${yesterday}T16:00:00+07:00`,
  ]);
}
