import { defineTexts } from '@portal/ui-kit';

/** The asset reports page's own texts (each report's title, figures and columns are its declaration's: contracts assets/reports.ts). */
export const useReportTexts = defineTexts({
  title: { vi: 'Báo cáo tài sản', en: 'Asset reports' },
  period: { vi: 'Kỳ báo cáo', en: 'Period' },
  year: { vi: 'Năm', en: 'Year' },
});
