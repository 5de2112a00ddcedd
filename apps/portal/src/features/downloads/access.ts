// Route guard of /downloads: the downloads plugin on for the company (checked first, as the server
// does), then the ability to view reports (a bundle is made of them), which the server's list asks. The server refuses these
// calls anyway (403); the guard only spares the user a page that cannot work.
import type { QueryClient } from '@tanstack/react-query';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../lib/plugins.ts';

export async function assertMayViewDownloads(queryClient: QueryClient): Promise<void> {
  await assertPluginsEnabled(queryClient, 'downloads');
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('view', 'Reports')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to see downloads of reports.' });
  }
}
