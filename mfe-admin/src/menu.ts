import type { MenuEntry } from '@portal/ui-kit';

/** The Administration sidebar entries (paths relative to the module's base path). */
export const menu: MenuEntry[] = [
  { key: 'ticket', label: { vi: 'Phiếu yêu cầu', en: 'Tickets' }, path: '/tickets', feature: 'ticket', icon: 'solution' },
  { key: 'car', label: { vi: 'Đặt xe', en: 'Car booking' }, path: '/book-car', feature: 'book_car', icon: 'car' },
  { key: 'room', label: { vi: 'Đặt phòng họp', en: 'Meeting room booking' }, path: '/book-room', feature: 'book_meeting_room', icon: 'calendar' },
  { key: 'schedule', label: { vi: 'Lịch công tác', en: 'Working schedule' }, path: '/working-schedule', feature: 'work_schedule', icon: 'schedule' },
  { key: 'document', label: { vi: 'Văn bản', en: 'Documents' }, path: '/documents', feature: 'document', icon: 'file' },
  { key: 'contact', label: { vi: 'Danh bạ', en: 'Contacts' }, path: '/contacts', feature: 'contact', icon: 'contacts' },
];
