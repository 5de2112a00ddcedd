// Ability checks gate the interface (SPEC.md §6). The rules come from the server with /users/me;
// the portal only hides what the server would refuse anyway.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { buildAbility, type AbilityAction, type AbilitySubject, type AppAbility } from '@clearlane/contract/ability';
import type { CurrentUser } from '@clearlane/contract/users';

export function abilityFor(user: Pick<CurrentUser, 'roles' | 'companyId'> | null): AppAbility {
  if (!user) return buildAbility([], '');
  return buildAbility(user.roles.flatMap((role) => role.permissions), user.companyId);
}

export const AbilityContext = createContext<AppAbility>(buildAbility([], ''));

/** Provides the signed-in user's ability to <Can> and useAbility below it. */
export function AbilityProvider({ user, children }: { user: Pick<CurrentUser, 'roles' | 'companyId'> | null; children: ReactNode }) {
  const ability = useMemo(() => abilityFor(user), [user]);
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}

export function useAbility(): AppAbility {
  return useContext(AbilityContext);
}

export interface CanProps {
  I: AbilityAction;
  a: AbilitySubject | { __type: AbilitySubject; companyId?: string };
  /** Shows the children only when the check fails. */
  not?: boolean;
  children: ReactNode;
}

/** A guarded element: rendered only if allowed (or only if not allowed, with `not`). */
export function Can({ I, a, not = false, children }: CanProps) {
  const allowed = useAbility().can(I, a);
  return allowed !== not ? <>{children}</> : null;
}
