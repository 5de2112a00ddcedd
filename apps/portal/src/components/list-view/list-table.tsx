// The results part of a list page: an error with "Try again", a skeleton while the first page
// loads, an empty state (with "Clear filters" when filters hid everything), or the sortable table
// with aria-sort, pagination and page sizes. State comes from useListView, data from a list query.
import { Alert, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import type { Page } from '@clearlane/contract/pagination';
import { LIST_PAGE_SIZES, type ListPageSize, type ListSearch } from '../../lib/list-search.ts';
import { SortableDataTable } from '../sortable-data-table.tsx';
import { usePrioritizedColumns, type ListColumn } from './column-priority.tsx';
import { pageInsteadOfPastEnd } from './page-past-end.ts';
import { paginationText, type ListNoun } from './pagination-text.ts';
import type { ListView } from './use-list-view.ts';

export { priorityOf, splitColumns, WIDE_SCREEN, DESKTOP_SCREEN, type ColumnPriority, type ListColumn } from './column-priority.tsx';

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
  /** How a row is named in its "More" button ("More about Smith, Jane"); the first column's text by default. */
  rowName?: (record: T) => string;
  /**
   * The first column links to the row's own page, which shows everything the left-out columns
   * would: no "More" button then, and the key columns keep its width.
   */
  linksToDetails?: boolean;
}

export interface ListSelection<T> {
  /** The selected rows (of the page shown). */
  selected: T[];
  onChange: (selected: T[]) => void;
  /** How a row's checkbox is named to screen readers ("Select Smith, Jane"). */
  rowLabel: (record: T) => string;
}

export function ListTable<T extends { id: string }, S extends ListSearch>({ list, result, columns, label, noun, empty, clearLabel = 'Clear filters', onRowClick, selection, rowName, linksToDetails = false }: ListTableProps<T, S>) {
  const { wide, columns: shown, tableProps } = usePrioritizedColumns(columns, { linksToDetails, rowName, noun });

  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = result;

  // A page past the end goes to the last page, judged on the URL's own answer (not the page before it
  // kept on screen); until the last page answers, the skeleton stands in for an empty page.
  const instead = data ? pageInsteadOfPastEnd(data.page) : undefined;
  const lastPage = isPlaceholderData ? undefined : instead;
  useEffect(() => {
    if (lastPage !== undefined) list.setPage(lastPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- list.setPage is a new function every render; the target page is what matters
  }, [lastPage]);

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
  if (isPending || !data || instead !== undefined) return <ListSkeleton label={`Loading ${noun.other}`} />;
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
    <SortableDataTable<T>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      // Tighter cells on a phone, so three columns fit its width.
      {...tableProps}
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
  // One tree at every width, so the table keeps its place (and its rows their state: a dialog opened
  // from a row stays open) when the window crosses a phone's width. On a phone the sorted column may
  // be one left out: the order is chosen (and shown) above the table.
  const sortOptions = (wide ? [] : columns)
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
