// GET /api/v1/health. A 503 still carries the Health document (which parts are down), so this
// fetcher reads the body of both 200 and 503 instead of going through the generic client, which
// would turn a 503 into an error (and retry it).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health } from '@clearlane/contract/public-config';
import { NetworkError, problemFrom } from '../../../lib/api-error.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const HEALTH_REFRESH_MS = 15_000;

export interface HealthReport {
  health: Health;
  httpStatus: number;
  checkedAt: number;
  /** How long the browser waited for the answer: the API's latency as the user sees it. */
  roundTripMs: number;
}

export async function getHealth(signal?: AbortSignal): Promise<HealthReport> {
  let response: Response;
  const started = performance.now();
  try {
    response = await fetch('/api/v1/health', { headers: { accept: 'application/json' }, cache: 'no-store', signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (response.status !== 200 && response.status !== 503) throw await problemFrom(response);
  const roundTripMs = Math.round((performance.now() - started) * 10) / 10;
  return { health: (await response.json()) as Health, httpStatus: response.status, checkedAt: Date.now(), roundTripMs };
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: 0,
    refetchInterval: HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

export const useHealth = () => useQuery(healthQueryOptions());
