// Building blocks of the report renderers: a titled section, a list of facts, a plain data table.
// The heading level is a prop because the content sits under the report page's h1 here and under
// an h2 on the order page (headings must go down one level at a time).
import { Paper, Stack, Table, Text, Title, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export function ReportSection({ title, level, description, children }: { title: string; level: TitleOrder; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={level} id={headingId} fz="lg">
            {title}
          </Title>
          {description && (
            <Text fz="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A labelled value of a report: the same term/value pair as every detail page. */
export { Detail as Fact } from '../../../components/detail.tsx';

export function Facts({ children, columns = 4 }: { children: ReactNode; columns?: number }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${columns >= 4 ? 170 : 220}px, 1fr))`, gap: 'var(--mantine-spacing-md)', margin: 0 }}>
      {children}
    </dl>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  nowrap?: boolean;
}

/** A read-only table with a label for assistive technology and a sentence when there are no rows. */
export function ReportTable<Row>({ label, rows, columns, empty, rowKey }: { label: string; rows: Row[]; columns: Column<Row>[]; empty: string; rowKey: (row: Row, index: number) => string }) {
  if (rows.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={label} striped highlightOnHover verticalSpacing="xs" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col" style={{ textAlign: column.align ?? 'left', whiteSpace: 'nowrap' }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <Table.Td key={column.header} style={{ textAlign: column.align ?? 'left', whiteSpace: column.nowrap ? 'nowrap' : undefined }}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
