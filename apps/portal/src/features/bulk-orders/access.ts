// Route guard of the bulk order page: placing orders needs `create Order` (Viewers get "Not
// Authorized") and the company's `bulk-orders` plugin. The server refuses the upload anyway (403);
// the guard spares the user a page that cannot work.
import type { QueryClient } from '@tanstack/react-query';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';

export async function assertMayPlaceBulkOrders(queryClient: QueryClient): Promise<void> {
  const { user, plugins } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('create', 'Order')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to place orders.' });
  }
  if (!plugins.includes('bulk-orders')) {
    throw new ApiError(403, { code: 'PluginNotEnabled', title: 'Not Authorized', detail: 'Bulk orders are not switched on for your company. Ask your Clearlane contact to enable them.' });
  }
}
