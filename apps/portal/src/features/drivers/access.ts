// Route guards of the driver pages. The server refuses these calls anyway (403); the guard only
// spares the user a page that cannot work, and shows the error page instead.
import type { QueryClient } from '@tanstack/react-query';
import type { AbilityAction } from '@clearlane/contract/ability';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';

export async function assertMayUseDrivers(queryClient: QueryClient, action: AbilityAction = 'view'): Promise<void> {
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can(action, 'Driver')) {
    throw new ApiError(403, {
      code: 'Forbidden',
      title: 'Not Authorized',
      detail: action === 'view' ? 'You do not have permission to see drivers.' : 'You do not have permission to add or change drivers.',
    });
  }
}
