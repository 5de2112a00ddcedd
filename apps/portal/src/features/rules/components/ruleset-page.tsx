// /rules/{namespace}: one ruleset. Everyone who reads orders sees its rules, its version and every
// saved version; a Manager or Company Admin (manage Order) edits it in a form, previews what the
// change would do to the last 90 days' completed MVRs, and saves it as the next version. A namespace
// never saved is offered to a Manager as a new ruleset (starting from the default rules).
import { Alert, Anchor, Badge, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DEFAULT_RULESET } from '@clearlane/contract/domain/adjudication';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { useAbility } from '../../../lib/ability.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { rulesetQueryOptions, type RulesetView } from '../../../lib/entities/rulesets/get-ruleset.ts';
import { ruleSentence } from '../rule-form.ts';
import { RULESET_HEADING_ID, savedWhen, versionLabel } from './format.ts';
import { RuleEditor } from './rule-editor.tsx';
import { RulesetVersions } from './ruleset-versions.tsx';

const routeApi = getRouteApi('/_authenticated/rules/$namespace');

function ReadOnlyRules({ ruleset }: { ruleset: RulesetView }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="ruleset-rules-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ruleset-rules-heading">
          Rules
        </Title>
        <Text fz="sm" c="dimmed">
          A record passes when it meets every rule. Only Managers and Company Admins change them.
        </Text>
        <List type="ordered" spacing="xs" aria-label="Rules">
          {ruleset.rules.map((rule) => (
            <List.Item key={rule.id}>
              <Text fz="sm" fw={500}>
                {rule.description}
              </Text>
              <Text fz="xs" c="dimmed">
                {ruleSentence(rule)} · <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{rule.id}</span>
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

export function RulesetPage() {
  const { namespace } = routeApi.useParams();
  const mayEdit = useAbility().can('manage', 'Order');
  const ruleset = useQuery(rulesetQueryOptions(namespace));
  const missing = ruleset.error instanceof ApiError && ruleset.error.status === 404;
  const isNew = missing && mayEdit;
  const broken = ruleset.error instanceof ApiError && ruleset.error.code === 'InvalidRuleset';
  const title = ruleset.data?.name ?? (isNew ? 'New ruleset' : namespace);

  return (
    <Stack gap="lg">
      <DetailHeader
        trail={[{ label: 'Rules', to: '/rules' }]}
        current={namespace}
        kicker="Ruleset"
        title={title}
        headingId={RULESET_HEADING_ID}
        badges={
          ruleset.data && (
            <Badge variant="default" radius="sm" size="lg" data-testid="ruleset-version">
              {versionLabel(ruleset.data.version)}
            </Badge>
          )
        }
      >
        <Text c="dimmed" fz="sm" style={{ overflowWrap: 'anywhere' }}>
          Ruleset id <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{namespace}</span>
          {ruleset.data && ` · ${savedWhen(ruleset.data.updatedAt)}`}
          {isNew && ' · not saved yet'}
        </Text>
      </DetailHeader>

      {ruleset.isPending ? (
        <Skeleton height={240} radius="md" />
      ) : missing && !mayEdit ? (
        <Alert color="gray" icon={<IconAlertCircle size={18} />} title="No such ruleset">
          Your company has no ruleset “{namespace}”. <Anchor component={Link} to="/rules">See the rulesets</Anchor>.
        </Alert>
      ) : ruleset.isError && !isNew && !(broken && mayEdit) ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The ruleset could not be loaded">
          {ruleset.error?.message}
        </Alert>
      ) : mayEdit ? (
        <>
          {broken && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="This ruleset is not valid">
              {ruleset.error?.message} The form below starts from the default rules: saving it repairs the ruleset.
            </Alert>
          )}
          <RuleEditor
            key={`${namespace}:${ruleset.data?.version ?? 'new'}`}
            namespace={namespace}
            initial={ruleset.data ?? { name: broken ? namespace : '', rules: DEFAULT_RULESET.rules }}
            version={ruleset.data?.version ?? 0}
          />
        </>
      ) : (
        ruleset.data && <ReadOnlyRules ruleset={ruleset.data} />
      )}

      {ruleset.data && <RulesetVersions namespace={namespace} current={ruleset.data.version} />}
    </Stack>
  );
}
