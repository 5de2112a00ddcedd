// The rules of the chosen ruleset, under the "Adjudicate automatically" switch, so the user knows
// what Pass will mean before ordering. A namespace the company does not have is said on the field.
import { Group, List, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { ApiError } from '../../../../lib/api-error.ts';
import type { RulesetView } from '../../../../lib/entities/rulesets/get-ruleset.ts';

export function rulesetProblem(error: Error | null, namespace: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 404) return `Your company has no ruleset named "${namespace}".`;
  return `The rules of "${namespace}" could not be loaded: ${error.message}`;
}

export function RulesetRules({ ruleset, isLoading }: { ruleset: RulesetView | undefined; isLoading: boolean }) {
  if (isLoading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text fz="sm">Loading the rules…</Text>
      </Group>
    );
  }
  if (!ruleset) return null;
  return (
    <div>
      <Text fz="sm" fw={500} id="ruleset-rules-heading">
        {ruleset.name}: the driver passes when every rule holds
      </Text>
      <List
        mt={6}
        spacing={4}
        fz="sm"
        aria-labelledby="ruleset-rules-heading"
        icon={
          <ThemeIcon size={18} radius="xl" variant="light" color="teal" aria-hidden>
            <IconCheck size={12} />
          </ThemeIcon>
        }
      >
        {ruleset.rules.map((rule) => (
          <List.Item key={rule.id}>{rule.description}</List.Item>
        ))}
      </List>
      <Text fz="xs" c="dimmed" mt={6}>
        A broken rule makes the outcome Fail, naming the rule; a missing record is NoResults, a state that does not answer NotFulfilled.
      </Text>
    </div>
  );
}
