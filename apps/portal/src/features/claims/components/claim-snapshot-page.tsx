// /claims/$claimId/snapshots/$snapshotId: one published snapshot (being built).
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useClaimSnapshot } from '../../../lib/entities/claims/get-claim-snapshots.ts';

const routeApi = getRouteApi('/_authenticated/claims/$claimId/snapshots/$snapshotId');

export function ClaimSnapshotPage() {
  const { claimId = '', snapshotId = '' } = routeApi.useParams();
  const { data: snapshot } = useClaimSnapshot(claimId, snapshotId);
  useDocumentTitle(`Snapshot ${snapshot.number} · Claims · Clearlane`);
  return (
    <Stack gap="lg">
      <Title order={1}>Snapshot {snapshot.number}</Title>
    </Stack>
  );
}
