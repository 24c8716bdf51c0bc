/** The HR remote's texts (namespace `hr`), Vietnamese and English. */
export const hrTexts = {
  ns: 'hr',
  vi: {
    orgChart: 'Sơ đồ tổ chức',
    tabSalary: 'Hợp đồng & bảng lương', tabExperience: 'Kinh nghiệm & bằng cấp', tabRecognition: 'Khen thưởng, kỷ luật',
    tabFamily: 'Quan hệ gia đình', tabTransfer: 'Lịch sử điều chuyển', tabLeave: 'Nghỉ phép',
    changeStatus: 'Đổi tình trạng',
    changeStatusHint: 'Nghỉ việc: ngày hiệu lực là ngày nghỉ việc. Điều chuyển: chọn đơn vị, phòng ban hoặc chức vụ mới (bỏ trống nếu chuyển sang công ty khác). Thay đổi đã lập không sửa được tình trạng và ngày.',
    balanceTitle: 'Phép năm', balanceOn: 'Số dư phép ngày {{date}}', available: 'Còn lại', accrued: 'Đã tích lũy', entitlement: 'Cả năm',
    seniority: 'Thâm niên', carried: 'Năm trước chuyển sang', lapsed: 'Hết hạn', adjustment: 'Điều chỉnh', taken: 'Đã nghỉ', pending: 'Chờ duyệt',
    schedule: 'Lịch tích lũy năm {{year}}', month: 'Tháng {{m}}', daysUnit: 'ngày', afterThis: 'Sau đơn này còn {{n}} ngày', notEnough: 'Không đủ ngày phép cho đơn này',
    settingsTitle: 'Cài đặt nghỉ phép', saved: 'Đã lưu cài đặt', settingsHint: 'Thâm niên: xem "Tăng phép theo thâm niên". Phép chuyển sang và điều chỉnh từng người: "Ngày phép của nhân viên".',
  },
  en: {
    orgChart: 'Organization chart',
    tabSalary: 'Contracts & salary table', tabExperience: 'Experience & education', tabRecognition: 'Reward and discipline',
    tabFamily: 'Family relationship', tabTransfer: 'Transfer history', tabLeave: 'Leave',
    changeStatus: 'Change status',
    changeStatusHint: 'Quit: the effective date is the severance day. Transfer: choose the new unit, department or position (leave them empty for a move to another company). A filed change keeps its status and date.',
    balanceTitle: 'Annual leave', balanceOn: 'Balance on {{date}}', available: 'Available', accrued: 'Earned', entitlement: 'Whole year',
    seniority: 'Seniority', carried: 'Carried over', lapsed: 'Lapsed', adjustment: 'Adjustment', taken: 'Taken', pending: 'Pending',
    schedule: 'Accrual in {{year}}', month: 'Month {{m}}', daysUnit: 'days', afterThis: '{{n}} days left after this request', notEnough: 'Not enough leave for this request',
    settingsTitle: 'Leave settings', saved: 'Settings saved', settingsHint: 'Seniority: see "Annual leave increase". Carried-over days and adjustments per person: "Staff leave days".',
  },
};
