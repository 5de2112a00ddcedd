// /claims/add-claim and /claims/$claimId/edit: the claim form (claim-form.tsx) with the company's
// form version — the current one for a new claim, the claim's own for an edit (a claim is edited as
// it was entered). Saving a draft of a new claim files it and continues on its edit page; submitting
// goes to the claim's page, where its reports are attached. Editing a published claim starts an
// Update, which the page says before anything is saved. Leaving with unsaved changes asks first.
import { Alert, Anchor, Breadcrumbs, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { getRouteApi, Link, notFound, useBlocker, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import type { ClaimDetail, ClaimSchemaVersion } from '@clearlane/contract/claims';
import { useAbility } from '../../../lib/ability.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useClaim } from '../../../lib/entities/claims/get-claim.ts';
import { claimSchemaQueryOptions, currentClaimSchemaQueryOptions } from '../../../lib/entities/claims/get-claim-schema.ts';
import { useCreateClaim, useUpdateClaim } from '../../../lib/entities/claims/mutate-claim.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { ClaimStatusBadge } from '../components/claim-badges.tsx';
import { ClaimForm } from './claim-form.tsx';
import type { CheckMode, ClaimFormData } from './claim-form-errors.ts';

const editRoute = getRouteApi('/_authenticated/claims/$claimId/edit');

/**
 * Filing and editing need create Claim (Agents, Managers, Company Admins); the claims layout checked
 * the plugin and view Claim. Checked here rather than in the route's config, which lands in the entry.
 */
function useMayFileClaims() {
  if (!useAbility().can('create', 'Claim')) {
    throw new ApiError(403, { code: 'Forbidden', title: 'Not Authorized', detail: 'You do not have permission to file or change claims.' });
  }
}

/** Asks before leaving a form with unsaved changes (in the portal, and on closing or reloading the tab). */
function useLeaveGuard() {
  const dirty = useRef(false);
  const blocker = useBlocker({ shouldBlockFn: () => dirty.current, enableBeforeUnload: () => dirty.current, withResolver: true });
  const modal = (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?" centered>
      <Stack gap="md">
        <Text fz="sm">Your changes to this claim are not saved. Save a draft first to keep them.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay on the form
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { setDirty: (value: boolean) => (dirty.current = value), modal };
}

/** Breadcrumbs (Claims › … › here), the heading and its introduction, then the page. */
function PageFrame({ crumbs = [], here, title, intro, children }: { crumbs?: ReactNode[]; here: string; title: ReactNode; intro: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/claims" fz="sm">
          Claims
        </Anchor>
        {crumbs}
        <Text fz="sm" aria-current="page">
          {here}
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        {title}
        {intro}
      </Stack>
      {children}
    </Stack>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text fz="sm">Loading {what}…</Text>
    </Group>
  );
}

function FormVersionError({ error }: { error: Error }) {
  return (
    <Alert color="red" variant="light" role="alert" title="The claim form could not be loaded">
      {error.message}
    </Alert>
  );
}

/**
 * A toast raised while the form stays on screen (a draft saved) shows at the top: at the bottom it
 * would cover the form's sticky Save draft / Save and submit bar, and hovering it to reach a button
 * pauses it there (found by the claims journey).
 */
const ON_FORM_TOAST = { position: 'top-right' } as const;

export function AddClaimPage() {
  useMayFileClaims();
  useDocumentTitle('File a claim · Clearlane');
  const navigate = useNavigate();
  const create = useCreateClaim();
  const version = useQuery(currentClaimSchemaQueryOptions());
  const guard = useLeaveGuard();

  const save = (formData: ClaimFormData, _mode: CheckMode) => create.mutateAsync({ formData, schemaVersion: (version.data as ClaimSchemaVersion).version });
  const onSaved = (claim: ClaimDetail, mode: CheckMode) => {
    if (mode === 'draft') {
      notify.success('Draft saved. You can come back to it from the claims list.', ON_FORM_TOAST);
      void navigate({ to: '/claims/$claimId/edit', params: { claimId: claim.id }, replace: true });
    } else {
      notify.success('Claim filed. Attach the drivers’ and vehicles’ reports next.');
      void navigate({ to: '/claims/$id', params: { id: claim.id } });
    }
  };

  return (
    <PageFrame
      here="File a claim"
      title={<Title order={1}>File a claim</Title>}
      intro={
        <Text c="dimmed" maw={760}>
          A first notice of an accident or loss for your insurer. Save a draft at any time; submitting checks every required field. The reports that go with
          the claim (drivers’ MVRs, vehicles’ VIN reports) are attached on the claim’s page.
        </Text>
      }
    >
      {guard.modal}
      {version.isPending ? (
        <Loading what="the claim form" />
      ) : version.isError ? (
        <FormVersionError error={version.error} />
      ) : (
        <ClaimForm version={version.data} initialFormData={{}} save={save} onSaved={onSaved} onDirtyChange={guard.setDirty} submitLabel="Save and submit" />
      )}
    </PageFrame>
  );
}

/** Our ids are UUIDs: anything else in the path is a page that does not exist (the claims layout's 404). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function EditClaimPage() {
  useMayFileClaims();
  const { claimId } = editRoute.useParams();
  if (!UUID.test(claimId)) throw notFound();
  return <EditClaim claimId={claimId} />;
}

function EditClaim({ claimId }: { claimId: string }) {
  const { data: claim } = useClaim(claimId);
  useDocumentTitle(`Edit ${claim.title} · Claims · Clearlane`);
  const navigate = useNavigate();
  const update = useUpdateClaim(claimId);
  const version = useQuery(claimSchemaQueryOptions(claim.schemaVersion));
  const guard = useLeaveGuard();

  const save = (formData: ClaimFormData) => update.mutateAsync({ formData });
  const onSaved = (saved: ClaimDetail, mode: CheckMode) => {
    const update = saved.kind === 'Update' && claim.status === 'Published' ? ' An Update of the published claim has started.' : '';
    if (mode === 'draft') {
      notify.success(`Draft saved.${update}`, ON_FORM_TOAST);
    } else {
      notify.success(`Claim saved.${update}`);
      void navigate({ to: '/claims/$id', params: { id: saved.id } });
    }
  };

  return (
    <PageFrame
      crumbs={[
        <Anchor key="claim" renderRoot={(props) => <Link {...props} to="/claims/$id" params={{ id: claim.id }} />} fz="sm">
          {claim.title}
        </Anchor>,
      ]}
      here="Edit"
      title={
        <Group gap="sm" align="center">
          <Title order={1}>Edit claim</Title>
          <ClaimStatusBadge status={claim.status} />
        </Group>
      }
      intro={
        <Text c="dimmed" maw={760}>
          {claim.title}. Entered with version {claim.schemaVersion} of your company’s claim form, and edited with it.
        </Text>
      }
    >
      {guard.modal}
      {claim.status === 'Published' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Saving a change starts an Update">
          This claim is published as snapshot {claim.snapshotCount}, which stays as it is. Saving a change makes the claim an Update: a Manager publishes
          it as snapshot {claim.snapshotCount + 1}, which shows what changed.
        </Alert>
      )}
      {claim.status !== 'Published' && claim.kind === 'Update' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="An Update of a published claim">
          Snapshot {claim.snapshotCount} stays as published; these changes are published as snapshot {claim.snapshotCount + 1}.
        </Alert>
      )}
      {version.isPending ? (
        <Loading what="the claim form" />
      ) : version.isError ? (
        <FormVersionError error={version.error} />
      ) : (
        <ClaimForm key={claim.id} version={version.data} initialFormData={claim.formData} save={save} onSaved={onSaved} onDirtyChange={guard.setDirty} submitLabel="Save and submit" />
      )}
    </PageFrame>
  );
}
