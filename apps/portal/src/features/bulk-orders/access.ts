// Route guard of the bulk order page: placing orders needs the company's `orders` and `bulk-orders`
// plugins and `create Order` (Viewers get "Not Authorized"). The server refuses the upload anyway (403);
// the guard spares the user a page that cannot work.
import type { QueryClient } from '@tanstack/react-query';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../lib/plugins.ts';

export async function assertMayPlaceBulkOrders(queryClient: QueryClient): Promise<void> {
  // The plugins first, as the server checks them: a company without the feature is told so, whatever the role.
  await assertPluginsEnabled(queryClient, 'orders', 'bulk-orders');
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('create', 'Order')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to place orders.' });
  }
}
