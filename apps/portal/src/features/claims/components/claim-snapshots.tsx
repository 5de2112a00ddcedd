// The claim's published snapshots, newest first, each a link to the snapshot as it was.
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useClaimSnapshots } from '../../../lib/entities/claims/get-claim-snapshots.ts';
import { formatDateTime } from './format.ts';

const changesText = (number: number, count: number) => (number === 1 ? 'First publication' : count === 0 ? 'No changes' : `${count} change${count === 1 ? '' : 's'}`);

export function ClaimSnapshots({ claimId }: { claimId: string }) {
  const snapshots = useClaimSnapshots(claimId);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="claim-snapshots-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="claim-snapshots-heading">
          Snapshots
        </Title>
        {snapshots.isPending ? (
          <Skeleton h={48} aria-label="Loading the snapshots" />
        ) : snapshots.error ? (
          <Text fz="sm" c="red.9" role="alert">
            The snapshots could not be loaded: {snapshots.error.message}
          </Text>
        ) : snapshots.data.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Not published yet. Each publication leaves a numbered snapshot that never changes.
          </Text>
        ) : (
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Snapshots, newest first">
            {[...snapshots.data]
              .sort((a, b) => b.number - a.number)
              .map((snapshot) => (
                <li key={snapshot.id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor renderRoot={(props) => <Link {...props} to="/claims/$claimId/snapshots/$snapshotId" params={{ claimId, snapshotId: snapshot.id }} />} fz="sm" fw={600}>
                        Snapshot {snapshot.number}
                        {snapshot.kind === 'Update' ? ' (update)' : ''}
                      </Anchor>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(snapshot.publishedAt)} · {snapshot.publishedByName}
                      </Text>
                    </Stack>
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {changesText(snapshot.number, snapshot.changeCount)}
                    </Text>
                  </Group>
                </li>
              ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
