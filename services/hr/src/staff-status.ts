import type { ResourceHooks, ServiceKit } from '@portal/service-kit';

export const staffRecordHooks = (_kit: () => ServiceKit): Record<string, ResourceHooks> => ({});
