// /reports: the company's reports (completed orders). Type filter, sort and page live in the URL
// (reports-search.ts); each row leads to the report.
import { Alert, Box, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconFileText } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useRef } from 'react';
import type { ReportSummary } from '@clearlane/contract/reports';
import { useReports } from '../api/get-reports.ts';
import { REPORT_TYPE_OPTIONS, REPORTS_PAGE_SIZES, reportsQueryOf, type ReportSortKey, type ReportsSearch } from '../reports-search.ts';
import { OutcomeBadge } from './badges.tsx';
import { AnchorLink } from './router-links.tsx';
import { REPORT_TYPE_LABELS } from '../../../lib/order-labels.ts';
import { dateTime } from './format.ts';
import { useAriaSort } from '../../../components/use-aria-sort.ts';

const routeApi = getRouteApi('/_authenticated/reports/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, ReportSortKey> = {
  reportType: 'reportType',
  subjectLabel: 'subjectLabel',
  completedAt: 'completedAt',
  orderedAt: 'orderedAt',
};

function When({ value }: { value: string }) {
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {dateTime.format(new Date(value))}
    </time>
  );
}

export function ReportsPage() {
  useDocumentTitle('Reports · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const query = reportsQueryOf(search);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useReports(query);
  const tableRef = useRef<HTMLTableElement>(null!);

  const setSearch = (patch: Partial<ReportsSearch>, keepPage = false) =>
    navigate({ search: (previous) => ({ ...previous, ...patch, ...(keepPage ? {} : { page: undefined }) }), replace: true });
  const filtered = Boolean(search.type);

  const [sortField = 'completedAt', sortDirection = 'desc'] = query.sort.split(',') as [ReportSortKey, 'asc' | 'desc'];
  const sortStatus: DataTableSortStatus<ReportSummary> = { columnAccessor: sortField, direction: sortDirection };

  const columns: DataTableColumn<ReportSummary>[] = [
    {
      accessor: 'reportType',
      title: 'Report type',
      sortable: true,
      render: (report) => (
        <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {REPORT_TYPE_LABELS[report.reportType]}
        </Text>
      ),
    },
    {
      accessor: 'subjectLabel',
      title: 'Subject',
      sortable: true,
      render: (report) => (
        <AnchorLink to="/reports/$id" params={{ id: report.id }} fz="sm" fw={600}>
          {report.subjectLabel}
        </AnchorLink>
      ),
    },
    { accessor: 'outcome', title: 'Outcome', render: (report) => <OutcomeBadge outcome={report.outcome} adjudicable={report.reportType === 'MotorVehicleRecord'} /> },
    { accessor: 'completedAt', title: 'Completed', sortable: true, render: (report) => <When value={report.completedAt} /> },
    { accessor: 'orderedAt', title: 'Ordered', sortable: true, render: (report) => <When value={report.orderedAt} /> },
    {
      accessor: 'isReviewed',
      title: 'Reviewed',
      render: (report) =>
        report.isReviewed ? (
          <Group gap={4} wrap="nowrap">
            <IconCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden />
            <Text span fz="sm">
              Yes
            </Text>
          </Group>
        ) : (
          <Text span fz="sm" c="dimmed">
            No
          </Text>
        ),
    },
  ];
  useAriaSort(tableRef, columns as { accessor: string; sortable?: boolean }[], sortStatus as { columnAccessor: string; direction: 'asc' | 'desc' });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">Completed orders of your company: motor vehicle records, vehicle reports and risk assessments.</Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter reports">
          <Select
            label="Report type"
            placeholder="All report types"
            data={REPORT_TYPE_OPTIONS.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }))}
            value={search.type ?? null}
            onChange={(value) => void setSearch({ type: (value as ReportsSearch['type']) ?? undefined })}
            clearable
            w={260}
          />
          {filtered && (
            <Button variant="subtle" onClick={() => void setSearch({ type: undefined })}>
              Clear filter
            </Button>
          )}
        </Group>
      </Paper>

      {error && !data ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The reports could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isPending ? (
        <ReportsTableSkeleton />
      ) : data && data.content.length === 0 ? (
        <Paper withBorder radius="md" py="xl">
          <EmptyState
            icon={<IconFileText size={28} aria-hidden />}
            withIndicatorBackground
            title={filtered ? `No ${REPORT_TYPE_LABELS[search.type!].toLowerCase()}s yet` : 'No reports yet'}
            description={
              filtered
                ? 'No completed order of this type. Choose another report type or clear the filter.'
                : 'A report appears here as soon as an order completes. Place an order to get your first one.'
            }
          >
            {filtered && (
              <EmptyState.Actions>
                <Button variant="light" onClick={() => void setSearch({ type: undefined })}>
                  Clear filter
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      ) : data ? (
        <Box>
          <DataTable<ReportSummary>
            tableRef={tableRef}
            withTableBorder
            borderRadius="md"
            highlightOnHover
            verticalSpacing="sm"
            minHeight={160}
            records={data.content}
            idAccessor="id"
            columns={columns}
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              const field = SORT_FIELD_OF[String(status.columnAccessor)] ?? 'completedAt';
              // A newly chosen column starts ascending (dates newest first); clicking the sorted column again flips it.
              const direction = field === sortField ? status.direction : field === 'completedAt' || field === 'orderedAt' ? 'desc' : 'asc';
              void setSearch({ sort: `${field},${direction}` });
            }}
            fetching={isFetching && isPlaceholderData}
            loadingText="Loading reports…"
            page={data.page.number + 1}
            onPageChange={(page) => void setSearch({ page: page - 1 }, true)}
            totalRecords={data.page.totalElements}
            recordsPerPage={data.page.size}
            recordsPerPageOptions={[...REPORTS_PAGE_SIZES]}
            onRecordsPerPageChange={(size) => void setSearch({ size: size as ReportsSearch['size'] })}
            recordsPerPageLabel="Reports per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords} report${totalRecords === 1 ? '' : 's'}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            getPaginationItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            aria-label="Reports"
          />
        </Box>
      ) : null}
    </Stack>
  );
}

function ReportsTableSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading reports">
      <Stack gap="md">
        <Skeleton h={20} w="60%" />
        {Array.from({ length: 6 }, (_, index) => (
          <Group key={index} gap="md" wrap="nowrap">
            <Skeleton h={16} w="26%" />
            <Skeleton h={16} w="16%" />
            <Skeleton h={16} w="10%" />
            <Skeleton h={16} w="18%" />
            <Skeleton h={16} w="18%" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
