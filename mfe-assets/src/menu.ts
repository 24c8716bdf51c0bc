import type { MenuEntry } from '@portal/ui-kit';

/** The Assets sidebar entries (paths relative to the module's base path). */
export const menu: MenuEntry[] = [
  { key: 'asset', label: { vi: 'Danh sách tài sản', en: 'Assets' }, path: '/assets', feature: 'asset', icon: 'bank' },
  { key: 'handover', label: { vi: 'Bàn giao tài sản', en: 'Handovers' }, path: '/handovers', feature: 'asset', icon: 'solution' },
  { key: 'repair', label: { vi: 'Sửa chữa', en: 'Repairs' }, path: '/repairs', feature: 'asset', icon: 'tool' },
  { key: 'report', label: { vi: 'Báo cáo tài sản', en: 'Asset reports' }, path: '/reports', feature: 'asset', icon: 'audit' },
];
