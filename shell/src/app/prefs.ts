import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Theme (dark by default, spec §9) and the collapsed menu, kept in local storage. */
interface Prefs {
  theme: 'dark' | 'light';
  menuCollapsed: boolean;
  setTheme: (t: 'dark' | 'light') => void;
  toggleMenu: () => void;
}

export const usePrefs = create<Prefs>()(
  persist(
    (set) => ({
      theme: 'dark',
      menuCollapsed: false,
      setTheme: (theme) => set({ theme }),
      toggleMenu: () => set((s) => ({ menuCollapsed: !s.menuCollapsed })),
    }),
    { name: 'portal.prefs' },
  ),
);
