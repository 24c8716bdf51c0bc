/**
 * The administration service's own messages (vi/en): its rules on room and car bookings, documents and tickets. The kit's catalogue (service-kit i18n.ts)
 * holds only what every service shares — a room or car already taken is the kit's (`slot_taken`).
 */
import { defineMessages } from '@portal/service-kit';

export const adminMessages = defineMessages({
  ticket_status_unknown: { vi: 'Trạng thái phiếu không tồn tại hoặc đã ngừng sử dụng', en: 'The ticket status does not exist or is no longer used' },
  ticket_status_stage: { vi: 'Trạng thái này thuộc giai đoạn khác', en: 'This status belongs to another stage' },
  ticket_same_status: { vi: 'Phiếu đã ở trạng thái này', en: 'The ticket already has this status' },
  ticket_item_group: { vi: 'Hạng mục không thuộc nhóm yêu cầu đã chọn', en: 'The request item is not in the chosen request group' },
  ticket_deadline_past: { vi: 'Hạn xử lý đã qua', en: 'The deadline has passed' },
  ticket_no_performer: { vi: 'Hãy chọn người thực hiện trước', en: 'Choose a performer first' },
  ticket_required_manager: {
    vi: 'Chỉ người quản lý phiếu mới được đặt hoặc bỏ mục bắt buộc',
    en: 'Only a ticket manager may make an item required, or waive one',
  },
  ticket_approvers_fixed: {
    vi: 'Không đổi được người phê duyệt sau khi phiếu đã gửi phê duyệt',
    en: 'The approvers cannot change once the ticket has been sent for approval',
  },
  ticket_checklist_moved: { vi: 'Mục kiểm tra không chuyển sang phiếu khác được', en: 'A checklist item cannot move to another ticket' },
  booking_in_past: { vi: 'Thời gian bắt đầu đã qua', en: 'The start time has passed' },
  car_unavailable: { vi: 'Xe đang bảo dưỡng hoặc đã ngừng sử dụng', en: 'The car is in maintenance or retired' },
  car_driver_office: {
    vi: 'Chỉ bộ phận quản lý xe mới chọn tài xế khác tài xế của xe',
    en: "Only the car office can choose a driver other than the car's own",
  },
  car_seats: { vi: 'Xe chỉ có {n} chỗ', en: 'The car has only {n} seats' },
  odometer_below_start: { vi: 'Số km lúc về không được nhỏ hơn số km lúc đi ({n})', en: 'The odometer at return cannot be below the one at departure ({n})' },
  car_booking_in_approval: {
    vi: 'Chuyến xe đang chờ duyệt: hãy rút yêu cầu duyệt để hủy',
    en: 'The trip is waiting for approval: withdraw the request to cancel it',
  },
  document_reply_outgoing: { vi: 'Chỉ văn bản đi mới trả lời một văn bản đến', en: 'Only an outgoing document answers an incoming one' },
  document_reply_unknown: { vi: 'Không tìm thấy văn bản được trả lời', en: 'The document answered was not found' },
  document_reply_incoming: { vi: 'Văn bản được trả lời phải là văn bản đến còn hiệu lực', en: 'The document answered must be an active incoming document' },
  attendee_not_pickable: {
    vi: '{field}: {n} người không có trong danh sách nhân sự hay danh bạ bạn được xem — chỉ mời được người bạn chọn được',
    en: '{field}: {n|# person is|# people are} not in the staff list or company directory you can see — you can only invite people you can pick',
  },
  booking_invite_new: { vi: 'Mời họp: {name}', en: 'Meeting invitation: {name}' },
  booking_invite_changed: { vi: 'Thay đổi lịch họp: {name}', en: 'Meeting changed: {name}' },
  booking_invite_cancelled: { vi: 'Hủy cuộc họp: {name}', en: 'Meeting cancelled: {name}' },
  booking_invite_body: {
    vi: '{orderer} mời bạn dự họp "{name}".\nPhòng: {room}\nThời gian:\n{when}\n\nMở tệp lịch đính kèm (.ics) để lưu vào lịch của bạn (Outlook, Google, Apple).',
    en: '{orderer} invites you to the meeting "{name}".\nRoom: {room}\nTime:\n{when}\n\nOpen the attached calendar file (.ics) to save it to your calendar (Outlook, Google, Apple).',
  },
  booking_invite_cancel_body: {
    vi: 'Cuộc họp "{name}" đã bị hủy.\nPhòng: {room}\nThời gian:\n{when}\n\nMở tệp lịch đính kèm (.ics) để xóa khỏi lịch của bạn.',
    en: 'The meeting "{name}" has been cancelled.\nRoom: {room}\nTime:\n{when}\n\nOpen the attached calendar file (.ics) to remove it from your calendar.',
  },
});

type AdminMessages = typeof adminMessages;
declare module '@portal/service-kit' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends AdminMessages {}
}
