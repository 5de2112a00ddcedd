// The saved versions of a ruleset, newest first: number, name, how many rules, who saved it and when.
// Whoever may save the ruleset (manage Order) restores an old version, after confirming: its rules
// become the next version, and every version stays listed.
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import type { RulesetVersionSummary } from '@clearlane/contract/rulesets';
import { useAbility } from '../../../lib/ability.tsx';
import { useRestoreRulesetVersion, useRulesetVersions } from '../../../lib/entities/rulesets/ruleset-versions.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { exactWhen, RULESET_HEADING_ID, versionLabel } from './format.ts';

const ruleCount = (count: number) => `${count} ${count === 1 ? 'rule' : 'rules'}`;

function RestoreVersionButton({ namespace, version, current }: { namespace: string; version: RulesetVersionSummary; current: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const restore = useRestoreRulesetVersion(namespace);
  const old = versionLabel(version.version);
  const cancel = () => {
    restore.reset();
    close();
  };
  const confirm = () =>
    restore.mutate(version.version, {
      onSuccess: (saved) => {
        close();
        notify.success(`${old} restored: its rules are now version ${saved.version}, the current one.`);
        setTimeout(() => document.getElementById(RULESET_HEADING_ID)?.focus());
      },
    });
  return (
    <>
      <Button variant="subtle" size="compact-sm" leftSection={<IconHistory size={16} aria-hidden />} aria-label={`Restore this version: ${old}`} onClick={open}>
        Restore this version
      </Button>
      <Modal opened={opened} onClose={cancel} title={`Restore ${old.toLowerCase()}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text fz="sm">
            Its rules ({version.name}, {ruleCount(version.ruleCount)}) are saved as version {current + 1} and judge the MVRs completed from then on. Version {current} and
            every earlier version stay in the list; orders already judged keep their outcome. Changes not saved in the form above are dropped.
          </Text>
          {restore.error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="Nothing was restored">
              {restore.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button loading={restore.isPending} onClick={confirm}>
              Restore as version {current + 1}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export function RulesetVersions({ namespace, current }: { namespace: string; current: number }) {
  const versions = useRulesetVersions(namespace, current > 0);
  const mayRestore = useAbility().can('manage', 'Order');
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
                  {version.name} · {ruleCount(version.ruleCount)}
                  <Text span fz="sm" c="dimmed">
                    {' '}
                    — saved {exactWhen(version.savedAt)} by {version.savedBy ? version.savedBy.name || version.savedBy.email : 'a former user'}
                  </Text>
                </Text>
                {mayRestore && version.version !== current && <RestoreVersionButton namespace={namespace} version={version} current={current} />}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
