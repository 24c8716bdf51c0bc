/**
 * The implementation service's own messages (vi/en): its rules on projects, work packages and payments. The kit's catalogue
 * (service-kit i18n.ts) holds only what every service shares.
 */
import { defineMessages } from '@portal/service-kit';

export const implementationMessages = defineMessages({
  implementation_project_fixed: {
    vi: 'Dự án triển khai luôn gắn với dự án đã có: không chuyển sang dự án khác được',
    en: 'An implementation project stays with its project: it cannot move to another',
  },
  settle_not_advance: {
    vi: 'Chỉ khoản tạm ứng mới được hoàn ứng',
    en: 'Only an advance is settled',
  },
  supply_not_approved: {
    vi: 'Yêu cầu vật tư chỉ được đặt hàng khi đã được phê duyệt',
    en: 'A supply request is ordered only once it is approved',
  },
  supply_in_approval: {
    vi: 'Yêu cầu vật tư đang chờ phê duyệt: hãy rút lại trước khi hủy',
    en: 'The supply request is awaiting approval: withdraw it before giving it up',
  },
  settle_unpaid: {
    vi: 'Khoản tạm ứng chỉ được hoàn ứng khi đã được duyệt và đã chi đủ',
    en: 'An advance is settled only once it is approved and paid in full',
  },
  review_not_awarded: {
    vi: 'Chỉ gửi duyệt đánh giá chi phí sau khi đã chọn thầu',
    en: 'A cost review goes for approval only once it is awarded',
  },
  review_nothing_to_compare: {
    vi: 'Cần ít nhất một hạng mục và một báo giá trước khi so sánh',
    en: 'Add at least one item and one quotation before comparing',
  },
  review_in_approval: {
    vi: 'Đánh giá chi phí đang trình duyệt hoặc đã được duyệt: hãy rút lại trước',
    en: 'The cost review is in approval or approved: withdraw its approval first',
  },
  review_closed: {
    vi: 'Đánh giá chi phí đã đóng nhận báo giá: không thể sửa đơn giá',
    en: 'The cost review no longer takes quotations: its prices cannot change',
  },
  review_not_evaluating: {
    vi: 'Chỉ chọn thầu khi đánh giá đang ở bước so sánh',
    en: 'A cost review is awarded only while it is being compared',
  },
  review_points_closed: {
    vi: 'Chỉ chấm điểm báo giá khi đánh giá còn đang nhận báo giá hoặc so sánh',
    en: 'Quotations are scored only while the review collects or compares them',
  },
  review_points_exist: {
    vi: 'Bạn đã chấm điểm báo giá này: hãy sửa điểm đã chấm',
    en: 'You have scored this quotation already: change your points instead',
  },
  award_twice: { vi: 'Hạng mục này đã được chọn ở dòng khác', en: 'This item is awarded on another line already' },
  award_not_priced: { vi: 'Báo giá này không có đơn giá cho hạng mục', en: 'This quotation has no price for the item' },
  award_reason_dearer: {
    vi: 'Báo giá được chọn không phải giá thấp nhất: hãy nêu lý do',
    en: 'The quotation chosen is not the lowest: state the reason',
  },
  award_reason_tie: {
    vi: 'Có báo giá khác cùng giá thấp nhất: hãy nêu lý do chọn',
    en: 'Another quotation has the same lowest price: state the reason for the choice',
  },
  award_every_product: {
    vi: 'Còn {n} hạng mục chưa được chọn nhà thầu',
    en: '{n} item(s) not yet awarded',
  },
});

type ImplementationMessages = typeof implementationMessages;
declare module '@portal/service-kit' {
  interface DomainMessages extends ImplementationMessages {}
}
