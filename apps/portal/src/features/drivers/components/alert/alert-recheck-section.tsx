// The re-judged outcome: the fresh MVR the change ordered (a company setting), the driver's outcome
// before and after it, and the rules that passed before and fail now, with why.
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AlertRecheck } from '@clearlane/contract/monitoring';
import { isPending, ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, OUTCOME_COLORS, OUTCOME_LABELS } from '../../../../lib/order-labels.ts';

function Outcome({ outcome, missing }: { outcome: AlertRecheck['outcomeBefore']; missing: string }) {
  if (!outcome) {
    return (
      <Text span fz="sm" c="dimmed">
        {missing}
      </Text>
    );
  }
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="filled" style={{ minWidth: 'max-content' }}>
      {OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

export function AlertRecheckSection({ recheck }: { recheck: AlertRecheck }) {
  const judged = recheck.outcomeAfter !== null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="alert-recheck-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="alert-recheck-heading">
          Re-judged outcome
        </Title>
        <Group gap="xs">
          <Text fz="sm">A fresh MVR was ordered:</Text>
          <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: recheck.orderId }} />} fz="sm" fw={600}>
            Open the order
          </Anchor>
          <Badge color={ORDER_STATUS_COLORS[recheck.orderStatus]} variant="filled" style={{ minWidth: 'max-content' }}>
            {ORDER_STATUS_LABELS[recheck.orderStatus]}
          </Badge>
        </Group>
        <Group gap="sm" aria-label="Outcome before and after" role="group">
          <Stack gap={2}>
            <Text fz="xs" c="dimmed">
              Before
            </Text>
            <Outcome outcome={recheck.outcomeBefore} missing="No earlier judged MVR" />
          </Stack>
          <IconArrowRight size={18} aria-hidden color="var(--mantine-color-gray-7)" />
          <Stack gap={2}>
            <Text fz="xs" c="dimmed">
              After
            </Text>
            <Outcome outcome={recheck.outcomeAfter} missing={isPending(recheck.orderStatus) ? 'Waiting for the fresh MVR' : 'Not judged'} />
          </Stack>
        </Group>
        {judged &&
          (recheck.newlyFailingRules.length === 0 ? (
            <Text fz="sm">No rule that passed before fails now.</Text>
          ) : (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Rules that fail now
              </Title>
              <List spacing="xs" size="sm">
                {recheck.newlyFailingRules.map((rule) => (
                  <List.Item key={rule.ruleId}>
                    <Text span fz="sm" fw={600}>
                      {rule.description}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {rule.reason}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
}
