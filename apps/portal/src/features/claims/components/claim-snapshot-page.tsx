// /claims/$claimId/snapshots/$snapshotId: one published snapshot as it was (immutable): who published
// it and when, its reports with outcome, deciding rules, ruleset version and the SHA-256 of each
// report, what changed since the previous snapshot, the notice as published (with its form version),
// and its PDF.
import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ClaimSnapshot, ClaimSnapshotOrder } from '@clearlane/contract/claims';
import { Detail } from '../../../components/detail.tsx';
import { BeforeAfterTable } from '../../../components/before-after-table.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { claimQueryOptions } from '../../../lib/entities/claims/get-claim.ts';
import { useClaimSchema } from '../../../lib/entities/claims/get-claim-schema.ts';
import { claimSnapshotQueryOptions, useClaimSnapshot, useClaimSnapshotPdfDownload, useClaimSnapshots } from '../../../lib/entities/claims/get-claim-snapshots.ts';
import { OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { ChangesTable, type ChangeForm } from './claim-changes.tsx';
import { NoticeSection } from './notice-section.tsx';
import { ClaimOrderCard } from './claim-order-card.tsx';
import { formatDateTime } from './format.ts';

const routeApi = getRouteApi('/_authenticated/claims/$claimId/snapshots/$snapshotId');

function PdfButton({ claimId, snapshot }: { claimId: string; snapshot: ClaimSnapshot }) {
  const download = useClaimSnapshotPdfDownload(claimId, snapshot);
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={download.isPending}
      title={`Snapshot ${snapshot.number} (PDF)`}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: (file) => notify.success(`Downloaded ${file.fileName}`),
          onError: (error) => notify.error(error.message, { title: 'The PDF could not be downloaded' }),
        })
      }
    >
      Download PDF
    </Button>
  );
}

function SnapshotOrder({ order }: { order: ClaimSnapshotOrder }) {
  return (
    <ClaimOrderCard
      orderId={order.orderId}
      type={order.type}
      subjectLabel={order.subjectLabel}
      status={order.status}
      outcome={order.outcome}
      summary={order.adjudication?.summary}
      ruleset={order.rulesetNamespace}
      rulesetVersion={order.rulesetVersion}
      decidingRuleIds={order.decidingRuleIds}
      dated={{ term: 'Completed', at: order.completedAt }}
    >
      <Stack gap={2}>
        <Text fz="xs" c="dimmed">
          SHA-256 of the report as received
        </Text>
        <Text fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {order.reportSha256 ?? '—'}
        </Text>
      </Stack>
    </ClaimOrderCard>
  );
}

function OrderChanges({ title, lines }: { title: string; lines: { key: string; text: string }[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      <Stack gap={2} component="ul" m={0} pl="md">
        {lines.map((line) => (
          <Text component="li" fz="sm" key={line.key}>
            {line.text}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** The previous snapshot, to name the reports removed since (they are not in this one). */
function usePreviousSnapshot(claimId: string, snapshot: ClaimSnapshot) {
  const snapshots = useClaimSnapshots(claimId);
  const previous = snapshots.data?.find((summary) => summary.number === snapshot.number - 1);
  return useQuery({ ...claimSnapshotQueryOptions(claimId, previous?.id ?? ''), enabled: previous !== undefined && snapshot.changes.ordersRemoved.length > 0 });
}

function Differences({ claimId, snapshot, form }: { claimId: string; snapshot: ClaimSnapshot; form: ChangeForm | undefined }) {
  const previous = usePreviousSnapshot(claimId, snapshot);
  const { changes } = snapshot;
  const labelOf = (orderId: string) =>
    snapshot.orders.find((order) => order.orderId === orderId)?.subjectLabel ?? previous.data?.orders.find((order) => order.orderId === orderId)?.subjectLabel ?? `Order ${orderId}`;
  const nothing =
    changes.formData.length === 0 && changes.ordersAdded.length === 0 && changes.ordersRemoved.length === 0 && changes.outcomesChanged.length === 0 && !changes.schemaVersion;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="differences-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="differences-heading">
          {changes.since === null ? 'Differences' : `Differences from snapshot ${changes.since}`}
        </Title>
        {changes.since === null ? (
          <Text fz="sm" c="dimmed">
            The first snapshot of the claim: nothing to compare with.
          </Text>
        ) : nothing ? (
          <Text fz="sm">Nothing changed since snapshot {changes.since}.</Text>
        ) : (
          <Stack gap="md">
            {changes.schemaVersion && (
              <Text fz="sm">
                Form version {changes.schemaVersion.before} → {changes.schemaVersion.after}
              </Text>
            )}
            {changes.formData.length > 0 && <ChangesTable changes={changes.formData} form={form} caption={`${changes.formData.length} field${changes.formData.length === 1 ? '' : 's'} of the notice changed`} />}
            <OrderChanges title="Reports added" lines={changes.ordersAdded.map((orderId) => ({ key: orderId, text: labelOf(orderId) }))} />
            <OrderChanges title="Reports removed" lines={changes.ordersRemoved.map((orderId) => ({ key: orderId, text: labelOf(orderId) }))} />
            {changes.outcomesChanged.length > 0 && (
              <Stack gap={4}>
                <Title order={3} size="h6">
                  Outcomes changed
                </Title>
                <BeforeAfterTable
                  caption="Outcomes changed"
                  captionHidden
                  headers={{ field: 'Report' }}
                  rows={changes.outcomesChanged.map((change) => ({
                    key: change.orderId,
                    field: labelOf(change.orderId),
                    before: change.before ? OUTCOME_LABELS[change.before] : 'none',
                    after: change.after ? OUTCOME_LABELS[change.after] : 'none',
                  }))}
                />
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function ClaimSnapshotPage() {
  const { claimId = '', snapshotId = '' } = routeApi.useParams();
  const { data: snapshot } = useClaimSnapshot(claimId, snapshotId);
  const claim = useQuery(claimQueryOptions(claimId));
  const schema = useClaimSchema(snapshot.schemaVersion);
  useDocumentTitle(`Snapshot ${snapshot.number}${claim.data ? ` of ${claim.data.title}` : ''} · Claims · Clearlane`);
  const claimName = claim.data?.policyNumber ? `Policy ${claim.data.policyNumber}` : 'Claim';

  return (
    <Stack gap="lg">
      <DetailHeader
        trail={[
          { label: 'Claims', to: '/claims' },
          { label: claimName, to: '/claims/$id', params: { id: claimId } },
        ]}
        current={`Snapshot ${snapshot.number}`}
        kicker={`Claim snapshot · ${snapshot.kind === 'Update' ? 'Update' : 'First notice of loss'}`}
        title={`Snapshot ${snapshot.number}${claim.data ? ` of ${claim.data.title}` : ''}`}
        actions={<PdfButton claimId={claimId} snapshot={snapshot} />}
      >
        <Text fz="sm">
          Published {formatDateTime(snapshot.publishedAt)} by {snapshot.publishedByName}. A snapshot never changes: this is the claim as it was then.
        </Text>
      </DetailHeader>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Differences claimId={claimId} snapshot={snapshot} form={schema.data} />
            <Stack gap="sm" component="section" aria-labelledby="snapshot-reports-heading">
              <Title order={2} size="h4" id="snapshot-reports-heading">
                Reports as published
              </Title>
              <Stack gap="sm" component="ul" m={0} p={0} aria-label="Reports of the snapshot">
                {snapshot.orders.map((order) => (
                  <SnapshotOrder key={order.orderId} order={order} />
                ))}
              </Stack>
            </Stack>
            <NoticeSection title="The notice as published" schemaVersion={snapshot.schemaVersion} formData={snapshot.formData} showEmpty={false} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="snapshot-details-heading">
            <Stack gap="sm">
              <Title order={2} size="h4" id="snapshot-details-heading">
                Details
              </Title>
              <Stack gap="sm" component="dl" m={0}>
                <Detail term="Number">{snapshot.number}</Detail>
                <Detail term="Kind">{snapshot.kind === 'Update' ? 'Update' : 'New'}</Detail>
                <Detail term="Form version">{snapshot.schemaVersion}</Detail>
                <Detail term="Published by">{snapshot.publishedByName}</Detail>
                <Detail term="Published">{formatDateTime(snapshot.publishedAt)}</Detail>
                <Detail term="Reports">{snapshot.orders.length}</Detail>
                <Detail term="Snapshot id">
                  <Text span fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {snapshot.id}
                  </Text>
                </Detail>
              </Stack>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
