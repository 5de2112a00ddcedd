// /rules: the company's adjudication rulesets, "default" first, each with its version and when it
// was last saved. A Manager (manage Order) starts a new one here by naming it.
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RuleNamespaceSchema } from '@clearlane/contract/orders';
import { Can } from '../../../lib/ability.tsx';
import { useRulesets } from '../../../lib/entities/rulesets/get-rulesets.ts';
import { savedWhen, versionLabel } from './format.ts';

function NewRuleset({ taken }: { taken: readonly string[] }) {
  const navigate = useNavigate();
  const [namespace, setNamespace] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = RuleNamespaceSchema.safeParse(namespace);
    if (!parsed.success) return setError(`Ruleset id ${parsed.error.issues[0]!.message}`);
    if (taken.includes(parsed.data)) return setError(`“${parsed.data}” already exists: open it from the list to change it`);
    void navigate({ to: '/rules/$namespace', params: { namespace: parsed.data } });
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="new-ruleset-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-ruleset-heading">
            New ruleset
          </Title>
          <Text fz="sm" c="dimmed">
            Orders name a ruleset by its id. The new ruleset starts as a copy of the default rules; nothing is saved until you save it.
          </Text>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Ruleset id"
              description="Lowercase letters, digits and hyphens, e.g. long-haul"
              value={namespace}
              onChange={(event) => {
                setNamespace(event.currentTarget.value.trim());
                setError(null);
              }}
              error={error}
              maxLength={63}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" leftSection={<IconPlus size={16} />} mt={{ base: 0, xs: 46 }}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function RulesPage() {
  const rulesets = useRulesets();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Rules</Title>
        <Text c="dimmed">
          The rulesets that judge auto-adjudicated MVRs as Pass or Fail. Every save is a new version; each order keeps the version that judged it.
        </Text>
      </Stack>

      {rulesets.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The rulesets could not be loaded">
          {rulesets.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Rulesets">
          {rulesets.isPending
            ? [0, 1].map((index) => <Skeleton key={index} height={120} radius="md" component="li" />)
            : rulesets.data.map((ruleset) => (
                <Paper key={ruleset.namespace} withBorder radius="md" p="lg" component="li">
                  <Stack gap={6}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Anchor renderRoot={(props) => <Link {...props} to="/rules/$namespace" params={{ namespace: ruleset.namespace }} />} fw={600} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                        {ruleset.name}
                      </Anchor>
                      <Badge variant="default" radius="sm" style={{ flexShrink: 0 }}>
                        {versionLabel(ruleset.version)}
                      </Badge>
                    </Group>
                    <Text fz="sm" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {ruleset.namespace}
                    </Text>
                    <Text fz="sm">
                      {ruleset.ruleCount} {ruleset.ruleCount === 1 ? 'rule' : 'rules'} · {savedWhen(ruleset.updatedAt)}
                    </Text>
                  </Stack>
                </Paper>
              ))}
        </SimpleGrid>
      )}

      <Can I="manage" a="Order">
        <NewRuleset taken={(rulesets.data ?? []).map((ruleset) => ruleset.namespace)} />
      </Can>
    </Stack>
  );
}
