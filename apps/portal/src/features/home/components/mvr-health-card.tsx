// The home page's "MVR order health": the company's MVR orders of the last 30 days — how the
// finished ones came out, what is still on its way, what ended without a report — as figures, a bar
// chart and tables whose rows open the order list filtered to them. Shown only to users who may view
// orders (the server refuses the others anyway).
import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Can } from '../../../lib/ability.tsx';
import { useMvrMetrics } from '../api/get-mvr-metrics.ts';
import { CountGroup, linkedIfAny } from './count-group.tsx';
import { Figure } from './figure.tsx';
import { MetricsCard } from './metrics-card.tsx';
import { formatDuration, mvrHealthOf, type HealthRow, type MvrHealth } from './mvr-health.ts';

const HEADING_ID = 'mvr-health-heading';
const wholeNumber = new Intl.NumberFormat();
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function MvrHealthCard() {
  const metrics = useMvrMetrics();
  const health = metrics.data ? mvrHealthOf(metrics.data) : undefined;
  return (
    <MetricsCard
      title="MVR order health"
      headingId={HEADING_ID}
      icon={<IconChartBar size={18} />}
      note={health ? `Last 30 days: ${day.formatRange(new Date(health.from), new Date(health.to))}` : 'Last 30 days'}
      query={metrics}
      skeleton={<HealthSkeleton />}
    >
      {health && health.total === 0 ? <EmptyHealth /> : health ? <HealthContent health={health} /> : null}
    </MetricsCard>
  );
}

function HealthContent({ health }: { health: MvrHealth }) {
  const outcomeRows = health.notAdjudicated ? [...health.outcomes, health.notAdjudicated] : health.outcomes;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="dl" m={0}>
        <Figure label="MVR orders" value={wholeNumber.format(health.total)} />
        <Figure label="Completed" value={wholeNumber.format(health.completed)} />
        <Figure label="Pending" value={wholeNumber.format(health.pending)} />
        <Figure label="Failed or error" value={wholeNumber.format(health.errored)} tone={health.errored > 0 ? 'red.9' : undefined} />
        <Figure label="Average turnaround" value={health.averageTurnaroundSeconds === null ? '—' : formatDuration(health.averageTurnaroundSeconds)} />
      </SimpleGrid>
      <CountGroup caption="Completed, by outcome" firstColumn="Outcome" valueName="Orders" subject="completed MVR orders by outcome" rows={outcomeRows} renderLabel={OrdersLink} />
      <CountGroup caption="Pending, failed or in error" firstColumn="Status" valueName="Orders" subject="MVR orders pending, failed or in error" rows={health.unfinished} renderLabel={OrdersLink} />
      {health.completed > 0 && (
        <Anchor fz="sm" fw={600} renderRoot={(props) => <Link {...props} to="/orders" search={health.notReviewed} />}>
          <Group gap={4} component="span">
            Completed MVRs not yet reviewed
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      )}
      <Text fz="xs" c="dimmed">
        A link opens the list of MVR orders from {day.format(new Date(`${health.from.slice(0, 10)}T00:00:00Z`))} with that outcome or status.
      </Text>
    </Stack>
  );
}

const OrdersLink = (row: HealthRow) => linkedIfAny(row, (props) => <Link {...props} to="/orders" search={row.search} />);

function HealthSkeleton() {
  return (
    <Stack gap="lg">
      <VisuallyHidden>Loading MVR order health…</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} h={64} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Skeleton h={280} radius="md" />
        <Skeleton h={280} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

function EmptyHealth() {
  return (
    <Stack gap="sm" align="flex-start">
      <Text fz="sm">No MVR orders were placed in the last 30 days.</Text>
      <Can I="create" a="Order">
        <Button variant="light" size="sm" renderRoot={(props) => <Link {...props} to="/orders/mvr/single-order" />}>
          Order an MVR
        </Button>
      </Can>
    </Stack>
  );
}
