import { defineTexts } from '@portal/ui-kit';

/** The business reports page's own texts (each report's title, figures and columns are its declaration's: contracts business/reports.ts). */
export const useReportTexts = defineTexts({
  title: { vi: 'Báo cáo kinh doanh', en: 'Business reports' },
  year: { vi: 'Năm', en: 'Year' },
});
