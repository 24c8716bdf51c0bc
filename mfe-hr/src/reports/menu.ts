import type { MenuEntry } from '@portal/ui-kit';

/** Sidebar entries of this part of HR (plain data: the build writes them to menu.json). */
export const reportMenu: MenuEntry[] = [
  { key: 'reports', label: { vi: 'Báo cáo nhân sự', en: 'HR reports' }, path: '/reports', feature: 'report', icon: 'chart' },
];
