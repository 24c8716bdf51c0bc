import type { MenuEntry } from '@portal/ui-kit';

/** The Business sidebar entries (paths relative to the module's base path). */
export const menu: MenuEntry[] = [
  { key: 'project', label: { vi: 'Dự án kinh doanh', en: 'Business projects' }, path: '/projects', feature: 'project', icon: 'project' },
  { key: 'feasibility', label: { vi: 'Dự án tiềm năng', en: 'Possible projects' }, path: '/feasibility', feature: 'project', icon: 'project' },
  { key: 'contract', label: { vi: 'Hợp đồng kinh doanh', en: 'Business contracts' }, path: '/contracts', feature: 'project', icon: 'project' },
  { key: 'contractor', label: { vi: 'Nhà thầu', en: 'Contractors' }, path: '/contractors', feature: 'subcontractor', icon: 'team' },
];
