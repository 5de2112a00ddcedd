// Where an unfinished order is: New → Ordered → Received → Complete, as a progress bar screen
// readers hear as "Step 2 of 4: Ordered" and a list of the steps with the current one marked.
import { Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { OrderStatus } from '@clearlane/contract/orders';
import { ORDER_STEPS } from '../../../lib/order-labels.ts';

const STEP_HINTS: Record<(typeof ORDER_STEPS)[number], string> = {
  New: 'Placed, waiting to be sent',
  Ordered: 'Sent to the provider',
  Received: 'Answer received, being checked',
  Complete: 'Report ready',
};

export function OrderProgress({ status }: { status: OrderStatus }) {
  const index = Math.max(0, ORDER_STEPS.indexOf(status as (typeof ORDER_STEPS)[number]));
  const stepNumber = index + 1;
  const percent = Math.round((stepNumber / ORDER_STEPS.length) * 100);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-progress-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="order-progress-heading">
            In progress
          </Title>
          <Text fz="sm" c="dimmed">
            This page updates on its own.
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section
            value={percent}
            animated
            color="lane.7"
            withAria={false}
            role="progressbar"
            aria-label="Order progress"
            aria-valuemin={1}
            aria-valuemax={ORDER_STEPS.length}
            aria-valuenow={stepNumber}
            aria-valuetext={`Step ${stepNumber} of ${ORDER_STEPS.length}: ${status}`}
          />
        </Progress.Root>
        <Group component="ol" aria-label="Steps" gap="lg" grow align="flex-start" m={0} p={0} style={{ listStyle: 'none' }}>
          {ORDER_STEPS.map((step, stepIndex) => {
            const done = stepIndex < index;
            const current = stepIndex === index;
            return (
              <li key={step} aria-current={current ? 'step' : undefined}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={24} radius="xl" color={done || current ? 'lane.7' : 'gray.3'} variant={current ? 'outline' : 'filled'} aria-hidden>
                    {done ? <IconCheck size={14} /> : <Text fz="xs" fw={700} c={current ? 'lane.7' : 'gray.7'}>{stepIndex + 1}</Text>}
                  </ThemeIcon>
                  <Stack gap={0}>
                    <Text fz="sm" fw={current ? 700 : 500}>
                      {step}
                      {done && <span className="visually-hidden"> (done)</span>}
                      {current && <span className="visually-hidden"> (current step)</span>}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {STEP_HINTS[step]}
                    </Text>
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}
