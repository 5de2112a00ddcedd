import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { PLUGIN_NOT_ENABLED } from '@clearlane/contract/plugins';
import { ApiError } from '../lib/api-error.ts';
import { userContextQueryKey } from '../lib/current-user.ts';

/**
 * The server refused a call because a feature was switched off for the company since the plugin
 * list was read: read the list again, so the navigation and the actions of that feature go too.
 */
function refreshPluginsOnRefusal(error: unknown) {
  if (error instanceof ApiError && error.code === PLUGIN_NOT_ENABLED) void queryClient.invalidateQueries({ queryKey: userContextQueryKey });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: refreshPluginsOnRefusal }),
  mutationCache: new MutationCache({ onError: refreshPluginsOnRefusal }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // The HTTP client already retries per SPEC.md §7; a 4xx is an answer, not a glitch.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      refetchOnWindowFocus: true,
    },
  },
});
