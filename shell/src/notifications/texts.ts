/** Texts of the notification bell, the notifications page and the approvals inbox (namespace "notify"). */
export const notifyTexts = {
  vi: {
    notifications: 'Thông báo', approvals: 'Hộp phê duyệt', readAll: 'Đọc tất cả', seeAll: 'Xem tất cả',
    allRead: 'Đã đánh dấu tất cả là đã đọc', noNotifications: 'Chưa có thông báo nào', unreadCount: '{{count}} chưa đọc',
    unread: 'Chưa đọc', type: 'Loại thông báo', allTypes: 'Tất cả các loại',
    type_APPROVE_REQUEST: 'Yêu cầu phê duyệt', type_APPROVED: 'Đã phê duyệt', type_CANCELLED: 'Đã hủy', type_REFUSED: 'Bị từ chối', type_INFO: 'Thông tin',
    group_APPROVE_REQUEST: 'Chờ tôi duyệt', group_APPROVED: 'Đã duyệt', group_CANCELLED: 'Đã hủy',
    noApprovals: 'Không có mục nào trong nhóm này', openRecord: 'Mở bản ghi',
    preferences: 'Cách nhận thông báo', preferencesText: 'Chọn nhận từng loại thông báo trong cổng thông tin và/hoặc qua email.',
    inApp: 'Trong cổng thông tin', email: 'Email', prefSaved: 'Đã lưu lựa chọn',
    bulkApprove: 'Phê duyệt {{count}} mục đã chọn', bulkRefuse: 'Từ chối {{count}} mục đã chọn',
    bulkApproved: 'Đã phê duyệt {{count}} yêu cầu', bulkRefused: 'Đã từ chối {{count}} yêu cầu', bulkNothingDone: 'Chưa có yêu cầu nào được xử lý', bulkPartlyDone: 'Đã xử lý {{count}} yêu cầu; các yêu cầu dưới đây chưa được xử lý',
    selectAll: 'Chọn tất cả', select: 'Chọn',
  },
  en: {
    notifications: 'Notifications', approvals: 'Approvals inbox', readAll: 'Read all', seeAll: 'See all',
    allRead: 'All notifications marked as read', noNotifications: 'No notifications yet', unreadCount: '{{count}} unread',
    unread: 'Unread', type: 'Notification type', allTypes: 'All types',
    type_APPROVE_REQUEST: 'Approval request', type_APPROVED: 'Approved', type_CANCELLED: 'Cancelled', type_REFUSED: 'Refused', type_INFO: 'Information',
    group_APPROVE_REQUEST: 'Waiting for me', group_APPROVED: 'Approved', group_CANCELLED: 'Cancelled',
    noApprovals: 'Nothing in this group', openRecord: 'Open the record',
    preferences: 'Delivery preferences', preferencesText: 'Choose how each type of notification reaches you: in the portal and/or by email.',
    inApp: 'In the portal', email: 'Email', prefSaved: 'Preference saved',
    bulkApprove: 'Approve {{count}} selected', bulkRefuse: 'Refuse {{count}} selected',
    bulkApproved: '{{count}} requests approved', bulkRefused: '{{count}} requests refused', bulkNothingDone: 'No request was changed', bulkPartlyDone: '{{count}} requests done; those below were not changed',
    selectAll: 'Select all', select: 'Select',
  },
};
