/**
 * Texts of the HR reports page (namespace `hrReports`, added when the page opens; the menu entry's label is data in
 * menu.ts). Each report's title, figures and columns are its declaration's (contracts hr/reports.ts).
 */
export const REPORTS_NS = 'hrReports';

export const reportTexts = {
  vi: {
    title: 'Báo cáo nhân sự',
    organization: 'Đơn vị / phòng ban',
    allOrganizations: 'Toàn công ty',
    refresh: 'Tải lại',
    headCountOn: 'Ngày',
    year: 'Năm',
    request: 'Yêu cầu tuyển dụng',
    allRequests: 'Mọi yêu cầu trong năm',
  },
  en: {
    title: 'HR reports',
    organization: 'Unit / department',
    allOrganizations: 'Whole company',
    refresh: 'Reload',
    headCountOn: 'On',
    year: 'Year',
    request: 'Recruitment request',
    allRequests: 'Every request of the year',
  },
};
