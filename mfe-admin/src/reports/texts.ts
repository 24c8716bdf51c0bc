import { defineTexts } from '@portal/ui-kit';

/** The administration reports page's own texts (each report's title, figures and columns are its declaration's: contracts admin/reports.ts). */
export const useReportTexts = defineTexts({
  title: { vi: 'Báo cáo hành chính', en: 'Administration reports' },
  period: { vi: 'Kỳ báo cáo', en: 'Period' },
  year: { vi: 'Năm', en: 'Year' },
});
