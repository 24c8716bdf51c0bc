import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AbilityRule } from '@portal/contracts/src/frame';

export interface UserData {
  id: string;
  username: string;
  email: string;
  full_name: string;
  language: 'vi' | 'en';
  is_admin: boolean;
  staff_id: string | null;
}
export interface StaffBrief {
  id: string;
  code: string;
  full_name: string;
  department_id: string | null;
  position_id: string | null;
}

interface SessionState {
  user: UserData | null;
  staff: StaffBrief | null;
  ability: AbilityRule[];
  accessToken: string | null;
  refreshToken: string | null;
  signIn: (p: { userData: UserData & { accessToken: string; refreshToken: string }; userStaff: StaffBrief | null; ability: AbilityRule[] }) => void;
  setTokens: (t: { accessToken: string; refreshToken: string }) => void;
  setProfile: (p: { userData: UserData; userStaff: StaffBrief | null; ability: AbilityRule[] }) => void;
  clear: () => void;
}

/** The signed-in user, kept in local storage (spec §7: sign-in stores the user, accessToken and refreshToken). */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      staff: null,
      ability: [],
      accessToken: null,
      refreshToken: null,
      signIn: ({ userData, userStaff, ability }) => {
        const { accessToken, refreshToken, ...user } = userData;
        set({ user, staff: userStaff, ability, accessToken, refreshToken });
      },
      setTokens: (t) => set(t),
      setProfile: ({ userData, userStaff, ability }) => set({ user: userData, staff: userStaff, ability }),
      clear: () => set({ user: null, staff: null, ability: [], accessToken: null, refreshToken: null }),
    }),
    { name: 'portal.session' },
  ),
);
