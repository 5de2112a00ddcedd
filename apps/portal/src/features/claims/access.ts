// Route guards of the claim pages: the company's claims plugin (checked first, as the server does),
// then the role (view Claim for every page; create Claim to file or edit one). The server refuses
// these calls anyway (403); the guard only spares the user a page that cannot work.
import type { QueryClient } from '@tanstack/react-query';
import type { AbilityAction } from '@clearlane/contract/ability';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../lib/plugins.ts';

export async function assertMayUseClaims(queryClient: QueryClient, action: AbilityAction = 'view'): Promise<void> {
  await assertPluginsEnabled(queryClient, 'claims');
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can(action, 'Claim')) {
    throw new ApiError(403, {
      code: 'Forbidden',
      title: 'Not Authorized',
      detail: action === 'view' ? 'You do not have permission to see claims.' : 'You do not have permission to file or change claims.',
    });
  }
}
