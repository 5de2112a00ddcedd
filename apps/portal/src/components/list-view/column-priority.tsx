// Column priority (issue 13): which columns of a table a narrow screen shows, for the list pages
// (ListTable) and the other tables of a page (a report group's orders). Key columns (priority 1)
// are always there; the others from a wider screen on; what is left out stays in reach, in the
// row's own page (linksToDetails) or under the row with its "More" button.
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import type { DataTableColumn, DataTableProps } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import './list-table.css';

/**
 * How much a column matters when the screen is narrow (issue 13): 1, the key columns (subject,
 * status, outcome), always shown; 2 from a tablet's width on (48em); 3 from a desktop's (62em).
 * A row whose columns are left out gets a "More" button that shows them under the row, so nothing
 * is out of reach on a phone.
 */
export type ColumnPriority = 1 | 2 | 3;

/** A column; `priority` says from which width on it is shown (`wideOnly`, the older spelling, is priority 2). */
export type ListColumn<T> = DataTableColumn<T> & { priority?: ColumnPriority; wideOnly?: boolean };

/** A column's priority: its own, 2 for a `wideOnly` one, else 1 (always shown). */
export const priorityOf = (column: { priority?: ColumnPriority; wideOnly?: boolean }): ColumnPriority => column.priority ?? (column.wideOnly ? 2 : 1);

/** The columns shown, and those left out, at a width that shows priorities up to `level`. */
export function splitColumns<C extends { priority?: ColumnPriority; wideOnly?: boolean }>(columns: C[], level: ColumnPriority): { shown: C[]; hidden: C[] } {
  return { shown: columns.filter((column) => priorityOf(column) <= level), hidden: columns.filter((column) => priorityOf(column) > level) };
}

/** Mantine's `sm` breakpoint: below it is a phone. */
export const WIDE_SCREEN = '(min-width: 48em)';
/** Mantine's `md` breakpoint: from it on every column is shown. */
export const DESKTOP_SCREEN = '(min-width: 62em)';

const plainColumn = <T,>({ wideOnly: _wideOnly, priority: _priority, ...column }: ListColumn<T>) => column as DataTableColumn<T>;

/** What a column shows for a record: its render, or the record's value at its accessor. */
function cellOf<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  const value = (record as Record<string, unknown>)[String(column.accessor)];
  return value === null || value === undefined || value === '' ? '—' : String(value);
}


export interface PriorityOptions<T> {
  /**
   * The first column links to the row's own page, which shows everything the left-out columns
   * would: no "More" button then, and the key columns keep its width.
   */
  linksToDetails?: boolean;
  /** How a row is named in its "More" button ("More about Smith, Jane"); the first column's text by default. */
  rowName?: (record: T) => string;
  noun?: { one: string };
}

/** The columns to show at this width, and the table props that go with them (spacing, the rows' "More"). */
export function usePrioritizedColumns<T extends { id: string }>(columns: ListColumn<T>[], { linksToDetails = false, rowName, noun }: PriorityOptions<T> = {}) {
  // Read synchronously, so a desktop's first paint already has every column.
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const desktop = useMediaQuery(DESKTOP_SCREEN, true, { getInitialValueInEffect: false });
  const [expandedIds, setExpandedIds] = useState<string[]>([]);
  const split = splitColumns(columns, desktop ? 3 : wide ? 2 : 1);
  // Left out and shown under the row on request; none when the row's own page shows them.
  const hidden = linksToDetails ? [] : split.hidden.map(plainColumn);
  const [first, ...rest] = split.shown.map(plainColumn);
  const nameOf = (record: T) => {
    if (rowName) return rowName(record);
    const value = first ? (record as Record<string, unknown>)[String(first.accessor)] : undefined;
    return typeof value === 'string' && value !== '' ? value : `this ${noun?.one ?? 'row'}`;
  };
  const shown: DataTableColumn<T>[] =
    hidden.length === 0 || !first
      ? split.shown.map(plainColumn)
      : [
          {
            ...first,
            render: (record: T, index: number) => {
              const open = expandedIds.includes(record.id);
              return (
                <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
                  <Box miw={0}>{cellOf(first, record, index)}</Box>
                  <ActionIcon
                    variant="subtle"
                    color="gray.7"
                    size="md"
                    aria-label={`More about ${nameOf(record)}`}
                    aria-expanded={open}
                    onClick={(event) => {
                      event.stopPropagation();
                      setExpandedIds((ids) => (open ? ids.filter((id) => id !== record.id) : [...ids, record.id]));
                    }}
                  >
                    <IconChevronDown size={16} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
                  </ActionIcon>
                </Group>
              );
            },
          },
          ...rest,
        ];
  // Spread after the table's own spacing: on a phone it is tighter.
  const tableProps: Pick<DataTableProps<T>, 'className' | 'horizontalSpacing' | 'verticalSpacing' | 'rowExpansion'> = {
    // Tighter cells and smaller badges on a phone (list-table.css), so the key columns fit its width and rows stay short.
    ...(!wide && { className: 'list-table-narrow', horizontalSpacing: 4, verticalSpacing: 'xs' }),
    ...(hidden.length > 0 && {
      rowExpansion: {
        trigger: 'never' as const,
        allowMultiple: true,
        expanded: { recordIds: expandedIds, onRecordIdsChange: (ids: unknown[]) => setExpandedIds(ids as string[]) },
        content: ({ record, index }: { record: T; index: number }) => <HiddenCells columns={hidden} record={record} index={index} />,
      },
    }),
  };
  return { wide, columns: shown, tableProps };
}

/** The columns a narrow screen leaves out, as a list of terms and values under the row. */
function HiddenCells<T>({ columns, record, index }: { columns: DataTableColumn<T>[]; record: T; index: number }) {
  return (
    <Box component="dl" m={0} px="sm" py="xs" style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 12, rowGap: 6, alignItems: 'center' }}>
      {columns.map((column) => (
        <Box key={String(column.accessor)} style={{ display: 'contents' }}>
          <Text component="dt" fz="sm" c="dimmed">
            {typeof column.title === 'string' ? column.title : String(column.accessor)}
          </Text>
          <Box component="dd" m={0} fz="sm">
            {cellOf(column, record, index)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

