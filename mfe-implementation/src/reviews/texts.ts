import { defineTexts } from '@portal/ui-kit';

export const useReviewTexts = defineTexts({
  compare: { vi: 'So sánh và chọn thầu', en: 'Compare and award' },
  item: { vi: 'Vật tư / công việc', en: 'Item' },
  lowest: { vi: 'Thấp nhất', en: 'Lowest' },
  tie: { vi: 'Bằng giá', en: 'Tie' },
  chosen: { vi: 'Được chọn', en: 'Awarded' },
  reason: { vi: 'Lý do chọn', en: 'Reason' },
  reasonDearer: { vi: 'Không phải giá thấp nhất: cần nêu lý do', en: 'Not the lowest: state the reason' },
  reasonTie: { vi: 'Bằng giá với báo giá khác: cần nêu lý do', en: 'Tied with another quotation: state the reason' },
  award: { vi: 'Chọn thầu', en: 'Award' },
  awarded: { vi: 'Đã chọn thầu', en: 'Awarded' },
  awardedTotal: { vi: 'Giá trị chọn thầu', en: 'Awarded total' },
  closeFirst: {
    vi: 'Đang nhận báo giá. Đóng nhận báo giá ("Đóng báo giá, so sánh") để so sánh và chọn thầu.',
    en: 'Quotations are being collected. Close them ("Close quotations and compare") to compare and award.',
  },
  reopenHint: {
    vi: 'Muốn chọn lại: chuyển trạng thái về "Đang so sánh" (khi chưa trình duyệt).',
    en: 'To award again, move it back to "Comparing" (before it is sent for approval).',
  },
  none: { vi: 'Chưa có báo giá hoặc hạng mục để so sánh', en: 'No quotations or items to compare yet' },
  vat: { vi: 'VAT', en: 'VAT' },
  delivery: { vi: 'Vận chuyển', en: 'Delivery' },
  terms: { vi: 'Thanh toán', en: 'Payment' },
  days: { vi: 'ngày', en: 'days' },
  deliveryDays: { vi: 'Giao hàng', en: 'Delivers in' },
  unitPrice: { vi: 'Đơn giá', en: 'Unit price' },
  normalized: { vi: 'Quy đổi', en: 'Normalised' },
  total: { vi: 'Tổng (gồm VAT, vận chuyển)', en: 'Total (VAT, delivery included)' },
  notPriced: { vi: 'Không báo giá', en: 'Not quoted' },
  hint: {
    vi: 'Giá quy đổi = thành tiền × (1 + VAT) + phần chi phí vận chuyển chia theo giá trị. Mỗi hạng mục có thể chọn một nhà thầu khác nhau.',
    en: 'Normalised = amount × (1 + VAT) + its share of the delivery cost by value. Each item may go to a different party.',
  },
  saved: { vi: 'Đã chọn thầu', en: 'Awarded' },
});
