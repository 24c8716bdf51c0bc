import type { MenuEntry } from '@portal/ui-kit';

/** The Project implementation sidebar entries (paths relative to the module's base path). */
export const menu: MenuEntry[] = [
  { key: 'projects', label: { vi: 'Dự án triển khai', en: 'Implementation projects' }, path: '/projects', feature: 'category', icon: 'project' },
  { key: 'payments', label: { vi: 'Thanh toán', en: 'Payments' }, path: '/payments', feature: 'payment', icon: 'dollar' },
  { key: 'price', label: { vi: 'Duyệt giá', en: 'Price approval' }, path: '/price-approval', feature: 'price_approval', icon: 'audit' },
  { key: 'budget', label: { vi: 'Ngân sách thầu phụ', en: 'Subcontractor budgets' }, path: '/subcontractor-budgets', feature: 'subcontractor', icon: 'file' },
];
