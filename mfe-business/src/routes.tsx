import { emptyModule } from '@portal/ui-kit';

/** Business: its screens come with the domain's issue; until then each entry shows the empty state. */
export default emptyModule({ vi: 'Kinh doanh', en: 'Business' }, [
  { key: 'project', label: { vi: 'Dự án kinh doanh', en: 'Business projects' }, path: '/projects', feature: 'project' },
  { key: 'feasibility', label: { vi: 'Dự án tiềm năng', en: 'Possible projects' }, path: '/feasibility', feature: 'project' },
  { key: 'contract', label: { vi: 'Hợp đồng kinh doanh', en: 'Business contracts' }, path: '/contracts', feature: 'project' },
  { key: 'contractor', label: { vi: 'Nhà thầu', en: 'Contractors' }, path: '/contractors', feature: 'subcontractor' },
]);
