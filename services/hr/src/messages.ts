/**
 * The HR service's own messages (vi/en): its rules on staff, leave and recruitment. The kit's catalogue
 * (service-kit i18n.ts) holds only what every service shares.
 */
import { defineMessages } from '@portal/service-kit';

export const hrMessages = defineMessages({
  staff_not_terminated: { vi: 'Không thể xóa nhân viên chưa đến ngày nghỉ việc', en: 'An employee whose termination date has not arrived cannot be deleted' },
  staff_already_quit: { vi: 'Nhân viên đã nghỉ việc', en: 'The staff member has already quit' },
  staff_status_fixed: {
    vi: 'Không thể sửa tình trạng, ngày hiệu lực hay nơi điều chuyển của một thay đổi đã lập; hãy lập thay đổi mới',
    en: 'The status, date and destination of a filed change are fixed: file a new change instead',
  },
  leave_balance_exceeded: {
    vi: 'Số ngày phép còn lại không đủ: còn {available} ngày, đơn cần {days} ngày',
    en: 'Not enough leave left: {available} days available, the request needs {days}',
  },
  leave_type_max_exceeded: {
    vi: 'Vượt số ngày tối đa của loại nghỉ này trong năm: đã dùng {used}/{max} ngày',
    en: 'Over the yearly maximum of this leave type: {used} of {max} days used',
  },
  leave_staff_invalid: {
    vi: 'Không tìm thấy nhân viên hoặc bạn không có quyền với nhân viên này',
    en: 'The staff member does not exist or is outside your scope',
  },
  recruitment_not_approved: { vi: 'Yêu cầu tuyển dụng chưa được phê duyệt', en: 'The recruitment request has not been approved' },
  recruitment_not_open: {
    vi: 'Yêu cầu tuyển dụng không nhận thêm ứng viên (tình trạng: {status})',
    en: 'The recruitment request takes no more candidates (status: {status})',
  },
  recruitment_closed: { vi: 'Yêu cầu tuyển dụng đã kết thúc (tình trạng: {status})', en: 'The recruitment request is closed (status: {status})' },
  recruitment_has_candidates: { vi: 'Không thể xóa yêu cầu tuyển dụng đang có ứng viên', en: 'A recruitment request with candidates cannot be deleted' },
  recruitment_place_fixed: {
    vi: 'Không thể đổi phòng ban hoặc chức vụ của yêu cầu tuyển dụng đã có ứng viên',
    en: 'The department and position of a request with candidates cannot change',
  },
  recruitment_quantity_below_hired: {
    vi: 'Số lượng cần tuyển không được nhỏ hơn số đã tuyển ({n})',
    en: 'The head count cannot be below the number already hired ({n})',
  },
  candidate_in_approval: {
    vi: 'Ứng viên đang chờ phê duyệt; hãy hủy phê duyệt trước khi đổi tình trạng',
    en: 'The candidate is waiting for approval: cancel the approval before changing the status',
  },
  candidate_not_passed: { vi: 'Chỉ gửi phê duyệt ứng viên đã đạt phỏng vấn', en: 'Only a candidate who passed the interviews can be submitted for approval' },
  candidate_hired: { vi: 'Ứng viên đã nhận việc, không thể xóa hoặc hủy phê duyệt', en: 'The candidate has been hired: this cannot be deleted or cancelled' },
  candidate_not_interviewable: {
    vi: 'Không thể xếp lịch phỏng vấn cho ứng viên ở tình trạng "{status}"',
    en: 'No interview can be scheduled for a candidate who is "{status}"',
  },
  candidate_not_old: {
    vi: 'Chỉ dùng lại hồ sơ của ứng viên cũ (đã đóng hoặc thuộc yêu cầu đã kết thúc)',
    en: "Only an old candidate's profile (closed, or of a finished request) can be reused",
  },
  candidate_recruitment_fixed: {
    vi: 'Chỉ đổi yêu cầu tuyển dụng của ứng viên đang chờ xử lý',
    en: 'Only a pending candidate can be moved to another recruitment request',
  },
});

type HrMessages = typeof hrMessages;
declare module '@portal/service-kit' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends HrMessages {}
}
