import { defineTexts } from '@portal/ui-kit';

/** Texts of the recruitment screens, Vietnamese and English (`{x}` filled from params). */
const TEXTS = {
  inApproval: { vi: 'Đang chờ phê duyệt: hủy phê duyệt trước khi đổi tình trạng', en: 'Waiting for approval: cancel the approval before changing the status' },
  notApproved: { vi: 'Yêu cầu chưa được phê duyệt: hãy gửi phê duyệt trước', en: 'The request is not approved yet: submit it for approval first' },
  startDate: { vi: 'Ngày bắt đầu làm việc', en: 'Start date' },
  probationSalary: { vi: 'Lương thử việc', en: 'Probation salary' },
  hireHint: {
    vi: 'Nhận việc tạo hồ sơ nhân viên (thử việc) ở phòng ban và chức vụ của yêu cầu tuyển dụng.',
    en: "Hiring creates the staff record (probation) in the request's department and position.",
  },
  candidates: { vi: 'Ứng viên', en: 'Candidates' },
  addCandidate: { vi: 'Thêm ứng viên', en: 'Add candidate' },
  bulkCreate: { vi: 'Thêm nhiều ứng viên', en: 'Bulk create' },
  bulkHint: {
    vi: 'Nhập từng dòng, hoặc dán từ Excel (các cột: Họ và tên, Email, Số điện thoại, Giới tính, Ngày sinh dd/mm/yyyy, Nguồn, Lương mong muốn). Có lỗi thì không dòng nào được tạo.',
    en: 'Type the rows, or paste from Excel (columns: Full name, Email, Phone, Gender, Birthday dd/mm/yyyy, Source, Expected salary). Any error creates nothing.',
  },
  paste: { vi: 'Dán từ Excel', en: 'Paste from Excel' },
  pastePlaceholder: { vi: 'Dán các dòng ở đây (cột cách nhau bằng Tab)', en: 'Paste rows here (columns separated by tabs)' },
  addRows: { vi: 'Thêm vào bảng', en: 'Add to the table' },
  addRow: { vi: 'Thêm dòng', en: 'Add a row' },
  removeRow: { vi: 'Xóa dòng', en: 'Remove the row' },
  rows: { vi: '{n} dòng', en: '{n} rows' },
  created: { vi: 'Đã tạo {n} ứng viên', en: '{n} candidates created' },
  pickRecruitment: { vi: 'Yêu cầu tuyển dụng (đang tuyển)', en: 'Recruitment request (recruiting)' },
  series: { vi: 'Xếp lịch phỏng vấn hàng loạt', en: 'Interview series' },
  seriesHint: {
    vi: 'Một vòng phỏng vấn cho nhiều ứng viên, lần lượt từ thời điểm bắt đầu, mỗi người một khung giờ.',
    en: 'One interview round for several candidates, one slot each from the start time, in the order chosen.',
  },
  seriesCandidates: { vi: 'Ứng viên (theo thứ tự)', en: 'Candidates (in order)' },
  startAt: { vi: 'Bắt đầu lúc', en: 'Starts at' },
  minutes: { vi: 'Mỗi ứng viên (phút)', en: 'Minutes each' },
  scheduled: { vi: 'Đã xếp {n} lịch phỏng vấn', en: '{n} interviews scheduled' },
  candidateN: { vi: 'Ứng viên thứ {n}', en: 'Candidate no. {n}' },
  rowN: { vi: 'Dòng {n}', en: 'Row {n}' },
  oldCandidates: { vi: 'Ứng viên cũ', en: 'Old candidates' },
  oldHint: {
    vi: 'Ứng viên chưa được tuyển: đã đóng hồ sơ, hoặc thuộc yêu cầu tuyển dụng đã kết thúc hay đã hủy. Dùng lại hồ sơ cho một yêu cầu đang tuyển.',
    en: 'Candidates not hired: closed, or of a finished or cancelled request. Reuse a profile for a request that is recruiting.',
  },
  reuse: { vi: 'Dùng lại hồ sơ', en: 'Reuse profile' },
  reuseHint: {
    vi: 'Tạo ứng viên mới (chờ xử lý) với hồ sơ này; hồ sơ cũ ngừng hoạt động và vẫn xem được.',
    en: 'Creates a new pending candidate with this profile; the old record becomes inactive and stays readable.',
  },
  reused: { vi: 'Đã tạo ứng viên mới từ hồ sơ cũ', en: 'New candidate created from the old profile' },
  recruitmentStatusCol: { vi: 'Tình trạng yêu cầu', en: 'Request status' },
  interviews: { vi: 'Phỏng vấn', en: 'Interviews' },
  scheduleInterview: { vi: 'Xếp lịch phỏng vấn', en: 'Schedule an interview' },
  hired: { vi: 'Đã tuyển {n}/{q}', en: '{n} of {q} hired' },
  loadError: { vi: 'Không tải được dữ liệu', en: 'Could not load the data' },
} as const;

export type TextKey = keyof typeof TEXTS;

/** `tr('created', { n: 3 })` in the user's language. */
export const useTexts = defineTexts(TEXTS);
