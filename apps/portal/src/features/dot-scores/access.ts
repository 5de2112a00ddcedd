// Route guard of /scores and /scores/dot-quality: the dot-scores plugin on for the company (checked
// first, as the server does), then the ability to view Scores (every role by default). The server
// refuses these calls anyway (403); the guard only spares the user a page that cannot work.
import type { QueryClient } from '@tanstack/react-query';
import { abilityFor } from '../../lib/ability.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { userContextQuery } from '../../lib/current-user.ts';
import { assertPluginsEnabled } from '../../lib/plugins.ts';

export async function assertMayViewScores(queryClient: QueryClient): Promise<void> {
  await assertPluginsEnabled(queryClient, 'dot-scores');
  const { user } = await queryClient.ensureQueryData(userContextQuery);
  if (!abilityFor(user).can('view', 'Scores')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to see DOT scores.' });
  }
}
