// Route guard of a driver's alert page: the company's monitoring plugin, then the role (view
// Monitoring). The server refuses these calls anyway (403); the guard only spares the user a page
// that cannot work, and shows the error page instead.
import type { QueryClient } from '@tanstack/react-query';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../lib/plugins.ts';

export async function assertMayViewMonitoring(queryClient: QueryClient): Promise<void> {
  await assertPluginsEnabled(queryClient, 'monitoring');
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('view', 'Monitoring')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to see driver monitoring.' });
  }
}
