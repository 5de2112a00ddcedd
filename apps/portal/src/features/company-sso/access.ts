// Route guard of /company/sso: Company Admins only (they may manage everything of their company).
// The server refuses others anyway (403); the guard spares them a page that cannot work.
import type { QueryClient } from '@tanstack/react-query';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';

export async function assertMayManageSso(queryClient: QueryClient): Promise<void> {
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('manage', 'all')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'Only Company Admins can set up single sign-on.' });
  }
}
