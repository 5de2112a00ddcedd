// mantine-datatable's DataTable with the sort told to assistive technology (aria-sort on the
// sorted header, see use-aria-sort.ts). Every sortable table of the portal is this one: the list
// pages (through ListTable) and the inner tables of a page (a group's orders, a driver's orders,
// a sheet's row errors), so none has to remember the header fix.
// The library keeps its "No records" state in the page at all times, only transparent while rows
// are shown or loading, so a screen reader reads "No records" under a full table (issue 13). Here it
// is in the page only when the table is really empty and not loading.
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { Fragment, useRef } from 'react';
import { useAriaSort } from './use-aria-sort.ts';

export type SortableDataTableProps<T> = DataTableProps<T> & {
  columns: DataTableColumn<T>[];
  sortStatus: DataTableSortStatus<T>;
};

/** Whether the table shows its "no records" state: no rows, and not loading. */
export const showsEmptyState = (records: readonly unknown[] | undefined, fetching: boolean | undefined) => (records?.length ?? 0) === 0 && !fetching;

export function SortableDataTable<T>(props: SortableDataTableProps<T>) {
  const tableRef = useRef<HTMLTableElement>(null!);
  useAriaSort(
    tableRef,
    props.columns as { accessor: string; sortable?: boolean }[],
    props.sortStatus as { columnAccessor: string; direction: 'asc' | 'desc' },
    // A selectable table's checkboxes take the first header cell.
    props.selectedRecords ? 1 : 0,
  );
  const empty = showsEmptyState(props.records, props.fetching);
  const hasRows = (props.records?.length ?? 0) > 0;
  const tableProps = {
    ...props,
    // An empty element (not nothing, which would bring back the library's own) while rows are shown or loading.
    emptyState: empty ? props.emptyState : <Fragment />,
    // The pagination text falls back to this when no total is known: never under rows.
    noRecordsText: hasRows ? '' : props.noRecordsText,
  } as DataTableProps<T>;
  return <DataTable<T> {...tableProps} tableRef={tableRef} />;
}
