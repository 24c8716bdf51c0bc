import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { Action, Feature } from '@portal/contracts/src/frame';
import { useSession } from '../api/session';

export type PortalAbility = MongoAbility<[Action | 'manage', Feature | 'all']>;

const AbilityContext = createContext<PortalAbility>(createMongoAbility([]));

/** The signed-in user's ability (spec §6: the stored ability list drives the interface). */
export function AbilityProvider({ children }: { children: ReactNode }) {
  const rules = useSession((s) => s.ability);
  const ability = useMemo(() => createMongoAbility(rules as never) as PortalAbility, [rules]);
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}

export function useAbility(): PortalAbility {
  return useContext(AbilityContext);
}

export function useCan(action: Action, subject: Feature): boolean {
  return useAbility().can(action, subject);
}

/** Renders its children only when the user may do the action on the feature. */
export function Can({ I, a, children, otherwise = null }: { I: Action; a: Feature; children: ReactNode; otherwise?: ReactNode }) {
  return <>{useCan(I, a) ? children : otherwise}</>;
}
