// The result cell of order and report lists: an MVR's outcome, or for a finished vehicle or risk
// report the server's summary (risk level and key finding), so no finished report reads "—".
// A dash, read out as "No result yet", is left for what has no result.
import { Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Order } from '@clearlane/contract/orders';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../lib/order-labels.ts';

export type ResultSummary = NonNullable<Order['resultSummary']>;

export function ResultSummaryText({ summary }: { summary: ResultSummary }) {
  return (
    <Stack gap={2} align="flex-start">
      {summary.riskLevel && (
        <Badge color={RISK_LEVEL_COLORS[summary.riskLevel]} variant="filled" style={{ minWidth: 'max-content' }}>
          {RISK_LEVEL_LABELS[summary.riskLevel]} risk
        </Badge>
      )}
      <Text fz="sm" lineClamp={2} maw={220} title={summary.keyFinding}>
        {summary.keyFinding}
      </Text>
    </Stack>
  );
}

/** `outcome` is the list's own outcome badge (each list keeps its own); null when there is none. */
export function OrderResultCell({ outcome, summary }: { outcome: ReactNode; summary: ResultSummary | null }) {
  if (outcome) return outcome;
  if (summary) return <ResultSummaryText summary={summary} />;
  return (
    <Text span fz="sm" c="dimmed">
      <span aria-hidden>—</span>
      <VisuallyHidden>No result yet</VisuallyHidden>
    </Text>
  );
}
