// One group of counts on the home page: its heading, a bar chart (a picture, named by one sentence
// that says every count) beside a table that says the same in text and holds the links into the
// filtered lists. The chart library loads on its own chunk (React.lazy): the entry stays small.
import { Anchor, ColorSwatch, getThemeColor, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { chartSummary, type CountRow } from './count-rows.ts';

const CountBarChart = lazy(() => import('./count-bar-chart.tsx'));
const wholeNumber = new Intl.NumberFormat();

export interface CountGroupProps<Row extends CountRow> {
  caption: string;
  /** The table's first column ("Outcome"). */
  firstColumn: string;
  /** What is counted, the table's second column and the bars' name ("Orders"). */
  valueName: string;
  /** What the chart shows, for its text alternative ("completed MVR orders by outcome"). */
  subject: string;
  rows: Row[];
  /** The row's name in the table: a link into the list filtered to it, or text when it has nothing to show. */
  renderLabel: (row: Row) => ReactNode;
}

export function CountGroup<Row extends CountRow>({ caption, firstColumn, valueName, subject, rows, renderLabel }: CountGroupProps<Row>) {
  const headingId = useId();
  const theme = useMantineTheme();
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" id={headingId}>
        {caption}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Suspense fallback={<Skeleton h={rows.length * 30 + 30} radius="md" />}>
          <CountBarChart rows={rows} valueName={valueName} summary={chartSummary(subject, rows)} />
        </Suspense>
        <Table verticalSpacing={4} layout="fixed" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{firstColumn}</Table.Th>
              <Table.Th scope="col" ta="right" w={90}>
                {valueName}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={400}>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={getThemeColor(row.color, theme)} size={12} withShadow={false} aria-hidden />
                    {renderLabel(row)}
                  </Group>
                </Table.Th>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {wholeNumber.format(row.count)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A row's name as a link into the list filtered to it (rendered by `renderRoot`, a router Link), or
 * as text when the row counts nothing: that list would show nothing.
 */
export function linkedIfAny(row: CountRow, renderRoot: (props: Record<string, unknown>) => ReactNode) {
  return row.count > 0 ? (
    <Anchor fz="sm" renderRoot={renderRoot}>
      {row.label}
    </Anchor>
  ) : (
    <Text span fz="sm">
      {row.label}
    </Text>
  );
}
