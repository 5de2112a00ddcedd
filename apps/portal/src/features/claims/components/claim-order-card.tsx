// One report of a claim as a card: its type, its subject (a link to the order), its status and the
// claim's outcome, the ruleset's summary, then its facts (ruleset, version, deciding rules, and when
// it was attached or completed) and anything more. The claim page (attached orders) and the snapshot
// page (as published) give it the same facts; it words them once.
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OrderStatus, OrderType, Outcome } from '@clearlane/contract/orders';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, OUTCOME_COLORS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import { formatDateTime } from './format.ts';

/**
 * The ruleset version that judged a claim's order: a number since rulesets keep versions (0 is the
 * untouched default); claims judged before that carry `seeded` or the ruleset's save time.
 */
export function rulesetVersionText(version: string | null): string {
  if (version === null) return 'not judged yet';
  if (version === 'seeded' || version === '0') return 'version 0, as seeded';
  if (/^\d+$/.test(version)) return `version ${version}`;
  return `saved ${formatDateTime(version)}`;
}

export interface ClaimOrderCardProps {
  orderId: string;
  type: OrderType;
  subjectLabel: string;
  status: OrderStatus;
  outcome: Outcome | null;
  summary?: string | null;
  failureReason?: string | null;
  /** The ruleset that judged it for the claim, and its version (null: not judged yet). */
  ruleset: string;
  rulesetVersion: string | null;
  decidingRuleIds: string[];
  /** The moment the page dates it by: attached to the claim (claim page), completed (snapshot). */
  dated: { term: 'Attached' | 'Completed'; at: string | null };
  children?: ReactNode;
}

/** The facts of the card, term → value. */
export function claimOrderFacts({ ruleset, rulesetVersion, decidingRuleIds, dated }: Pick<ClaimOrderCardProps, 'ruleset' | 'rulesetVersion' | 'decidingRuleIds' | 'dated'>): [string, string][] {
  return [
    ['Ruleset', ruleset],
    ['Ruleset version', rulesetVersionText(rulesetVersion)],
    ['Deciding rules', decidingRuleIds.length > 0 ? decidingRuleIds.join(', ') : rulesetVersion === null ? '—' : 'None'],
    [dated.term, dated.at ? formatDateTime(dated.at) : '—'],
  ];
}

export function ClaimOrderCard({ orderId, type, subjectLabel, status, outcome, summary, failureReason, children, ...judgement }: ClaimOrderCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
              {ORDER_TYPE_LABELS[type]}
            </Text>
            <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: orderId }} />} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {subjectLabel}
            </Anchor>
          </Stack>
          <Group gap="xs">
            <Badge color={ORDER_STATUS_COLORS[status]} variant="filled">
              {ORDER_STATUS_LABELS[status]}
            </Badge>
            {outcome && (
              <Badge color={OUTCOME_COLORS[outcome]} variant="filled">
                {OUTCOME_LABELS[outcome]}
              </Badge>
            )}
          </Group>
        </Group>
        {failureReason && (
          <Text fz="sm" c="red.9">
            {failureReason}
          </Text>
        )}
        {summary && <Text fz="sm">{summary}</Text>}
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing={4} m={0}>
          {claimOrderFacts(judgement).map(([term, value]) => (
            <Stack key={term} gap={0} style={{ minWidth: 0 }}>
              <Text component="dt" fz="xs" c="dimmed">
                {term}
              </Text>
              <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {children}
      </Stack>
    </Paper>
  );
}
