/** The QR labels' and the scan page's own words (vi, en). */
export const Q = {
  printLabels: { vi: 'In nhãn QR ({n})', en: 'Print QR labels ({n})' },
  title: { vi: 'Nhãn QR tài sản', en: 'Asset QR labels' },
  count: { vi: '{n} nhãn trên {pages} tờ A4 (3 × 8 nhãn 70 × 37 mm mỗi tờ)', en: '{n} labels on {pages} A4 sheets (3 × 8 labels of 70 × 37 mm each)' },
  print: { vi: 'In', en: 'Print' },
  back: { vi: 'Về sổ tài sản', en: 'Back to the register' },
  none: {
    vi: 'Chưa chọn tài sản nào: hãy đánh dấu các tài sản trong sổ tài sản rồi bấm “In nhãn QR”.',
    en: 'No assets chosen: tick them in the register, then click “Print QR labels”.',
  },
  tooMany: {
    vi: 'Mỗi lần in tối đa {max} nhãn, bạn đã chọn {n}: hãy chọn ít hơn và in làm nhiều lần.',
    en: 'At most {max} labels at a time, and you chose {n}: choose fewer and print them in several goes.',
  },
  loading: { vi: 'Đang tải {done}/{n} tài sản…', en: 'Loading {done} of {n} assets…' },
  unreadable: {
    vi: 'Không đọc được {n} tài sản (đã xóa, hoặc ngoài phạm vi bạn được xem): không in nhãn cho chúng.',
    en: '{n} assets could not be read (deleted, or outside what you may see): they get no label.',
  },
  qrError: { vi: 'Không tải được thư viện mã QR.', en: 'The QR code library could not be loaded.' },
  retry: { vi: 'Thử lại', en: 'Retry' },
  finding: { vi: 'Đang tìm tài sản {code}…', en: 'Looking for asset {code}…' },
  notFound: { vi: 'Không tìm thấy tài sản {code}', en: 'No asset {code} found' },
  notFoundHint: {
    vi: 'Sổ tài sản không có mã này, hoặc tài sản không thuộc phạm vi bạn được xem. Hãy kiểm tra mã trên nhãn và tìm lại.',
    en: 'The register has no asset with this code, or the asset is outside what you may see. Check the code on the label and search again.',
  },
  search: { vi: 'Tìm theo mã hoặc tên tài sản', en: 'Search by asset code or name' },
  openRegister: { vi: 'Mở sổ tài sản', en: 'Open the register' },
  waiting: { vi: 'Biên bản đang chờ bạn xác nhận', en: 'Handovers waiting for your answer' },
  loadError: { vi: 'Không tìm được tài sản: {message}', en: 'The asset could not be looked up: {message}' },
} as const;

export { fill } from '../fill';
