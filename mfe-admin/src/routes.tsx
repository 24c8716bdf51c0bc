import { emptyModule } from '@portal/ui-kit';

/** Administration: its screens come with the domain's issue; until then each entry shows the empty state. */
export default emptyModule({ vi: 'Hành chính', en: 'Administration' }, [
  { key: 'ticket', label: { vi: 'Phiếu yêu cầu', en: 'Tickets' }, path: '/tickets', feature: 'ticket' },
  { key: 'car', label: { vi: 'Đặt xe', en: 'Car booking' }, path: '/book-car', feature: 'book_car' },
  { key: 'room', label: { vi: 'Đặt phòng họp', en: 'Meeting room booking' }, path: '/book-room', feature: 'book_meeting_room' },
  { key: 'schedule', label: { vi: 'Lịch công tác', en: 'Working schedule' }, path: '/working-schedule', feature: 'work_schedule' },
  { key: 'document', label: { vi: 'Văn bản', en: 'Documents' }, path: '/documents', feature: 'document' },
  { key: 'contact', label: { vi: 'Danh bạ', en: 'Contacts' }, path: '/contacts', feature: 'contact' },
]);
