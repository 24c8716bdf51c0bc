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
});

type ImplementationMessages = typeof implementationMessages;
declare module '@portal/service-kit' {
  interface DomainMessages extends ImplementationMessages {}
}
