// "The notice": a claim's form data, read-only, with the form version it was entered against (asked
// for by version: versions never change). The claim page shows the claim as it is, the snapshot page
// as it was published.
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useClaimSchema } from '../../../lib/entities/claims/get-claim-schema.ts';
import { ClaimFormView } from './claim-form-view.tsx';

export function NoticeSection({ title, schemaVersion, formData, showEmpty }: { title: string; schemaVersion: number; formData: Record<string, unknown>; showEmpty: boolean }) {
  const schema = useClaimSchema(schemaVersion);
  const headingId = "notice-heading";
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Text fz="xs" c="dimmed">
          Form version {schemaVersion}
          {schema.data?.note ? ` (${schema.data.note})` : ''}
        </Text>
      </Group>
      {schema.data ? (
        <ClaimFormView schema={schema.data.schema} uiSchema={schema.data.uiSchema} formData={formData} showEmpty={showEmpty} />
      ) : schema.error ? (
        <Alert color="red" variant="light" role="alert" title={`Form version ${schemaVersion} could not be loaded`}>
          {schema.error.message}
        </Alert>
      ) : (
        <Skeleton h={240} radius="md" aria-label="Loading the notice" />
      )}
    </Stack>
  );
}
