// GET /api/v1/claims/{id}/snapshots: the claim's published snapshots, numbered from 1;
// GET /api/v1/claims/{id}/snapshots/{snapshotId}: one as it was published (immutable, so cached for
// good), and the same path with Accept: application/pdf its PDF.
import { queryOptions, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ClaimSnapshot, ClaimSnapshotSummary } from '@clearlane/contract/claims';
import { saveFile, type DownloadedFile } from '../../download.ts';
import { api, requestFile } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

const snapshotsPath = (claimId: string) => `/api/v1/claims/${encodeURIComponent(claimId)}/snapshots`;
const snapshotPath = (claimId: string, snapshotId: string) => `${snapshotsPath(claimId)}/${encodeURIComponent(snapshotId)}`;

export const getClaimSnapshots = (claimId: string, signal?: AbortSignal) => api.get<ClaimSnapshotSummary[]>(snapshotsPath(claimId), { signal });

export const getClaimSnapshot = (claimId: string, snapshotId: string, signal?: AbortSignal) => api.get<ClaimSnapshot>(snapshotPath(claimId, snapshotId), { signal });

export const claimSnapshotsQueryOptions = (claimId: string) =>
  queryOptions({ queryKey: queryKeys.claims.snapshots(claimId), queryFn: ({ signal }) => getClaimSnapshots(claimId, signal) });

export const useClaimSnapshots = (claimId: string) => useQuery(claimSnapshotsQueryOptions(claimId));

export const claimSnapshotQueryOptions = (claimId: string, snapshotId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.snapshot(claimId, snapshotId),
    queryFn: ({ signal }) => getClaimSnapshot(claimId, snapshotId, signal),
    // A snapshot never changes.
    staleTime: Infinity,
  });

/** The snapshot page's snapshot (its route loader has fetched it). */
export const useClaimSnapshot = (claimId: string, snapshotId: string) => useSuspenseQuery(claimSnapshotQueryOptions(claimId, snapshotId));

export function fetchClaimSnapshotPdf(claimId: string, snapshot: Pick<ClaimSnapshotSummary, 'id' | 'number'>): Promise<DownloadedFile> {
  return requestFile(snapshotPath(claimId, snapshot.id), { accept: 'application/pdf', fallbackFileName: `claim-${claimId}-snapshot-${snapshot.number}.pdf` });
}

/** Downloads a snapshot's PDF and saves it. */
export const useClaimSnapshotPdfDownload = (claimId: string, snapshot: Pick<ClaimSnapshotSummary, 'id' | 'number'>) =>
  useMutation({
    mutationKey: mutationKeys.claims.downloadSnapshot(snapshot.id),
    mutationFn: async () => {
      const file = await fetchClaimSnapshotPdf(claimId, snapshot);
      saveFile(file);
      return file;
    },
  });
