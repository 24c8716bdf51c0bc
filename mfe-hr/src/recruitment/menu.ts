import { candidate, recruitment } from '@portal/contracts';
import type { MenuEntry } from '@portal/ui-kit';

/** Sidebar entries of this part of HR (plain data: the build writes them to menu.json). */
export const recruitmentMenu: MenuEntry[] = [
  { key: 'recruitment', label: recruitment.label, path: '/recruitment', feature: 'recruitment', icon: 'solution' },
  { key: 'candidate', label: candidate.label, path: '/candidate', feature: 'recruitment', icon: 'contacts' },
  { key: 'candidate-old', label: { vi: 'Ứng viên cũ', en: 'Old candidates' }, path: '/candidate/old', feature: 'recruitment', icon: 'usergroup' },
];
