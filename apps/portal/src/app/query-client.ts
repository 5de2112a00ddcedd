import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // The HTTP client already retries per SPEC.md §7; a 4xx is an answer, not a glitch.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      refetchOnWindowFocus: true,
    },
  },
});
