// /claims/$id: one claim. Its status (and why), what publishing waits for in plain words, Publish
// (manage Claim) and Edit (create Claim); its reports with the claim's judgement of each, attaching an
// existing order or ordering one for a driver or vehicle of the claim; the notice as entered, by
// section, with the form version it was entered against; its snapshots; its timeline.
import { Button, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconPencil, IconShieldCheck } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ClaimDetail, ClaimSchemaVersion } from '@clearlane/contract/claims';
import { Detail } from '../../../components/detail.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { useAbility } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useClaim } from '../../../lib/entities/claims/get-claim.ts';
import { useClaimSchema } from '../../../lib/entities/claims/get-claim-schema.ts';
import { usePublishClaim } from '../../../lib/entities/claims/mutate-claim.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { editClaimPath } from '../claim-paths.ts';
import { blockerText } from '../publish-blockers.ts';
import { ClaimKindBadge, ClaimStatusBadge, CLAIM_STATUS_HINTS } from './claim-badges.tsx';
import { AttachedOrders, AttachOrderForm } from './claim-reports.tsx';
import { ClaimSnapshots } from './claim-snapshots.tsx';
import { ClaimTimeline } from './claim-timeline.tsx';
import { formatDateTime } from './format.ts';
import { NoticeSection } from './notice-section.tsx';
import { OrderForClaim } from './order-for-claim.tsx';

const routeApi = getRouteApi('/_authenticated/claims/$id');

function PublishPanel({ claim, schema, mayPublish }: { claim: ClaimDetail; schema: ClaimSchemaVersion | undefined; mayPublish: boolean }) {
  const publish = usePublishClaim(claim.id);
  if (claim.status === 'Published') {
    return (
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="publish-heading" style={{ borderLeft: '4px solid var(--mantine-color-teal-9)' }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleCheck size={20} color="var(--mantine-color-teal-9)" aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={4}>
            <Title order={2} size="h5" id="publish-heading">
              Published as snapshot {claim.snapshotCount}
            </Title>
            <Text fz="sm">Any change to the claim (its notice, its reports) starts an Update, published as the next snapshot.</Text>
          </Stack>
        </Group>
      </Paper>
    );
  }
  const blockers = claim.publishBlockers;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="publish-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h5" id="publish-heading">
            {blockers.length === 0 ? 'Ready to publish' : 'Before it can be published'}
          </Title>
          {mayPublish && (
            <Button
              leftSection={<IconShieldCheck size={18} aria-hidden />}
              loading={publish.isPending}
              disabled={blockers.length > 0}
              onClick={() =>
                publish.mutate(undefined, {
                  onSuccess: (published) => notify.success(`Published as snapshot ${published.snapshotCount}`),
                  onError: (error) => notify.error(error.message, { title: 'The claim could not be published' }),
                })
              }
            >
              {claim.kind === 'Update' ? 'Publish the update' : 'Publish'}
            </Button>
          )}
        </Group>
        {blockers.length === 0 ? (
          <Text fz="sm">
            The notice is complete and every report is in. {mayPublish ? 'Publishing makes it the claim’s next snapshot, which never changes.' : 'A Manager can publish it.'}
          </Text>
        ) : (
          <List size="sm" spacing={4} icon={<IconAlertCircle size={16} color="var(--mantine-color-orange-9)" aria-hidden />}>
            {blockers.map((blocker) => (
              <List.Item key={`${blocker.path}:${blocker.message}`}>{blockerText(blocker, schema?.schema)}</List.Item>
            ))}
          </List>
        )}
        {claim.publishIfPossible && (
          <Text fz="sm" c="dimmed">
            It will be published as soon as it can be (asked for with the last change).
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function ClaimPage() {
  const { id: claimId = '' } = routeApi.useParams();
  const { data: claim } = useClaim(claimId);
  const schema = useClaimSchema(claim.schemaVersion);
  const ability = useAbility();
  const { plugins } = useUserContext();
  useDocumentTitle(`${claim.title} · Claims · Clearlane`);
  const mayEdit = ability.can('create', 'Claim');
  const mayPublish = ability.can('manage', 'Claim');
  // Attaching and ordering work with the company's orders: the orders plugin, and the right to place them.
  const withOrders = plugins.includes('orders');
  const mayAttach = mayEdit && withOrders;
  const mayOrder = mayAttach && ability.can('create', 'Order');

  return (
    <Stack gap="lg">
      <DetailHeader
        trail={[{ label: 'Claims', to: '/claims' }]}
        current={claim.policyNumber ? `Policy ${claim.policyNumber}` : 'Claim'}
        kicker={`Claim · ${claim.kind === 'Update' ? 'Update' : 'First notice of loss'}`}
        title={claim.title}
        badges={
          <>
            <Text span fz="sm">
              Status
            </Text>
            <ClaimStatusBadge status={claim.status} />
            <ClaimKindBadge kind={claim.kind} />
          </>
        }
        actions={
          mayEdit && (
            <Button component={Link} to={editClaimPath(claim.id) as never} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </Button>
          )
        }
      >
        <Text fz="sm">{claim.statusReason ?? CLAIM_STATUS_HINTS[claim.status]}</Text>
      </DetailHeader>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <PublishPanel claim={claim} schema={schema.data} mayPublish={mayPublish} />

            <Stack gap="sm" component="section" aria-labelledby="reports-heading">
              <Title order={2} size="h4" id="reports-heading">
                Reports
              </Title>
              <AttachedOrders claim={claim} mayChange={mayAttach} />
              {mayAttach && (
                <Paper withBorder radius="md" p="md">
                  <AttachOrderForm claim={claim} mayPublish={mayPublish} />
                </Paper>
              )}
              {mayOrder && <OrderForClaim claim={claim} />}
            </Stack>

            <NoticeSection title="The notice" schemaVersion={claim.schemaVersion} formData={claim.formData} showEmpty />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="claim-details-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="claim-details-heading">
                  Details
                </Title>
                <Stack gap="sm" component="dl" m={0}>
                  <Detail term="Ruleset for MVRs">{claim.adjudicationRuleset ?? 'default (the company’s)'}</Detail>
                  <Detail term="Form version">{claim.schemaVersion}</Detail>
                  <Detail term="Filed">{formatDateTime(claim.createdAt)}</Detail>
                  <Detail term="Last changed">{formatDateTime(claim.updatedAt)}</Detail>
                  <Detail term="Last published">{claim.publishedAt ? formatDateTime(claim.publishedAt) : 'Not yet'}</Detail>
                  <Detail term="Claim id">
                    <Text span fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {claim.id}
                    </Text>
                  </Detail>
                </Stack>
              </Stack>
            </Paper>
            <ClaimSnapshots claimId={claim.id} />
            <ClaimTimeline events={claim.events} form={schema.data} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
