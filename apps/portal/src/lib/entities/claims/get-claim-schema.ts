// The company's claim form: GET /api/v1/claims/schemas/current (what new claims are entered against)
// and GET /api/v1/claims/schemas/{version} (a claim is shown and edited with the version it was
// entered against). Versions are immutable rows, so a version is cached for good.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimSchemaVersion } from '@clearlane/contract/claims';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const getCurrentClaimSchema = (signal?: AbortSignal) => api.get<ClaimSchemaVersion>('/api/v1/claims/schemas/current', { signal });

export const getClaimSchema = (version: number, signal?: AbortSignal) => api.get<ClaimSchemaVersion>(`/api/v1/claims/schemas/${version}`, { signal });

export const currentClaimSchemaQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.claimSchemas.current, queryFn: ({ signal }) => getCurrentClaimSchema(signal), staleTime: 60_000 });

export const useCurrentClaimSchema = () => useQuery(currentClaimSchemaQueryOptions());

export const claimSchemaQueryOptions = (version: number) =>
  queryOptions({ queryKey: queryKeys.claimSchemas.version(version), queryFn: ({ signal }) => getClaimSchema(version, signal), staleTime: Infinity });

/** One version of the form; disabled until the version is known. */
export const useClaimSchema = (version: number | undefined) => useQuery({ ...claimSchemaQueryOptions(version ?? 0), enabled: version !== undefined });
