// The results part of a list page: an error with "Try again", a skeleton while the first page
// loads, an empty state (with "Clear filters" when filters hid everything), or the sortable table
// with aria-sort, pagination and page sizes. State comes from useListView, data from a list query.
import { Alert, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import type { Page } from '@clearlane/contract/pagination';
import { LIST_PAGE_SIZES, type ListPageSize, type ListSearch } from '../../lib/list-search.ts';
import { useAriaSort } from '../use-aria-sort.ts';
import { paginationText, type ListNoun } from './pagination-text.ts';
import type { ListView } from './use-list-view.ts';

/** A column; `wideOnly` ones are left out on a phone (unless sorted by), so the table fits without scrolling sideways. */
export type ListColumn<T> = DataTableColumn<T> & { wideOnly?: boolean };

/** What a list query answers (a TanStack Query result narrowed to what the table reads). */
export interface ListResult<T> {
  data: Page<T> | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ListEmpty {
  icon: ReactNode;
  /** When the list has nothing at all. */
  title: string;
  description: string;
  /** What to offer then (e.g. "Add your first driver"). */
  actions?: ReactNode;
  /** When filters hid every row; "Clear filters" is offered. */
  filteredTitle: string;
  filteredDescription: string;
}

export interface ListTableProps<T extends { id: string }, S extends ListSearch> {
  list: ListView<S>;
  result: ListResult<T>;
  columns: ListColumn<T>[];
  /** The table's accessible name, capitalised and plural ("Orders"). */
  label: string;
  noun: ListNoun;
  empty: ListEmpty;
  /** The label of the empty state's clear button (the reports page has one filter: "Clear filter"). */
  clearLabel?: string;
  onRowClick?: (record: T) => void;
  /** Rows can be selected with checkboxes (a bulk action on the page acts on them). */
  selection?: ListSelection<T>;
}

export interface ListSelection<T> {
  /** The selected rows (of the page shown). */
  selected: T[];
  onChange: (selected: T[]) => void;
  /** How a row's checkbox is named to screen readers ("Select Smith, Jane"). */
  rowLabel: (record: T) => string;
}

/** Mantine's `sm` breakpoint: below it is a phone. */
export const WIDE_SCREEN = '(min-width: 48em)';

export function ListTable<T extends { id: string }, S extends ListSearch>({ list, result, columns, label, noun, empty, clearLabel = 'Clear filters', onRowClick, selection }: ListTableProps<T, S>) {
  const tableRef = useRef<HTMLTableElement>(null!);
  // Read synchronously, so a desktop's first paint already has every column.
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const shown = columns.filter((column) => wide || !column.wideOnly).map(({ wideOnly: _wideOnly, ...column }) => column as DataTableColumn<T>);
  // The selection checkboxes take the first header cell.
  useAriaSort(tableRef, shown as { accessor: string; sortable?: boolean }[], list.sortStatus, selection ? 1 : 0);

  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = result;

  if (error && !data) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title={`The ${noun.other} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isPending || !data) return <ListSkeleton label={`Loading ${noun.other}`} />;
  if (data.content.length === 0) {
    return (
      <Paper withBorder radius="md" py="xl">
        <EmptyState
          icon={empty.icon}
          withIndicatorBackground
          title={list.filtered ? empty.filteredTitle : empty.title}
          description={list.filtered ? empty.filteredDescription : empty.description}
        >
          {list.filtered ? (
            <EmptyState.Actions>
              <Button variant="light" onClick={list.clearFilters}>
                {clearLabel}
              </Button>
            </EmptyState.Actions>
          ) : (
            empty.actions
          )}
        </EmptyState>
      </Paper>
    );
  }

  const { number, size, totalElements, totalElementsCapped } = data.page;
  const table = (
    <DataTable<T>
      tableRef={tableRef}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      // Tighter cells on a phone, so three columns fit its width.
      horizontalSpacing={wide ? undefined : 6}
      minHeight={160}
      records={data.content}
      idAccessor="id"
      columns={shown}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      {...(selection && {
        // A selected row is tinted lighter than the library's default, so red text in it (an overdue
        // date) still has a 4.5:1 contrast.
        style: { '--mantine-datatable-selection-color': 'var(--mantine-color-lane-0)' } as CSSProperties,
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': selection.rowLabel(record) }),
        allRecordsSelectionCheckboxProps: { 'aria-label': `Select every ${noun.one} on this page` },
      })}
      sortStatus={list.sortStatus as never}
      onSortStatusChange={(status) => list.changeSort({ columnAccessor: String(status.columnAccessor), direction: status.direction })}
      fetching={isFetching && isPlaceholderData}
      loadingText={`Loading ${noun.other}…`}
      page={number + 1}
      onPageChange={(page) => list.setPage(page - 1)}
      totalRecords={totalElements}
      recordsPerPage={size}
      recordsPerPageOptions={[...LIST_PAGE_SIZES]}
      onRecordsPerPageChange={(next) => list.setPageSize(next as ListPageSize)}
      recordsPerPageLabel={`${label} per page`}
      paginationText={({ from, to }) => paginationText({ from, to, total: totalElements, capped: totalElementsCapped, noun })}
      getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
      getPaginationItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      aria-label={label}
    />
  );
  if (wide) return table;
  // On a phone the sorted column may be one left out: the order is chosen (and shown) above the table.
  const sortOptions = columns
    .filter((column) => column.sortable && typeof column.title === 'string')
    .flatMap((column) => [
      { value: `${String(column.accessor)},asc`, label: `${String(column.title)}, ascending` },
      { value: `${String(column.accessor)},desc`, label: `${String(column.title)}, descending` },
    ]);
  return (
    <Stack gap="sm">
      {sortOptions.length > 0 && (
        <Select
          label="Sort by"
          data={sortOptions}
          value={`${list.sortStatus.columnAccessor},${list.sortStatus.direction}`}
          onChange={(value) => {
            const [columnAccessor = '', direction] = (value ?? '').split(',');
            list.setSort({ columnAccessor, direction: direction === 'asc' ? 'asc' : 'desc' });
          }}
          allowDeselect={false}
        />
      )}
      {table}
    </Stack>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label={label}>
      <Stack gap="md">
        <Skeleton h={20} w="60%" />
        {Array.from({ length: 6 }, (_, index) => (
          <Group key={index} gap="md" wrap="nowrap">
            <Skeleton h={16} w="24%" />
            <Skeleton h={16} w="18%" />
            <Skeleton h={16} w="12%" />
            <Skeleton h={16} w="12%" />
            <Skeleton h={16} w="18%" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
