// Route guards of the business pages: the company's businesses plugin, then the role. The server refuses these calls anyway (403); the guard only
// spares the user a page that cannot work, and shows the error page instead.
import type { QueryClient } from '@tanstack/react-query';
import type { AbilityAction } from '@clearlane/contract/ability';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../lib/plugins.ts';

export async function assertMayUseBusinesses(queryClient: QueryClient, action: AbilityAction = 'view'): Promise<void> {
  await assertPluginsEnabled(queryClient, 'businesses');
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can(action, 'Business')) {
    throw new ApiError(403, {
      code: 'Forbidden',
      title: 'Not Authorized',
      detail: action === 'view' ? 'You do not have permission to see businesses.' : 'You do not have permission to add businesses.',
    });
  }
}
