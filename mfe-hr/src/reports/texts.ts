/**
 * Texts of the HR reports page (namespace `hrReports`, added when the page opens; the menu entry's label is data in
 * menu.ts). Status and type names come from the declarations' value labels.
 */
export const REPORTS_NS = 'hrReports';

export const reportTexts = {
  vi: {
    title: 'Báo cáo nhân sự', status: 'Tình trạng', type: 'Loại', month: 'Tháng', stage: 'Giai đoạn',
    organization: 'Đơn vị / phòng ban', allOrganizations: 'Toàn công ty', refresh: 'Tải lại',
    headCount: 'Quân số theo đơn vị', headCountOn: 'Ngày', byDepartment: 'Theo phòng ban', byUnit: 'Theo đơn vị', staff: 'Nhân viên',
    total: 'Tổng', noUnit: '(Chưa có đơn vị)', noDepartment: '(Chưa có phòng ban)',
    contracts: 'Loại hợp đồng', contractsHint: 'Hợp đồng đang hiệu lực (không tính phụ lục)', contractCount: 'Hợp đồng',
    expiring30: 'Hết hạn trong 30 ngày', expiring60: 'Hết hạn trong 60 ngày', overdue: 'Quá hạn chưa cập nhật',
    overdueHint: 'Còn ghi "Hiệu lực" nhưng đã qua ngày kết thúc', expiringSoon: 'Sắp hết hạn', daysLeft: 'còn {{n}} ngày',
    leave: 'Ngày nghỉ phép đã duyệt', year: 'Năm', days: 'Ngày nghỉ', requests: 'Đơn', totalDays: 'Tổng ngày nghỉ', noType: '(Không rõ loại)',
    funnel: 'Phễu tuyển dụng', period: 'Năm', request: 'Yêu cầu tuyển dụng', allRequests: 'Mọi yêu cầu trong năm', candidates: 'Ứng viên',
    requested: 'Cần tuyển', hired: 'Đã tuyển', fulfilled: 'Đạt {{p}}%', dropped: 'Dừng giữa chừng',
    APPLIED: 'Ứng tuyển', INTERVIEWED: 'Phỏng vấn', PASSED: 'Đạt phỏng vấn', APPROVED: 'Duyệt tuyển', HIRED: 'Nhận việc',
    UNKNOWN: 'Chưa xác định',
  },
  en: {
    title: 'HR reports', status: 'Status', type: 'Type', month: 'Month', stage: 'Stage',
    organization: 'Unit / department', allOrganizations: 'Whole company', refresh: 'Reload',
    headCount: 'Head count by unit', headCountOn: 'On', byDepartment: 'By department', byUnit: 'By unit', staff: 'Staff',
    total: 'Total', noUnit: '(No unit)', noDepartment: '(No department)',
    contracts: 'Contract types', contractsHint: 'Effective contracts (annexes not counted)', contractCount: 'Contracts',
    expiring30: 'Ending within 30 days', expiring60: 'Ending within 60 days', overdue: 'Past end date, not updated',
    overdueHint: 'Still marked "Effective" after their end date', expiringSoon: 'Ending soon', daysLeft: '{{n}} days left',
    leave: 'Approved leave days', year: 'Year', days: 'Leave days', requests: 'Requests', totalDays: 'Total leave days', noType: '(Unknown type)',
    funnel: 'Recruitment funnel', period: 'Year', request: 'Recruitment request', allRequests: 'Every request of the year', candidates: 'Candidates',
    requested: 'Requested', hired: 'Hired', fulfilled: '{{p}}% filled', dropped: 'Dropped out',
    APPLIED: 'Applied', INTERVIEWED: 'Interviewed', PASSED: 'Passed', APPROVED: 'Approved', HIRED: 'Hired',
    UNKNOWN: 'Unknown',
  },
};
