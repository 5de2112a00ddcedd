// mantine-datatable's DataTable with the sort told to assistive technology (aria-sort on the
// sorted header, see use-aria-sort.ts). Every sortable table of the portal is this one: the list
// pages (through ListTable) and the inner tables of a page (a group's orders, a driver's orders,
// a sheet's row errors), so none has to remember the header fix.
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useRef } from 'react';
import { useAriaSort } from './use-aria-sort.ts';

export type SortableDataTableProps<T> = DataTableProps<T> & {
  columns: DataTableColumn<T>[];
  sortStatus: DataTableSortStatus<T>;
};

export function SortableDataTable<T>(props: SortableDataTableProps<T>) {
  const tableRef = useRef<HTMLTableElement>(null!);
  useAriaSort(
    tableRef,
    props.columns as { accessor: string; sortable?: boolean }[],
    props.sortStatus as { columnAccessor: string; direction: 'asc' | 'desc' },
    // A selectable table's checkboxes take the first header cell.
    props.selectedRecords ? 1 : 0,
  );
  return <DataTable<T> {...(props as DataTableProps<T>)} tableRef={tableRef} />;
}
