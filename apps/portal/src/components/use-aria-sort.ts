// Shared by every page with a sortable mantine-datatable (users, orders, reports, drivers, businesses, bulk orders).
import { useEffect, type RefObject } from 'react';

export interface AriaSortColumn {
  sortable?: boolean;
  sortKey?: string;
  accessor: string;
}

/**
 * mantine-datatable's sortable headers carry no aria-sort, and are role="button" (a role that may
 * not carry aria-sort). We put the header cells back to plain column headers (still focusable and
 * sorted with Enter by the library) and tell assistive technology how the table is sorted.
 */
export function useAriaSort(
  tableRef: RefObject<HTMLTableElement | null>,
  columns: AriaSortColumn[],
  sort: { columnAccessor: string; direction: 'asc' | 'desc' },
  /** Header cells before the first column (a selection checkbox). */
  leadingCells = 0,
) {
  useEffect(() => {
    const headers = tableRef.current?.querySelectorAll<HTMLTableCellElement>(':scope > thead > tr > th');
    if (!headers) return;
    columns.forEach((column, index) => {
      const th = headers[index + leadingCells];
      if (!th || !column.sortable) return;
      th.removeAttribute('role');
      th.setAttribute('scope', 'col');
      const sorted = sort.columnAccessor === column.accessor;
      th.setAttribute('aria-sort', sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none');
    });
  });
}
