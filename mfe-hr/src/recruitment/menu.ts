import type { MenuEntry } from '@portal/ui-kit';

/** Sidebar entries of this part of HR (plain data: the build writes them to menu.json). */
export const recruitmentMenu: MenuEntry[] = [];
