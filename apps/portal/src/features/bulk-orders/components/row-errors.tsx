// A refused sheet: "N errors in M rows", that nothing was ordered and what to do, then every error
// (row, column, value, message) in a table sortable by row.
import { Alert, Code, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { forwardRef, useMemo, useState } from 'react';
import type { BulkRowError } from '@clearlane/contract/bulk-orders';
import { formatCount, rowErrorSummary, sentence } from './format.ts';
import { SortableDataTable } from '../../../components/sortable-data-table.tsx';

const PAGE_SIZES = [25, 50, 100];
type ErrorRecord = BulkRowError & { key: string };

export const RowErrors = forwardRef<HTMLHeadingElement, { fileName: string; rowErrors: BulkRowError[]; rowErrorCount: number }>(function RowErrors({ fileName, rowErrors, rowErrorCount }, headingRef) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<ErrorRecord>>({ columnAccessor: 'row', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);

  const records = useMemo(() => {
    const keyed = rowErrors.map((error, index) => ({ ...error, key: `${error.row}-${error.column}-${index}` }));
    // Stable: errors of one row keep the server's (column) order.
    const direction = sortStatus.direction === 'asc' ? 1 : -1;
    return keyed.sort((a, b) => (a.row - b.row) * direction);
  }, [rowErrors, sortStatus.direction]);
  const pageRecords = records.slice((page - 1) * pageSize, page * pageSize);
  const summary = rowErrorSummary(rowErrors, rowErrorCount);

  const columns: DataTableColumn<ErrorRecord>[] = [
    { accessor: 'row', title: 'Row', sortable: true, width: 90, textAlign: 'right' },
    {
      accessor: 'column',
      title: 'Column',
      render: (error) =>
        error.column ? (
          <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {error.column}
          </Text>
        ) : (
          <Text span fz="sm" c="dimmed">
            Whole row
          </Text>
        ),
    },
    {
      accessor: 'value',
      title: 'Value',
      render: (error) =>
        error.value === '' ? (
          <Text span fz="sm" c="dimmed">
            (empty)
          </Text>
        ) : (
          // Short values on one line; long ones wrap anywhere rather than widen the table.
          <Code style={error.value.length > 24 ? { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } : { whiteSpace: 'pre' }}>{error.value}</Code>
        ),
    },
    { accessor: 'message', title: 'Problem', render: (error) => sentence(error.message) },
  ];

  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="region" aria-labelledby="row-errors-heading">
        <Stack gap="xs">
          <Title order={2} fz="lg" id="row-errors-heading" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {summary} — no orders were placed
          </Title>
          <Text fz="sm">
            Every row of <strong>{fileName}</strong> is checked before anything is ordered, and these rows have problems, so none of the sheet was ordered.
          </Text>
          <List size="sm" type="ordered" spacing={2}>
            <List.Item>Correct each cell listed below in your sheet (the row numbers are those your spreadsheet shows).</List.Item>
            <List.Item>Save it and upload the whole sheet again: all its orders are placed at once when no row has a problem.</List.Item>
          </List>
          {rowErrorCount > rowErrors.length && (
            <Text fz="sm" fw={600}>
              The first {formatCount(rowErrors.length)} of {formatCount(rowErrorCount)} errors are listed; upload again after fixing them to see the rest.
            </Text>
          )}
        </Stack>
      </Alert>

      <SortableDataTable<ErrorRecord>
        withTableBorder
        borderRadius="md"
        striped
        verticalSpacing="xs"
        records={pageRecords}
        idAccessor="key"
        columns={columns}
        sortStatus={sortStatus}
        onSortStatusChange={(status) => {
          setSortStatus(status);
          setPage(1);
        }}
        page={page}
        onPageChange={setPage}
        totalRecords={records.length}
        recordsPerPage={pageSize}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        recordsPerPageLabel="Errors per page"
        paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${formatCount(totalRecords)} listed error${totalRecords === 1 ? '' : 's'}`}
        getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
        getPaginationItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        aria-label="Errors in the sheet"
      />
    </Stack>
  );
});
