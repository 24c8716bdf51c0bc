import { PARENT_CLOSED, type Lang } from '@portal/contracts';

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
  money_whole: { vi: 'Số tiền tính bằng đồng, không có phần lẻ', en: 'Amounts are in whole đồng, without a fraction' },
  money_too_large: { vi: 'Số tiền vượt quá mức lớn nhất cho phép', en: 'The amount is past the largest allowed' },
  must_positive: { vi: 'Giá trị phải lớn hơn 0', en: 'Must be greater than 0' },
  date_required: { vi: 'Vui lòng chọn ngày', en: 'Date is required' },
  date_invalid: { vi: 'Ngày không hợp lệ (dd/mm/yyyy)', en: 'Invalid date (dd/mm/yyyy)' },
  calendar_to_before_from: { vi: 'Ngày kết thúc phải từ ngày bắt đầu trở đi', en: 'The end date must not be before the start date' },
  calendar_range_too_long: { vi: 'Lịch chỉ hiển thị tối đa {n} ngày một lần', en: 'A calendar shows at most {n} days at a time' },
  date_before: { vi: 'Ngày phải trước {other}', en: 'Must be before {other}' },
  date_not_future: { vi: 'Ngày này chưa đến', en: 'This day has not come yet' },
  code_book_fixed: { vi: 'Không đổi được sau khi đã cấp số: số thuộc sổ này', en: 'Cannot change once numbered: the number belongs to this book' },
  time_before: { vi: 'Thời gian phải trước {other}', en: 'Must be before {other}' },
  slot_taken: { vi: '{field} đã được đặt từ {from} đến {to}: {holder}', en: '{field} is already booked from {from} to {to}: {holder}' },
  slot_busy: { vi: '{field} đã có lịch từ {from} đến {to}', en: '{field} is already booked from {from} to {to}' },
  email_invalid: { vi: 'Email không hợp lệ', en: 'Email is invalid' },
  phone_invalid: { vi: 'Số điện thoại không hợp lệ', en: 'Phone number is invalid' },
  url_invalid: { vi: 'Website phải là một URL hợp lệ', en: 'Website must be a valid URL' },
  too_many: { vi: 'Tối đa {n} mục', en: 'At most {n} items' },
  unknown_field: { vi: 'Không có trường "{field}"', en: 'There is no field "{field}"' },
  unknown_order: { vi: 'Không thể sắp xếp theo "{field}"', en: 'Cannot sort by "{field}"' },
  bad_request: {
    vi: 'Có lỗi xảy ra hoặc thông tin nhập không đúng, vui lòng thử lại',
    en: 'There is a problem or the information entered is incorrect, please try again',
  },
  body_object: { vi: 'Nội dung gửi lên phải là một đối tượng JSON', en: 'The request body must be a JSON object' },
  code_exists: { vi: 'Mã đã tồn tại', en: 'Code already exists' },
  record_exists: { vi: '{resource} với các thông tin này đã tồn tại', en: 'A {resource} with these values already exists' },
  value_exists: { vi: '{field} đã tồn tại', en: '{field} already exists' },
  one_open: { vi: '{rule}', en: '{rule}' },
  year_exists: { vi: 'Năm đã tồn tại', en: 'Year already exists' },
  not_found: { vi: 'Không tìm thấy dữ liệu', en: 'Record not found' },
  route_not_found: { vi: 'Không tìm thấy đường dẫn', en: 'Route not found' },
  no_own_record: { vi: 'Tài khoản này không gắn với hồ sơ nhân viên nào', en: 'This account has no staff record' },
  unauthenticated: { vi: 'Vui lòng đăng nhập', en: 'Please sign in' },
  forbidden: {
    vi: 'Bạn không có quyền truy cập. Vui lòng liên hệ quản trị viên để biết chi tiết!',
    en: 'You are not authorized. Please contact the admin for detail!',
  },
  not_approver: { vi: 'Bạn không có quyền phê duyệt', en: 'You are not permission to approved' },
  approval_wrong_status: { vi: 'Không thể {action} khi yêu cầu phê duyệt đang ở trạng thái {status}', en: 'Cannot {action} while the approval is {status}' },
  approval_not_submitter: {
    vi: 'Chỉ người gửi phê duyệt hoặc quản trị viên được hủy yêu cầu',
    en: 'Only the submitter or an administrator can cancel the approval',
  },
  approval_locked: {
    vi: 'Bản ghi đang trong quy trình phê duyệt hoặc đã được phê duyệt, hãy hủy phê duyệt trước',
    en: 'The record is in approval or approved: cancel the approval first',
  },
  approval_directory_unavailable: {
    vi: 'Không xác định được người phê duyệt lúc này, vui lòng thử lại sau',
    en: 'The approvers cannot be determined right now, please try again later',
  },
  checklist_required_open: { vi: 'Còn mục kiểm tra bắt buộc chưa xong: {items}', en: 'Required checklist items are still open: {items}' },
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
  import_key_note: {
    vi: 'Cột nhận diện dòng: một dòng có cùng {cols} với một bản ghi đang hoạt động sẽ cập nhật bản ghi đó thay vì tạo bản ghi mới',
    en: 'Identifies the row: a row with the same {cols} as an active record updates that record instead of creating a new one',
  },
  import_guide_title: { vi: 'Hướng dẫn nhập {name}', en: 'How to import {name}' },
  import_guide_required: {
    vi: 'Cột có dấu * là bắt buộc. Giữ nguyên dòng tiêu đề; mỗi dòng tiếp theo là một bản ghi.',
    en: 'Columns marked * are required. Keep the header row; each row below it is one record.',
  },
  import_guide_key: {
    vi: 'Cột nhận diện dòng (tô vàng): {cols}. Một dòng có cùng giá trị ở các cột này với một bản ghi đang hoạt động sẽ cập nhật bản ghi đó, nên nhập lại cùng một tệp không tạo bản ghi trùng.',
    en: 'Columns identifying a row (yellow): {cols}. A row with the same values in these columns as an active record updates that record, so importing the same file again does not duplicate.',
  },
  import_guide_no_key: { vi: 'Không có cột nhận diện dòng: mỗi dòng tạo một bản ghi mới.', en: 'No column identifies a row: every row creates a new record.' },
  import_guide_formats: {
    vi: 'Ngày theo dạng dd/mm/yyyy. Tham chiếu (phòng ban, nhân viên, …) bằng mã, tên hoặc id. Lựa chọn bằng nhãn hoặc giá trị. Có/Không cho các cột đúng/sai.',
    en: 'Dates as dd/mm/yyyy. References (department, staff, …) by code, name or id. Options by their label or value. Yes/No for true/false columns.',
  },
  import_guide_check: {
    vi: 'Nút "Kiểm tra" kiểm tra tệp mà không ghi gì: nếu có lỗi, tệp được trả lại với các ô lỗi tô đỏ (lời nhắn trong ghi chú của ô) và cột "Lỗi / Errors" cho lỗi của cả dòng; sửa rồi tải lên lại.',
    en: 'The "Check" button checks the file without writing anything: on errors the file comes back with the bad cells in red (the message in the cell note) and an "Lỗi / Errors" column for errors of a whole row; fix them and upload again.',
  },
  word_none: { vi: 'Không có dữ liệu', en: 'None' },
  // A reference whose record the reader may not read (or that cannot be named): neither its title nor a raw id is printed.
  title_unavailable: { vi: '(không xem được)', en: '(not available)' },
  word_exported: { vi: 'Xuất ngày {date}', en: 'Exported on {date}' },
  // The printable form's signature blocks (resource/pdf.ts): whose block, and what they did.
  print_requested_by: { vi: 'Người đề nghị', en: 'Requested by' },
  print_in_words: { vi: 'Bằng chữ: {words}', en: 'In words: {words}' },
  print_opinion: { vi: 'Ý kiến: {comment}', en: 'Comment: {comment}' },
  print_waiting: { vi: 'Chưa có ý kiến', en: 'No decision yet' },
  print_sent: { vi: 'Ngày {date} — {role}: {name}', en: '{date} — {role}: {name}' },
  print_approver: { vi: 'Người duyệt cấp {n}', en: 'Approver, level {n}' },
  print_SUBMIT: { vi: 'Đã gửi', en: 'Submitted' },
  print_RESUBMIT: { vi: 'Đã gửi lại', en: 'Resubmitted' },
  print_APPROVE: { vi: 'Đã duyệt', en: 'Approved' },
  print_REFUSE: { vi: 'Từ chối', en: 'Refused' },
  print_SUBMIT_SUPERIORS: { vi: 'Đã duyệt, chuyển cấp trên', en: 'Approved, passed up' },
  export_failed: { vi: 'Có lỗi khi xuất tệp, vui lòng thử lại', en: 'There is a problem exporting the file, please try again' },
  too_many_requests: { vi: 'Quá nhiều yêu cầu, vui lòng thử lại sau', en: 'Too many requests, please try again later' },
  out_of_scope: { vi: 'Nằm ngoài phạm vi dữ liệu của bạn', en: 'Outside your data scope' },
  sum_exceeded: { vi: 'Tổng {field} không được vượt quá {max} (còn lại {left})', en: 'Total {field} cannot exceed the {max} ({left} left)' },
  parent_closed: PARENT_CLOSED,
  sum_under: { vi: 'Không được nhỏ hơn {field} đã có ({n})', en: 'Cannot be less than the {field} already recorded ({n})' },
  total_exceeded: { vi: 'Tổng {field} không được vượt quá {max} (còn lại {left})', en: 'Total {field} cannot exceed {max} ({left} left)' },
  own_record_guarded: {
    vi: 'Bạn không thể tự thay đổi {fields} trong hồ sơ của chính mình; hãy nhờ người có thẩm quyền',
    en: 'You cannot change {fields} on a record about yourself; ask someone responsible for it',
  },
  own_record_delete: {
    vi: 'Bạn không thể tự xóa hồ sơ về chính mình ({fields} quyết định quyền hoặc lương của bạn); hãy nhờ người có thẩm quyền',
    en: 'You cannot delete a record about yourself ({fields} decide your access or pay); ask someone responsible for it',
  },
  own_record_field: { vi: 'Không thể tự thay đổi trong hồ sơ của chính mình', en: 'Cannot be changed on a record about yourself' },
  admin_only: { vi: 'Chỉ quản trị hệ thống được thay đổi {fields}', en: 'Only a system administrator can change {fields}' },
  admin_only_field: { vi: 'Chỉ quản trị hệ thống được thay đổi', en: 'Only a system administrator can change this' },
  account_above_you: {
    vi: 'Tài khoản này có quyền cao hơn quyền của bạn; chỉ quản trị hệ thống được quản lý tài khoản này',
    en: 'This account has rights you do not have; only a system administrator can manage it',
  },
  approval_own_record: {
    vi: 'Bạn không thể phê duyệt hồ sơ về chính mình hoặc do mình lập, kể cả khi được ủy quyền',
    en: 'You cannot approve a record about yourself or one you created or submitted, not even as a deputy',
  },
  dev_mailbox_off: { vi: 'Hộp thư phát triển đang tắt (bật bằng DEV_MAILBOX=1)', en: 'The development mailbox is off (DEV_MAILBOX=1 turns it on)' },
  import_too_large: { vi: 'Tệp quá lớn hoặc quá phức tạp để nhập: {reason}', en: 'The file is too large or too complex to import: {reason}' },
  import_busy: { vi: 'Đang có quá nhiều tệp được nhập, vui lòng thử lại sau ít phút', en: 'Too many imports are running, please try again in a few minutes' },
  activity_context_invalid: { vi: 'Chỉ ghi nhật ký cho hồ sơ bạn được sửa', en: 'Activity can only be logged on a record you may edit' },
  domain_unavailable: {
    vi: 'Dịch vụ {domain} tạm thời không khả dụng; các phần khác của cổng vẫn hoạt động. Vui lòng thử lại sau',
    en: 'The {domain} service is temporarily unavailable; the rest of the portal keeps working. Please try again later',
  },
  service_unavailable: { vi: 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau', en: 'The service is temporarily unavailable, please try again later' },
  server_error: { vi: 'Có lỗi hệ thống, vui lòng thử lại sau', en: 'Something went wrong on our side, please try again later' },
  act_not_actor: { vi: 'Chỉ {actors} mới được {act} {record} này', en: 'Only {actors} may {act} this {record}' },
  act_move_not_actor: { vi: 'Chỉ {actors} mới được chuyển {record} này sang "{to}"', en: 'Only {actors} may move this {record} to "{to}"' },
  act_fields: { vi: 'Chỉ {actors} mới được đặt {fields} của {record} này', en: 'Only {actors} may set {fields} on this {record}' },
  act_field: { vi: 'Chỉ {actors} mới được đặt', en: 'Only {actors} may set this' },
  act_status: { vi: 'Không thể {act} {record} đang ở trạng thái "{status}"', en: 'This {record} is "{status}": it can no longer be {done}' },
  // The spec's own wording (§8: "Delete failed because a leave or meeting booking start time has passed").
  act_started: { vi: 'Không thể {act} vì thời gian bắt đầu {record} đã qua', en: '{noun} failed because the {record} start time has passed' },
  act_not_started: { vi: 'Chưa thể {act} {record} khi chưa bắt đầu', en: 'This {record} has not started: it cannot be {done} yet' },
  act_not_approved: { vi: 'Phải duyệt {record} này trước khi chuyển sang "{to}"', en: 'This {record} must be approved before it goes to "{to}"' },
  status_move_invalid: { vi: 'Không thể chuyển {record} từ "{from}" sang "{to}"', en: 'This {record} cannot go from "{from}" to "{to}"' },
  status_unknown: { vi: 'Trạng thái không tồn tại hoặc đã ngừng sử dụng', en: 'The status does not exist or is no longer used' },
  inactive_record: { vi: 'Bản ghi đã ngừng hoạt động', en: 'The record is inactive' },
  parent_cycle: { vi: 'Không thể chọn chính nó hoặc cấp dưới làm cấp trên', en: 'A record cannot be its own parent or descendant' },
  password_weak: {
    vi: 'Mật khẩu mới cần ít nhất 8 ký tự, gồm chữ hoa, chữ thường, chữ số và ký tự đặc biệt',
    en: 'The new password needs at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character',
  },
  password_mismatch: { vi: 'Mật khẩu xác nhận không khớp', en: 'The confirmation does not match the new password' },
  password_reused: { vi: 'Mật khẩu mới phải khác các mật khẩu đã dùng trước đây', en: 'The new password must differ from earlier ones' },
  password_wrong: { vi: 'Mật khẩu hiện tại không đúng', en: 'The current password is incorrect' },
  sign_in_failed: { vi: 'Email/tên đăng nhập hoặc mật khẩu không đúng', en: 'The email/username or password is incorrect' },
  account_locked: {
    vi: 'Tài khoản bị tạm khóa do đăng nhập sai {n} lần. Vui lòng thử lại sau {minutes} phút hoặc liên hệ quản trị viên',
    en: 'The account is locked after {n} failed sign-ins. Try again in {minutes} minutes or contact the administrator',
  },
  account_inactive: { vi: 'Tài khoản đã ngừng hoạt động', en: 'The account is inactive' },
  session_expired: { vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại', en: 'Your session has expired, please sign in again' },
  refresh_reused: { vi: 'Phát hiện phiên đăng nhập bị dùng lại; vui lòng đăng nhập lại', en: 'This sign-in was reused elsewhere; please sign in again' },
  reset_token_invalid: { vi: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn', en: 'The password reset link is invalid or has expired' },
  reset_sent: {
    vi: 'Nếu email có trong hệ thống, một liên kết đặt lại mật khẩu đã được gửi',
    en: 'If the email is registered, a password reset link has been sent',
  },
  oidc_disabled: { vi: 'Đăng nhập bằng Google chưa được cấu hình', en: 'Google sign-in is not configured' },
  oidc_failed: { vi: 'Đăng nhập bằng Google không thành công', en: 'Google sign-in failed' },
  oidc_no_account: {
    vi: 'Không có tài khoản nào gắn với email này. Vui lòng liên hệ quản trị viên',
    en: 'No account uses this email. Please contact the administrator',
  },
  encoding_disabled: { vi: 'Mã hóa dữ liệu đang tắt', en: 'Payload encoding is switched off' },
  oidc_unavailable: {
    vi: 'Không kết nối được máy chủ đăng nhập Google, vui lòng thử lại sau',
    en: 'The Google sign-in server cannot be reached, please try again later',
  },
  oidc_state_invalid: {
    vi: 'Phiên đăng nhập Google không hợp lệ hoặc đã hết hạn, vui lòng đăng nhập lại',
    en: 'The Google sign-in attempt is invalid or has expired, please start again',
  },
  oidc_code_invalid: {
    vi: 'Mã đăng nhập Google không hợp lệ, đã được dùng hoặc đã hết hạn',
    en: 'The Google sign-in code is invalid, already used or expired',
  },
  oidc_email_unverified: { vi: 'Email của tài khoản Google chưa được xác minh', en: 'The Google account email is not verified' },
  encoding_invalid: { vi: 'Dữ liệu mã hóa không hợp lệ hoặc đã bị thay đổi', en: 'The encoded data is invalid or has been altered' },
  encoding_key_invalid: {
    vi: 'Khóa mã hóa không thuộc phiên đăng nhập này, vui lòng bắt tay (handshake) lại',
    en: 'The encoding key does not belong to this session, please repeat the handshake',
  },
  encoding_key_expired: { vi: 'Khóa mã hóa đã hết hạn, vui lòng bắt tay (handshake) lại', en: 'The encoding key has expired, please repeat the handshake' },
  encoding_path_invalid: { vi: 'Đường dẫn trong dữ liệu mã hóa không hợp lệ', en: 'The path inside the encoded data is invalid' },
  delete_success: { vi: 'Xóa thành công', en: 'Delete successfully' },
  file_public_limited: {
    vi: 'Tệp của bản ghi có thể giới hạn người xem không được để công khai',
    en: 'Files of a record whose visibility can be limited cannot be public',
  },
  file_required: { vi: 'Vui lòng chọn tệp (trường "file")', en: 'Please choose a file (field "file")' },
  file_empty: { vi: 'Tệp rỗng, không có gì để tải lên', en: 'The file is empty' },
  file_too_large: { vi: 'Tệp vượt quá dung lượng cho phép. Dung lượng tải lên tối đa {max} MB', en: 'File size exceeded. Maximum upload size {max} MB' },
  file_wrong_type: {
    vi: 'Định dạng tệp không được hỗ trợ. Chỉ chấp nhận Word, Excel, PowerPoint, Access, JSON, zip, pdf, gzip, rar, văn bản thuần, ảnh JPG/GIF/PNG và mp4',
    en: 'This file type is not supported. Allowed: Word, Excel, PowerPoint, Access, JSON, zip, pdf, gzip, rar, plain text, JPG/GIF/PNG images and mp4',
  },
  image_rule: {
    vi: 'Ảnh chỉ chấp nhận định dạng JPG, GIF hoặc PNG, dung lượng tối đa {max} MB',
    en: 'Images allowed: JPG, GIF or PNG with a maximum size of {max} MB',
  },
  files_too_many: { vi: 'Tối đa {n} tệp mỗi lần tải lên', en: 'At most {n} files per upload' },
  multipart_required: { vi: 'Tệp phải được gửi dạng multipart/form-data', en: 'Files must be sent as multipart/form-data' },
  file_context_invalid: { vi: 'Ngữ cảnh không hợp lệ (ví dụ: staff:<id>)', en: 'Invalid context (for example staff:<id>)' },
  file_record_locked: {
    vi: 'Bạn không được thay đổi hồ sơ này nên không thể đính kèm hay xóa tệp của hồ sơ',
    en: 'You may not change this record, so you cannot attach files to it or delete its files',
  },
  bulk_refused: { vi: 'Có {n} lỗi, chưa có thay đổi nào được lưu', en: 'There {n|is # error|are # errors}; nothing was changed' },
  bulk_invalid: { vi: 'Có {n} lỗi, chưa có dòng nào được tạo', en: 'There {n|is # error|are # errors}; nothing was created' },
} as const satisfies Record<string, Record<Lang, string>>;

/**
 * The messages of a domain, in its own file (`services/<domain>/src/messages.ts`, made with `defineMessages`), so that
 * adding a domain's message never edits this one. The domain declares their keys here by module augmentation:
 * `declare module '@portal/service-kit' { interface DomainMessages extends HrMessages {} }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, so that each domain can augment it with its keys.
export interface DomainMessages {}

type Catalogue = Record<string, Record<Lang, string>>;
const domainMessages: Catalogue = {};

/** Adds a domain's messages to the catalogue (a key the kit or another domain already has is an error). */
export function defineMessages<const M extends Catalogue>(m: M): M {
  for (const k of Object.keys(m)) {
    if (Object.hasOwn(messages, k) || (Object.hasOwn(domainMessages, k) && domainMessages[k] !== m[k])) {
      throw new Error(`message ${k} is defined twice`);
    }
  }
  Object.assign(domainMessages, m);
  return m;
}

export type MessageKey = keyof typeof messages | keyof DomainMessages;

export type MessageParams = Record<string, string | number | { vi: string; en: string }>;

export function t(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const entry = (messages as Catalogue)[key] ?? domainMessages[key];
  if (!entry) return key;
  const text: string = entry[lang] ?? entry.vi;
  // `{n}` is the value; `{n|one|other}` the English singular or plural form, `#` standing for the number.
  return text.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (whole, k: string, one?: string, other?: string) => {
    const v = params[k];
    if (v === undefined) return whole;
    if (one !== undefined && other !== undefined) return (Number(v) === 1 ? one : other).replace('#', String(v));
    return typeof v === 'object' ? v[lang] : String(v);
  });
}

export function isMessageKey(k: string): k is MessageKey {
  return Object.hasOwn(messages, k) || Object.hasOwn(domainMessages, k);
}

/** Language of a request: Accept-Language, Vietnamese by default (ARCHITECTURE §3). */
export function langOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'vi';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'vi';
}
