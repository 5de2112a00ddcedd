// Route guard of the rules pages: the orders plugin on (rulesets judge MVR orders), then the right
// to read orders, which is what the server asks to read rulesets. Editing is checked on the page
// (manage Order) and, as always, by the server.
import type { QueryClient } from '@tanstack/react-query';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../lib/plugins.ts';

export async function assertMayViewRules(queryClient: QueryClient): Promise<void> {
  await assertPluginsEnabled(queryClient, 'orders');
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('view', 'Order')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to see the adjudication rules.' });
  }
}
