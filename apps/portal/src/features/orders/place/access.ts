// Route guard of the order forms. The server refuses a Viewer's order anyway (403); the guard only
// spares the user a form that cannot work, and shows the shell's "Not Authorized" page instead.
import type { QueryClient } from '@tanstack/react-query';
import type { PluginName } from '@clearlane/contract/company';
import { abilityFor } from '../../../lib/ability.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { userContextQuery } from '../../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../../lib/plugins.ts';

/** `plugins`: what the order type needs besides orders (a business risk report needs businesses). */
export async function assertMayPlaceOrders(queryClient: QueryClient, ...plugins: PluginName[]): Promise<void> {
  await assertPluginsEnabled(queryClient, 'orders', ...plugins);
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('create', 'Order')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to place orders.' });
  }
}
