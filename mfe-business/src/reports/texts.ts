import { defineTexts } from '@portal/ui-kit';

/** The business reports page's own texts (each report's title, figures and columns are its declaration's: contracts business/reports.ts). */
export const useReportTexts = defineTexts({
  title: { vi: 'Báo cáo kinh doanh', en: 'Business reports' },
  contractorTitle: { vi: 'Báo cáo nhà thầu - đối tác', en: 'Contractor report' },
  year: { vi: 'Năm', en: 'Year' },
  saleCode: { vi: 'Mã kinh doanh (tất cả)', en: 'Sales code (all)' },
  item: { vi: 'Chỉ tiêu', en: 'Item' },
});
