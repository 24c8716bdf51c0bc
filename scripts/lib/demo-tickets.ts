import { ticket, type CallerContext } from '@portal/contracts';
import { moveStatus, sweepDeadline, withTx, type ServiceKit } from '@portal/service-kit';

const STATUSES: [code: string, name: string, stage: string][] = [
  ['NEW', 'Mới tiếp nhận', 'OPEN'],
  ['DOING', 'Đang xử lý', 'IN_PROGRESS'],
  ['WAIT', 'Chờ vật tư, linh kiện', 'IN_PROGRESS'],
  ['DONE', 'Hoàn thành', 'CLOSED'],
  ['CANCEL', 'Đã hủy', 'CANCELLED'],
];
const GROUPS: [code: string, name: string, dept: string][] = [
  ['IT', 'Công nghệ thông tin', 'HCNS'],
  ['HC', 'Hành chính – cơ sở vật chất', 'HCNS'],
  ['MS', 'Mua sắm', 'TCKT'],
];
const ITEMS: [key: string, group: string, name: string, performer: string | null, hours: number, checklist: string][] = [
  ['laptop', 'IT', 'Cấp máy tính cho nhân viên mới', 'NV020', 48, '*Chuẩn bị máy\n*Cài đặt phần mềm\nTạo tài khoản email\n*Bàn giao cho nhân viên'],
  ['it-fix', 'IT', 'Sửa lỗi phần mềm, mạng', 'NV020', 8, '*Kiểm tra lỗi\nGhi nhận nguyên nhân'],
  ['repair', 'HC', 'Sửa chữa thiết bị văn phòng', 'NV030', 24, '*Kiểm tra hiện trạng\n*Sửa chữa hoặc thay thế\nNghiệm thu với người yêu cầu'],
  ['stationery', 'HC', 'Văn phòng phẩm', 'NV030', 72, ''],
  ['purchase', 'MS', 'Mua sắm thiết bị', null, 168, '*Báo giá của ba nhà cung cấp\n*Duyệt mua\nNhận hàng, nghiệm thu'],
];

/**
 * The demo company's tickets: its statuses, request groups and items (each with its performer, time to resolve and
 * checklist), and tickets in every stage and status — one naming the engineer's head and then the director as approvers,
 * one in progress with part of its checklist ticked, one waiting for parts, one overdue, one closed, one cancelled, and a piece of work handed within
 * the office — so the list, its filters and the checklist have something on a first visit.
 */
export async function seedTicketsDemo(admin: ServiceKit, ctx: CallerContext, staffIds: Map<string, string>, orgIds: Map<string, string>) {
  const repo = (name: string) => admin.repos.get(name)!;
  const staff = (code: string | null) => (code ? (staffIds.get(code) ?? null) : null);
  const statusIds = new Map<string, string>();
  for (const [i, [code, name, stage]] of STATUSES.entries())
    statusIds.set(code, (await repo('ticketStatus').create({ code, name, stage, sort_order: i + 1 }, ctx)).id);
  const groupIds = new Map<string, string>();
  for (const [code, name, dept] of GROUPS) groupIds.set(code, (await repo('ticketGroup').create({ code, name, department_id: orgIds.get(dept) }, ctx)).id);
  const itemIds = new Map<string, string>();
  for (const [key, group, name, performer, due_hours, checklist_template] of ITEMS) {
    itemIds.set(
      key,
      (await repo('ticketItem').create({ group_id: groupIds.get(group), name, performer_id: staff(performer), due_hours, checklist_template }, ctx)).id,
    );
  }
  const raise = (requester: string, item: string | null, body: Record<string, unknown>) =>
    repo('ticket').create({ requester_id: staff(requester), item_id: item ? itemIds.get(item) : null, ...body }, ctx);
  /** A ticket moved to a stage, to the company's status `code` within it when given (as /ticket-change-status does). */
  const move = (id: string, stage: string, code?: string) =>
    withTx(admin.pool, async (tx) =>
      moveStatus(repo('ticket'), tx, await repo('ticket').get(id, ctx, tx, true), stage, ctx, code ? { body: { setting_status_id: statusIds.get(code) } } : {}),
    );
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

  // The tickets' people are staff without a demo account (the demo users' notifications stay theirs to make): the
  // engineer's department (KTTC: NV014, NV015, NV024) asks, the office (HCNS: NV020, NV030) works.
  await raise('NV014', 'laptop', {
    title: 'Cấp laptop cho kỹ sư mới phòng Kỹ thuật – Thi công',
    follower_ids: [staff('NV015')],
    description: 'Kỹ sư mới nhận việc thứ Hai tuần sau.',
  });
  // Named approvers, in order: the department head, then the director — for its requester to send.
  await raise('NV024', 'purchase', {
    title: 'Mua máy toàn đạc điện tử cho công trường Thủ Đức',
    priority: 'HIGH',
    performer_id: staff('NV030'),
    approver_ids: [staff('NV003'), staff('NV001')],
    deadline: inDays(14),
    description: 'Máy hiện tại hỏng bộ đo góc, cần thay trước đợt đo kiểm tháng tới.',
  });
  const projector = await raise('NV015', 'repair', { title: 'Máy chiếu phòng họp 301 không lên hình', priority: 'HIGH' });
  await move(projector.id, 'IN_PROGRESS');
  const {
    rows: [first],
  } = await admin.pool.query<{ id: string }>(`SELECT id FROM ticket_checklist WHERE ticket_id = $1 ORDER BY sort_order LIMIT 1`, [projector.id]);
  if (first) await repo('ticketChecklist').update(first.id, { done: true, note: 'Hỏng cáp HDMI' }, ctx);
  const wifi = await raise('NV014', 'it-fix', { title: 'Wi-Fi tầng 3 chập chờn' });
  await move(wifi.id, 'IN_PROGRESS');
  // Its time ran out yesterday: the overdue sweep flags it and reminds its people, as it would have.
  await admin.pool.query(`UPDATE ticket SET deadline = now() - interval '1 day' WHERE id = $1`, [wifi.id]);
  await sweepDeadline(admin, ticket, admin.now());
  const paper = await raise('NV020', 'stationery', { title: 'Văn phòng phẩm tháng này cho khối văn phòng', priority: 'LOW' });
  await move(paper.id, 'IN_PROGRESS');
  await move(paper.id, 'CLOSED');
  // Waiting for parts: in progress, under the company's own "Chờ vật tư, linh kiện" status.
  const aircon = await raise('NV015', 'repair', { title: 'Điều hòa phòng Kỹ thuật chảy nước', priority: 'MEDIUM', deadline: inDays(5) });
  await move(aircon.id, 'IN_PROGRESS');
  await move(aircon.id, 'IN_PROGRESS', 'WAIT');
  const cad = await raise('NV024', null, { title: 'Cài đặt phần mềm AutoCAD bản quyền', type: 'REQUEST', group_id: groupIds.get('IT'), priority: 'LOW' });
  await move(cad.id, 'CANCELLED');
  await raise('NV030', null, {
    title: 'Chuẩn bị báo cáo tổng kết hành chính năm',
    type: 'WORK',
    performer_id: staff('NV020'),
    deadline: inDays(10),
    follower_ids: [staff('NV040')],
  });
}
