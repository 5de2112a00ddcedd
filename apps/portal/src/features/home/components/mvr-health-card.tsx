// The home page's "MVR order health": the company's MVR orders of the last 30 days — how the
// finished ones came out, what is still on its way, what ended without a report — as figures, a bar
// chart and tables whose rows open the order list filtered to them. Shown only to users who may view
// orders (the server refuses the others anyway).
import { Alert, Anchor, Box, Button, Card, ColorSwatch, Group, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden, getThemeColor, useMantineTheme } from '@mantine/core';
import { IconAlertCircle, IconChartBar, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId } from 'react';
import { Can } from '../../../lib/ability.tsx';
import { useMvrMetrics } from '../api/get-mvr-metrics.ts';
import { chartSummary, formatDuration, mvrHealthOf, type HealthRow, type MvrHealth } from './mvr-health.ts';

const MvrHealthChart = lazy(() => import('./mvr-health-chart.tsx'));

const HEADING_ID = 'mvr-health-heading';
const wholeNumber = new Intl.NumberFormat();
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function MvrHealthCard() {
  const metrics = useMvrMetrics();
  const health = metrics.data ? mvrHealthOf(metrics.data) : undefined;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={HEADING_ID} aria-busy={metrics.isPending}>
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <Group gap="xs">
          <ThemeIcon variant="light" radius="md" aria-hidden>
            <IconChartBar size={18} />
          </ThemeIcon>
          <Title order={2} fz="h4" id={HEADING_ID}>
            MVR order health
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {health ? `Last 30 days: ${day.formatRange(new Date(health.from), new Date(health.to))}` : 'Last 30 days'}
        </Text>
      </Group>
      {metrics.isPending ? (
        <HealthSkeleton />
      ) : metrics.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="MVR order health could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{metrics.error.message}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} loading={metrics.isFetching} onClick={() => void metrics.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : health && health.total === 0 ? (
        <EmptyHealth />
      ) : health ? (
        <HealthContent health={health} />
      ) : null}
    </Card>
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
      <HealthGroup caption="Completed, by outcome" firstColumn="Outcome" subject="completed MVR orders by outcome" rows={outcomeRows} />
      <HealthGroup caption="Pending, failed or in error" firstColumn="Status" subject="MVR orders pending, failed or in error" rows={health.unfinished} />
      <Text fz="xs" c="dimmed">
        A link opens the order list from {day.format(new Date(`${health.from.slice(0, 10)}T00:00:00Z`))} with that outcome or status; orders of other types
        that match are listed there too.
      </Text>
    </Stack>
  );
}

/** One group of rows under its heading: its chart beside its table (the chart in words, with the links). */
function HealthGroup({ caption, firstColumn, subject, rows }: { caption: string; firstColumn: string; subject: string; rows: HealthRow[] }) {
  const headingId = useId();
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" id={headingId}>
        {caption}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Suspense fallback={<Skeleton h={rows.length * 30 + 30} radius="md" />}>
          <MvrHealthChart rows={rows} summary={chartSummary(subject, rows)} />
        </Suspense>
        <HealthTable labelledBy={headingId} firstColumn={firstColumn} rows={rows} />
      </SimpleGrid>
    </Stack>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box p="sm" bd="1px solid var(--mantine-color-default-border)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text component="dt" fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} fz={26} fw={700} lh={1.3} c={tone}>
        {value}
      </Text>
    </Box>
  );
}

function HealthTable({ labelledBy, firstColumn, rows }: { labelledBy: string; firstColumn: string; rows: HealthRow[] }) {
  const theme = useMantineTheme();
  return (
    <Table verticalSpacing={4} layout="fixed" aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{firstColumn}</Table.Th>
          <Table.Th scope="col" ta="right" w={90}>
            Orders
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={getThemeColor(row.color, theme)} size={12} withShadow={false} aria-hidden />
                {/* A row with no orders links nowhere: the list would show none of them. */}
                {row.count > 0 ? (
                  <Anchor fz="sm" renderRoot={(props) => <Link {...props} to="/orders" search={row.search} />}>
                    {row.label}
                  </Anchor>
                ) : (
                  <Text span fz="sm">
                    {row.label}
                  </Text>
                )}
              </Group>
            </Table.Th>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {wholeNumber.format(row.count)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

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
