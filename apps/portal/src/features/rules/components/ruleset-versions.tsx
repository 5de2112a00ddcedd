// The saved versions of a ruleset, newest first: number, name, how many rules, who saved it and when.
import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useRulesetVersions } from '../../../lib/entities/rulesets/ruleset-versions.ts';
import { exactWhen, versionLabel } from './format.ts';

export function RulesetVersions({ namespace, current }: { namespace: string; current: number }) {
  const versions = useRulesetVersions(namespace, current > 0);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="ruleset-versions-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ruleset-versions-heading">
          Versions
        </Title>
        {current === 0 ? (
          <Text fz="sm" c="dimmed">
            These are Clearlane’s default rules: no version has been saved yet. Saving them makes version 1.
          </Text>
        ) : versions.isError ? (
          <Alert color="red" title="The versions could not be loaded">
            {versions.error.message}
          </Alert>
        ) : versions.isPending ? (
          <Skeleton height={60} />
        ) : (
          <Stack component="ol" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Saved versions, newest first">
            {versions.data.map((version) => (
              <Group
                key={version.version}
                component="li"
                justify="space-between"
                gap="xs"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="xs" wrap="nowrap">
                  <Badge variant={version.version === current ? 'filled' : 'default'} color="lane.7" radius="sm">
                    {versionLabel(version.version)}
                  </Badge>
                  {version.version === current && <Text fz="xs" c="dimmed">current</Text>}
                </Group>
                <Text fz="sm" style={{ flex: '1 1 16rem' }}>
                  {version.name} · {version.ruleCount} {version.ruleCount === 1 ? 'rule' : 'rules'}
                  <Text span fz="sm" c="dimmed">
                    {' '}
                    — saved {exactWhen(version.savedAt)} by {version.savedBy ? version.savedBy.name || version.savedBy.email : 'a former user'}
                  </Text>
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
