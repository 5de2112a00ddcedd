// /claims/$claimId: one claim (being built: form data, orders, timeline and snapshots follow).
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useClaim } from '../../../lib/entities/claims/get-claim.ts';
import { ClaimStatusBadge } from './claim-badges.tsx';

const routeApi = getRouteApi('/_authenticated/claims/$id');

export function ClaimPage() {
  const { id: claimId = '' } = routeApi.useParams();
  const { data: claim } = useClaim(claimId);
  useDocumentTitle(`${claim.title} · Claims · Clearlane`);
  return (
    <Stack gap="lg">
      <Title order={1}>{claim.title}</Title>
      <ClaimStatusBadge status={claim.status} />
    </Stack>
  );
}
