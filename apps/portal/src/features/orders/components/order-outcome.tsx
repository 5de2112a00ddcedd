// The outcome with its reasons: every rule of the ruleset with what was found and whether it was
// met, the rules that decided the outcome marked, and the adjudicator's summary.
import { Anchor, Badge, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import type { OrderDetail } from '@clearlane/contract/orders';
import { isPending, OUTCOME_MEANINGS } from '../../../lib/order-labels.ts';
import { OutcomeBadge } from './order-badges.tsx';

type RuleResult = NonNullable<OrderDetail['adjudication']>['results'][number];

function RuleVerdict({ passed }: { passed: boolean | null }) {
  const [label, color, Icon] = passed === null ? ['Not applicable', 'gray.7', IconMinus] : passed ? ['Passed', 'teal.9', IconCheck] : ['Failed', 'red.9', IconX];
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon size={20} radius="xl" color={color} variant="filled" aria-hidden>
        <Icon size={13} />
      </ThemeIcon>
      <Text fz="sm" fw={600} c={color}>
        {label}
      </Text>
    </Group>
  );
}

const NO_RULE_APPLIED = {
  NoResults: 'No rule was applied: the provider found no driving record for this licence, so there was nothing to judge.',
  NotFulfilled: 'No rule was applied: the state did not fulfil the request, so there was no record to judge.',
} as const;

/** "version 3 of the “default” ruleset"; orders judged before versions were kept name only the ruleset. */
export function rulesetVersionLabel({ rulesetNamespace, rulesetVersion }: { rulesetNamespace: string; rulesetVersion?: number | null }): string {
  const ruleset = `the “${rulesetNamespace}” ruleset`;
  if (rulesetVersion === undefined || rulesetVersion === null) return ruleset;
  return rulesetVersion === 0 ? `${ruleset} (Clearlane’s default rules, never edited)` : `version ${rulesetVersion} of ${ruleset}`;
}

const actualOf = (result: RuleResult) => (result.actual === null ? '—' : String(result.actual));

export function OrderOutcome({ order }: { order: OrderDetail }) {
  const adjudication = order.adjudication;
  const deciding = new Set(adjudication?.decidingRuleIds ?? []);
  const outcome = adjudication?.outcome ?? order.outcome;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-outcome-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="order-outcome-heading">
            Outcome
          </Title>
          {outcome && <OutcomeBadge outcome={outcome} />}
        </Group>

        {!outcome ? (
          <Text fz="sm" c="dimmed">
            {isPending(order.status) ? 'The outcome appears here once the report has arrived.' : 'This order has no outcome.'}
          </Text>
        ) : adjudication && adjudication.results.length === 0 && (outcome === 'NoResults' || outcome === 'NotFulfilled') ? (
          // No record to judge: no rule was applied, so there is no rule table and no ruleset to name.
          <Text fz="sm" data-testid="adjudication-summary">
            {NO_RULE_APPLIED[outcome]}
          </Text>
        ) : !adjudication ? (
          <Stack gap={4}>
            <Text fz="sm">{OUTCOME_MEANINGS[outcome]}</Text>
            <Text fz="sm" c="dimmed">
              {order.type === 'MVR' ? 'This MVR was not adjudicated automatically: no ruleset judged it.' : 'No ruleset applies to this kind of report.'}
            </Text>
          </Stack>
        ) : (
          <>
            <Text fz="sm" fw={500} data-testid="adjudication-summary">
              {adjudication.summary}
            </Text>
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="sm" aria-label={`Rules of the "${adjudication.rulesetNamespace}" ruleset`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Rule</Table.Th>
                    <Table.Th scope="col">Found</Table.Th>
                    <Table.Th scope="col">Result</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {adjudication.results.map((result) => {
                    const isDeciding = deciding.has(result.ruleId);
                    return (
                      <Table.Tr
                        key={result.ruleId}
                        data-deciding={isDeciding || undefined}
                        bg={isDeciding ? (result.passed === false ? 'red.0' : 'teal.0') : undefined}
                        style={isDeciding ? { boxShadow: `inset 4px 0 0 var(--mantine-color-${result.passed === false ? 'red-9' : 'teal-9'})` } : undefined}
                      >
                        <Table.Td>
                          <Stack gap={2}>
                            <Group gap="xs">
                              <Text fz="sm" fw={isDeciding ? 700 : 500}>
                                {result.description}
                              </Text>
                              {isDeciding && (
                                <Badge size="sm" color="dark.7" variant="filled" radius="sm">
                                  Deciding rule
                                </Badge>
                              )}
                            </Group>
                            <Text fz="xs" c="dimmed" ff="monospace">
                              {result.ruleId}
                            </Text>
                          </Stack>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{actualOf(result)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <RuleVerdict passed={result.passed} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text fz="xs" c="dimmed">
              Judged by{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/rules/$namespace" params={{ namespace: adjudication.rulesetNamespace }} />} fz="xs" data-testid="judged-by">
                {rulesetVersionLabel(adjudication)}
              </Anchor>
              . {OUTCOME_MEANINGS[outcome]}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
