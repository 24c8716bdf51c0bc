/**
 * The implementation service's own messages (vi/en): its rules on projects and work packages. The kit's catalogue
 * (service-kit i18n.ts) holds only what every service shares.
 */
import { defineMessages } from '@portal/service-kit';

export const implementationMessages = defineMessages({
  implementation_project_fixed: {
    vi: 'Dự án triển khai luôn gắn với dự án đã có: không chuyển sang dự án khác được',
    en: 'An implementation project stays with its project: it cannot move to another',
  },
});

type ImplementationMessages = typeof implementationMessages;
declare module '@portal/service-kit' {
  interface DomainMessages extends ImplementationMessages {}
}
