/** The asset screens' own words (vi, en). */
export const T = {
  depreciation: { vi: 'Khấu hao', en: 'Depreciation' },
  cost: { vi: 'Nguyên giá (gồm sửa chữa lớn)', en: 'Cost (with capitalised repairs)' },
  bookValue: { vi: 'Giá trị còn lại ngày {date}', en: 'Book value on {date}' },
  end: { vi: 'Hết khấu hao', en: 'Depreciated by' },
  notDepreciated: { vi: 'Không khấu hao', en: 'Not depreciated' },
  month: { vi: 'Tháng', en: 'Month' },
  amount: { vi: 'Khấu hao trong tháng', en: 'Depreciation' },
  added: { vi: 'Ghi tăng', en: 'Added' },
  accumulated: { vi: 'Lũy kế', en: 'Accumulated' },
  remaining: { vi: 'Giá trị còn lại', en: 'Book value' },
  liquidation: { vi: 'Thanh lý ngày {date}', en: 'Liquidated on {date}' },
  proceeds: { vi: 'Giá bán {price} / giá trị còn lại {book}', en: 'Sold for {price} / book value {book}' },
  gain: { vi: 'Lãi', en: 'Gain' },
  loss: { vi: 'Lỗ', en: 'Loss' },
  empty: { vi: 'Tài sản không khấu hao', en: 'This asset does not depreciate' },
  summaryEmail: { vi: 'Gửi tóm tắt qua email', en: 'Email a summary' },
  summaryEmailTitle: { vi: 'Gửi tóm tắt tài sản của phòng ban', en: "Email a department's asset summary" },
  send: { vi: 'Gửi', en: 'Send' },
  pickDepartment: { vi: 'Chọn phòng ban quản lý', en: 'Choose the managing department' },
  summarySent: { vi: 'Đã gửi tới {to}', en: 'Sent to {to}' },
} as const;

export { fill } from '../fill';
