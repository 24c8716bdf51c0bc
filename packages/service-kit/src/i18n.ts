import type { Lang } from '@portal/contracts';

/** Server messages in both languages (spec §5 and §8 texts). `{x}` placeholders are filled from params. */
const messages = {
  required: { vi: 'Vui lòng nhập giá trị', en: 'Value is required' },
  invalid: { vi: 'Giá trị không hợp lệ', en: 'Value is invalid' },
  select_required: { vi: 'Vui lòng chọn giá trị', en: 'Please make a selection' },
  min_length: { vi: 'Tối thiểu {n} ký tự', en: 'At least {n} characters' },
  max_length: { vi: 'Tối đa {n} ký tự', en: 'At most {n} characters' },
  min_number: { vi: 'Giá trị nhỏ nhất là {n}', en: 'The minimum is {n}' },
  max_number: { vi: 'Giá trị lớn nhất là {n}', en: 'The maximum is {n}' },
  must_number: { vi: 'Giá trị phải là số', en: 'Must be a number' },
  must_integer: { vi: 'Giá trị phải là số nguyên', en: 'Must be an integer' },
  must_positive: { vi: 'Giá trị phải lớn hơn 0', en: 'Must be greater than 0' },
  date_required: { vi: 'Vui lòng chọn ngày', en: 'Date is required' },
  date_invalid: { vi: 'Ngày không hợp lệ (dd/mm/yyyy)', en: 'Invalid date (dd/mm/yyyy)' },
  date_before: { vi: 'Ngày phải trước {other}', en: 'Must be before {other}' },
  email_invalid: { vi: 'Email không hợp lệ', en: 'Email is invalid' },
  phone_invalid: { vi: 'Số điện thoại không hợp lệ', en: 'Phone number is invalid' },
  url_invalid: { vi: 'Website phải là một URL hợp lệ', en: 'Website must be a valid URL' },
  too_many: { vi: 'Tối đa {n} mục', en: 'At most {n} items' },
  unknown_order: { vi: 'Không thể sắp xếp theo "{field}"', en: 'Cannot sort by "{field}"' },
  bad_request: { vi: 'Có lỗi xảy ra hoặc thông tin nhập không đúng, vui lòng thử lại', en: 'There is a problem or the information entered is incorrect, please try again' },
  body_object: { vi: 'Nội dung gửi lên phải là một đối tượng JSON', en: 'The request body must be a JSON object' },
  code_exists: { vi: 'Mã đã tồn tại', en: 'Code already exists' },
  value_exists: { vi: '{field} đã tồn tại', en: '{field} already exists' },
  year_exists: { vi: 'Năm đã tồn tại', en: 'Year already exists' },
  not_found: { vi: 'Không tìm thấy dữ liệu', en: 'Record not found' },
  route_not_found: { vi: 'Không tìm thấy đường dẫn', en: 'Route not found' },
  unauthenticated: { vi: 'Vui lòng đăng nhập', en: 'Please sign in' },
  forbidden: { vi: 'Bạn không có quyền truy cập. Vui lòng liên hệ quản trị viên để biết chi tiết!', en: 'You are not authorized. Please contact the admin for detail!' },
  not_approver: { vi: 'Bạn không có quyền phê duyệt', en: 'You are not permission to approved' },
  approval_wrong_status: { vi: 'Không thể {action} khi yêu cầu phê duyệt đang ở trạng thái {status}', en: 'Cannot {action} while the approval is {status}' },
  approval_not_submitter: { vi: 'Chỉ người gửi phê duyệt hoặc quản trị viên được hủy yêu cầu', en: 'Only the submitter or an administrator can cancel the approval' },
  approval_locked: { vi: 'Bản ghi đang trong quy trình phê duyệt hoặc đã được phê duyệt, hãy hủy phê duyệt trước', en: 'The record is in approval or approved: cancel the approval first' },
  leave_started: { vi: 'Không thể xóa hoặc hủy vì thời gian bắt đầu nghỉ phép đã qua', en: 'Delete or cancel failed because the leave start time has passed' },
  staff_not_terminated: { vi: 'Không thể xóa nhân viên chưa đến ngày nghỉ việc', en: 'An employee whose termination date has not arrived cannot be deleted' },
  staff_already_quit: { vi: 'Nhân viên đã nghỉ việc', en: 'The staff member has already quit' },
  staff_status_fixed: { vi: 'Không thể sửa tình trạng, ngày hiệu lực hay nơi điều chuyển của một thay đổi đã lập; hãy lập thay đổi mới', en: 'The status, date and destination of a filed change are fixed: file a new change instead' },
  leave_balance_exceeded: { vi: 'Số ngày phép còn lại không đủ: còn {available} ngày, đơn cần {days} ngày', en: 'Not enough leave left: {available} days available, the request needs {days}' },
  leave_type_max_exceeded: { vi: 'Vượt số ngày tối đa của loại nghỉ này trong năm: đã dùng {used}/{max} ngày', en: 'Over the yearly maximum of this leave type: {used} of {max} days used' },
  leave_day_duplicate: { vi: 'Nhân viên đã có bản ghi ngày phép của năm này', en: 'This staff member already has leave days for that year' },
  leave_staff_invalid: { vi: 'Không tìm thấy nhân viên hoặc bạn không có quyền với nhân viên này', en: 'The staff member does not exist or is outside your scope' },
  approval_directory_unavailable: { vi: 'Không xác định được người phê duyệt lúc này, vui lòng thử lại sau', en: 'The approvers cannot be determined right now, please try again later' },
  approval_no_approver: { vi: 'Cấp phê duyệt {level} không có người phê duyệt phù hợp', en: 'Approval level {level} has no approver' },
  cost_limit_updated: { vi: 'Cập nhật hạn mức phê duyệt thành công', en: 'Update approval cost limit success' },
  flow_levels_invalid: { vi: 'Cấp phê duyệt không hợp lệ', en: 'Invalid approval levels' },
  delegation_overlap: { vi: 'Khoảng thời gian ủy quyền trùng với một ủy quyền khác', en: 'The delegation overlaps another one' },
  delegation_self: { vi: 'Không thể ủy quyền cho chính mình', en: 'You cannot delegate to yourself' },
  too_large: { vi: 'Tệp vượt quá dung lượng cho phép', en: 'File size exceeded' },
  wrong_type: { vi: 'Định dạng tệp không được hỗ trợ', en: 'This file type is not supported' },
  xlsx_only: { vi: 'Chỉ chấp nhận tệp Excel .xlsx', en: 'Only .xlsx Excel files are accepted' },
  import_invalid: { vi: 'Tệp nhập có {n} lỗi, chưa có dòng nào được nhập', en: 'The file has {n} errors; nothing was imported' },
  import_empty: { vi: 'Tệp không có dòng dữ liệu nào', en: 'The file has no data rows' },
  import_unknown_columns: { vi: 'Không nhận ra cột: {cols}', en: 'Unknown columns: {cols}' },
  import_duplicate_key: { vi: 'Trùng với dòng {row}', en: 'Same as row {row}' },
  ref_not_found: { vi: 'Không tìm thấy "{value}"', en: '"{value}" was not found' },
  import_key_note: { vi: 'Cột nhận diện dòng: một dòng có cùng {cols} với một bản ghi đang hoạt động sẽ cập nhật bản ghi đó thay vì tạo bản ghi mới', en: 'Identifies the row: a row with the same {cols} as an active record updates that record instead of creating a new one' },
  import_guide_title: { vi: 'Hướng dẫn nhập {name}', en: 'How to import {name}' },
  import_guide_required: { vi: 'Cột có dấu * là bắt buộc. Giữ nguyên dòng tiêu đề; mỗi dòng tiếp theo là một bản ghi.', en: 'Columns marked * are required. Keep the header row; each row below it is one record.' },
  import_guide_key: { vi: 'Cột nhận diện dòng (tô vàng): {cols}. Một dòng có cùng giá trị ở các cột này với một bản ghi đang hoạt động sẽ cập nhật bản ghi đó, nên nhập lại cùng một tệp không tạo bản ghi trùng.', en: 'Columns identifying a row (yellow): {cols}. A row with the same values in these columns as an active record updates that record, so importing the same file again does not duplicate.' },
  import_guide_no_key: { vi: 'Không có cột nhận diện dòng: mỗi dòng tạo một bản ghi mới.', en: 'No column identifies a row: every row creates a new record.' },
  import_guide_formats: { vi: 'Ngày theo dạng dd/mm/yyyy. Tham chiếu (phòng ban, nhân viên, …) bằng mã, tên hoặc id. Lựa chọn bằng nhãn hoặc giá trị. Có/Không cho các cột đúng/sai.', en: 'Dates as dd/mm/yyyy. References (department, staff, …) by code, name or id. Options by their label or value. Yes/No for true/false columns.' },
  import_guide_check: { vi: 'Nút "Kiểm tra" kiểm tra tệp mà không ghi gì: nếu có lỗi, tệp được trả lại với các ô lỗi tô đỏ (lời nhắn trong ghi chú của ô) và cột "Lỗi / Errors" cho lỗi của cả dòng; sửa rồi tải lên lại.', en: 'The "Check" button checks the file without writing anything: on errors the file comes back with the bad cells in red (the message in the cell note) and an "Lỗi / Errors" column for errors of a whole row; fix them and upload again.' },
  word_none: { vi: 'Không có dữ liệu', en: 'None' },
  word_exported: { vi: 'Xuất ngày {date}', en: 'Exported on {date}' },
  export_failed: { vi: 'Có lỗi khi xuất tệp, vui lòng thử lại', en: 'There is a problem exporting the file, please try again' },
  too_many_requests: { vi: 'Quá nhiều yêu cầu, vui lòng thử lại sau', en: 'Too many requests, please try again later' },
  out_of_scope: { vi: 'Nằm ngoài phạm vi dữ liệu của bạn', en: 'Outside your data scope' },
  domain_unavailable: { vi: 'Dịch vụ {domain} tạm thời không khả dụng; các phần khác của cổng vẫn hoạt động. Vui lòng thử lại sau', en: 'The {domain} service is temporarily unavailable; the rest of the portal keeps working. Please try again later' },
  service_unavailable: { vi: 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau', en: 'The service is temporarily unavailable, please try again later' },
  server_error: { vi: 'Có lỗi hệ thống, vui lòng thử lại sau', en: 'Something went wrong on our side, please try again later' },
  inactive_record: { vi: 'Bản ghi đã ngừng hoạt động', en: 'The record is inactive' },
  parent_cycle: { vi: 'Không thể chọn chính nó hoặc cấp dưới làm cấp trên', en: 'A record cannot be its own parent or descendant' },
  password_weak: { vi: 'Mật khẩu mới cần ít nhất 8 ký tự, gồm chữ hoa, chữ thường, chữ số và ký tự đặc biệt', en: 'The new password needs at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character' },
  password_mismatch: { vi: 'Mật khẩu xác nhận không khớp', en: 'The confirmation does not match the new password' },
  password_reused: { vi: 'Mật khẩu mới phải khác các mật khẩu đã dùng trước đây', en: 'The new password must differ from earlier ones' },
  password_wrong: { vi: 'Mật khẩu hiện tại không đúng', en: 'The current password is incorrect' },
  sign_in_failed: { vi: 'Email/tên đăng nhập hoặc mật khẩu không đúng', en: 'The email/username or password is incorrect' },
  sign_in_failed_left: { vi: 'Email/tên đăng nhập hoặc mật khẩu không đúng. Còn {n} lần thử trước khi tài khoản bị khóa', en: 'The email/username or password is incorrect. {n} attempts left before the account is locked' },
  account_locked: { vi: 'Tài khoản bị tạm khóa do đăng nhập sai {n} lần. Vui lòng thử lại sau {minutes} phút hoặc liên hệ quản trị viên', en: 'The account is locked after {n} failed sign-ins. Try again in {minutes} minutes or contact the administrator' },
  account_inactive: { vi: 'Tài khoản đã ngừng hoạt động', en: 'The account is inactive' },
  session_expired: { vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại', en: 'Your session has expired, please sign in again' },
  refresh_reused: { vi: 'Phát hiện phiên đăng nhập bị dùng lại; vui lòng đăng nhập lại', en: 'This sign-in was reused elsewhere; please sign in again' },
  reset_token_invalid: { vi: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn', en: 'The password reset link is invalid or has expired' },
  reset_sent: { vi: 'Nếu email có trong hệ thống, một liên kết đặt lại mật khẩu đã được gửi', en: 'If the email is registered, a password reset link has been sent' },
  oidc_disabled: { vi: 'Đăng nhập bằng Google chưa được cấu hình', en: 'Google sign-in is not configured' },
  oidc_failed: { vi: 'Đăng nhập bằng Google không thành công', en: 'Google sign-in failed' },
  oidc_no_account: { vi: 'Không có tài khoản nào gắn với email này. Vui lòng liên hệ quản trị viên', en: 'No account uses this email. Please contact the administrator' },
  encoding_disabled: { vi: 'Mã hóa dữ liệu đang tắt', en: 'Payload encoding is switched off' },
  oidc_unavailable: { vi: 'Không kết nối được máy chủ đăng nhập Google, vui lòng thử lại sau', en: 'The Google sign-in server cannot be reached, please try again later' },
  oidc_state_invalid: { vi: 'Phiên đăng nhập Google không hợp lệ hoặc đã hết hạn, vui lòng đăng nhập lại', en: 'The Google sign-in attempt is invalid or has expired, please start again' },
  oidc_code_invalid: { vi: 'Mã đăng nhập Google không hợp lệ, đã được dùng hoặc đã hết hạn', en: 'The Google sign-in code is invalid, already used or expired' },
  oidc_email_unverified: { vi: 'Email của tài khoản Google chưa được xác minh', en: 'The Google account email is not verified' },
  encoding_invalid: { vi: 'Dữ liệu mã hóa không hợp lệ hoặc đã bị thay đổi', en: 'The encoded data is invalid or has been altered' },
  encoding_key_invalid: { vi: 'Khóa mã hóa không thuộc phiên đăng nhập này, vui lòng bắt tay (handshake) lại', en: 'The encoding key does not belong to this session, please repeat the handshake' },
  encoding_key_expired: { vi: 'Khóa mã hóa đã hết hạn, vui lòng bắt tay (handshake) lại', en: 'The encoding key has expired, please repeat the handshake' },
  encoding_path_invalid: { vi: 'Đường dẫn trong dữ liệu mã hóa không hợp lệ', en: 'The path inside the encoded data is invalid' },
  delete_success: { vi: 'Xóa thành công', en: 'Delete successfully' },
  file_required: { vi: 'Vui lòng chọn tệp (trường "file")', en: 'Please choose a file (field "file")' },
  file_empty: { vi: 'Tệp rỗng, không có gì để tải lên', en: 'The file is empty' },
  file_too_large: { vi: 'Tệp vượt quá dung lượng cho phép. Dung lượng tải lên tối đa {max} MB', en: 'File size exceeded. Maximum upload size {max} MB' },
  file_wrong_type: { vi: 'Định dạng tệp không được hỗ trợ. Chỉ chấp nhận Word, Excel, PowerPoint, Access, JSON, zip, pdf, gzip, rar, văn bản thuần, ảnh JPG/GIF/PNG và mp4', en: 'This file type is not supported. Allowed: Word, Excel, PowerPoint, Access, JSON, zip, pdf, gzip, rar, plain text, JPG/GIF/PNG images and mp4' },
  image_rule: { vi: 'Ảnh chỉ chấp nhận định dạng JPG, GIF hoặc PNG, dung lượng tối đa {max} MB', en: 'Images allowed: JPG, GIF or PNG with a maximum size of {max} MB' },
  files_too_many: { vi: 'Tối đa {n} tệp mỗi lần tải lên', en: 'At most {n} files per upload' },
  multipart_required: { vi: 'Tệp phải được gửi dạng multipart/form-data', en: 'Files must be sent as multipart/form-data' },
  file_context_invalid: { vi: 'Ngữ cảnh không hợp lệ (ví dụ: staff:<id>)', en: 'Invalid context (for example staff:<id>)' },
  recruitment_status_invalid: { vi: 'Không thể chuyển yêu cầu tuyển dụng từ "{from}" sang "{to}"', en: 'A recruitment request cannot go from "{from}" to "{to}"' },
  recruitment_not_approved: { vi: 'Yêu cầu tuyển dụng chưa được phê duyệt', en: 'The recruitment request has not been approved' },
  recruitment_not_open: { vi: 'Yêu cầu tuyển dụng không nhận thêm ứng viên (tình trạng: {status})', en: 'The recruitment request takes no more candidates (status: {status})' },
  recruitment_closed: { vi: 'Yêu cầu tuyển dụng đã kết thúc (tình trạng: {status})', en: 'The recruitment request is closed (status: {status})' },
  recruitment_has_candidates: { vi: 'Không thể xóa yêu cầu tuyển dụng đang có ứng viên', en: 'A recruitment request with candidates cannot be deleted' },
  recruitment_place_fixed: { vi: 'Không thể đổi phòng ban hoặc chức vụ của yêu cầu tuyển dụng đã có ứng viên', en: 'The department and position of a request with candidates cannot change' },
  recruitment_quantity_below_hired: { vi: 'Số lượng cần tuyển không được nhỏ hơn số đã tuyển ({n})', en: 'The head count cannot be below the number already hired ({n})' },
  candidate_status_invalid: { vi: 'Không thể chuyển ứng viên từ "{from}" sang "{to}"', en: 'A candidate cannot go from "{from}" to "{to}"' },
  candidate_in_approval: { vi: 'Ứng viên đang chờ phê duyệt; hãy hủy phê duyệt trước khi đổi tình trạng', en: 'The candidate is waiting for approval: cancel the approval before changing the status' },
  candidate_not_passed: { vi: 'Chỉ gửi phê duyệt ứng viên đã đạt phỏng vấn', en: 'Only a candidate who passed the interviews can be submitted for approval' },
  candidate_hired: { vi: 'Ứng viên đã nhận việc, không thể xóa hoặc hủy phê duyệt', en: 'The candidate has been hired: this cannot be deleted or cancelled' },
  candidate_not_interviewable: { vi: 'Không thể xếp lịch phỏng vấn cho ứng viên ở tình trạng "{status}"', en: 'No interview can be scheduled for a candidate who is "{status}"' },
  candidate_not_old: { vi: 'Chỉ dùng lại hồ sơ của ứng viên cũ (đã đóng hoặc thuộc yêu cầu đã kết thúc)', en: 'Only an old candidate\'s profile (closed, or of a finished request) can be reused' },
  candidate_recruitment_fixed: { vi: 'Chỉ đổi yêu cầu tuyển dụng của ứng viên đang chờ xử lý', en: 'Only a pending candidate can be moved to another recruitment request' },
  bulk_invalid: { vi: 'Có {n} lỗi, chưa có dòng nào được tạo', en: 'There are {n} errors; nothing was created' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

export type MessageParams = Record<string, string | number | { vi: string; en: string }>;

export function t(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const text: string = messages[key][lang] ?? messages[key].vi;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) return `{${k}}`;
    return typeof v === 'object' ? v[lang] : String(v);
  });
}

export function isMessageKey(k: string): k is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, k);
}

/** Language of a request: Accept-Language, Vietnamese by default (ARCHITECTURE §3). */
export function langOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'vi';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'vi';
}
