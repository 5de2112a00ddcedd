// /reports/group/{id}: a batch of orders (a bulk upload, up to 10,000). How far the whole batch has
// got — a progress bar, "412 of 500 finished", counts by status — refreshed every 2 s until every
// order has finished; then the outcomes; and one page of the orders, each leading to its order page.
// The page, size, sort and filters live in the URL (?page=2&status=Error), like every list's; the
// counts always cover the whole group, whatever page is on screen.
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Progress, Select, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useSearch } from '@tanstack/react-router';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useMemo } from 'react';
import type { OrderStatus, Outcome } from '@clearlane/contract/orders';
import type { ReportGroup, ReportGroupOrder } from '@clearlane/contract/reports';
import {
  DEFAULT_GROUP_SORT, GROUP_PAGE_SIZES, reportGroupQueryOf, reportGroupQueryOptions, reportGroupSearchSchema, useReportGroup,
  type GroupSortKey, type ReportGroupSearch,
} from '../api/get-report-group.ts';
import { OutcomeBadge } from './badges.tsx';
import { AnchorLink } from './router-links.tsx';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { SortableDataTable } from '../../../components/sortable-data-table.tsx';
import { usePrioritizedColumns, type ListColumn } from '../../../components/list-view/column-priority.tsx';
import { pageInsteadOfPastEnd } from '../../../components/list-view/page-past-end.ts';
import { DownloadReportsButton, useMayDownloadReports } from '../../../components/report-bundles/download-reports-button.tsx';
import { formatDateTime, plural, wholeNumber } from './format.ts';
import { groupProgress, NOT_ADJUDICATED, STATUS_ORDER } from './group-progress.ts';

const routeApi = getRouteApi('/_authenticated/reports/group/$id');

const SORTABLE: readonly string[] = ['subjectLabel', 'type', 'status', 'outcome'] satisfies GroupSortKey[];

function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={ORDER_STATUS_COLORS[status] ?? 'gray.7'} variant={status === 'New' ? 'outline' : 'filled'} style={{ minWidth: 'max-content' }}>
      {ORDER_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz={24} fw={700} lh={1.1} c={color}>
        {wholeNumber.format(value)}
      </Text>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

export function ReportGroupPage() {
  const { id } = routeApi.useParams();
  // Read and checked here, so a hand-edited value falls back to its default instead of failing the page.
  const search = reportGroupSearchSchema.parse(useSearch({ strict: false }));
  const query = reportGroupQueryOf(search);
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const view = useReportGroup(id, query);
  const mayDownload = useMayDownloadReports();
  // The route's loader fetched the group's first page; until the URL's own view has answered, that
  // answer's group and progress (the whole group's either way) stand in, so the page never blanks.
  const group: ReportGroup | undefined = view.data ?? queryClient.getQueryData(reportGroupQueryOptions(id).queryKey);
  const orders = view.data?.orders;
  useDocumentTitle(group ? `${group.name} · Clearlane` : 'Report group · Clearlane');

  const setSearch = (patch: Partial<ReportGroupSearch>, keepPage = false) =>
    navigate({ search: (previous) => ({ ...previous, ...patch, ...(keepPage ? {} : { page: undefined }) }), replace: true });

  // A page past the end (a hand-edited URL, or a filter that now matches fewer orders) goes to the last one.
  const answered = view.data && !view.isPlaceholderData ? view.data.orders.page : undefined;
  const lastPage = answered ? pageInsteadOfPastEnd(answered) : undefined;
  useEffect(() => {
    if (lastPage !== undefined) void setSearch({ page: lastPage || undefined }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setSearch is a new function every render; the target page is what matters
  }, [lastPage]);

  const progress = useMemo(() => (group ? groupProgress(group) : undefined), [group]);
  const [sortField = 'createdAt', sortDirection = 'asc'] = query.sort.split(',') as [GroupSortKey, 'asc' | 'desc'];
  const sortStatus: DataTableSortStatus<ReportGroupOrder> = { columnAccessor: sortField, direction: sortDirection };

  // On a phone the order type is left out (each order's page says it): subject, status and outcome stay.
  const columns: ListColumn<ReportGroupOrder>[] = [
    {
      accessor: 'subjectLabel',
      title: 'Subject',
      sortable: true,
      render: (order) => (
        <AnchorLink to="/orders/$id" params={{ id: order.id }} fz="sm" fw={600}>
          {order.subjectLabel}
        </AnchorLink>
      ),
    },
    { accessor: 'type', title: 'Order type', sortable: true, priority: 2, render: (order) => ORDER_TYPE_LABELS[order.type] ?? order.type },
    { accessor: 'status', title: 'Status', sortable: true, render: (order) => <StatusBadge status={order.status} /> },
    {
      accessor: 'outcome',
      title: 'Outcome',
      sortable: true,
      render: (order) => <OutcomeBadge outcome={order.outcome} adjudicable={order.status === 'Complete' && order.type.startsWith('MVR')} />,
    },
  ];

  const priority = usePrioritizedColumns(columns, { linksToDetails: true });

  if (!group || !progress) {
    return (
      <Group gap="sm" p="xl" aria-busy="true">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the report group…</Text>
      </Group>
    );
  }

  const finishedText = `${wholeNumber.format(progress.finished)} of ${wholeNumber.format(progress.total)} finished`;
  const filtered = Boolean(search.status || search.outcome);
  const outcomeOptions = progress.outcomeCounts.filter(([outcome]) => outcome !== NOT_ADJUDICATED);
  const noRecordsText = !filtered
    ? 'This group has no orders'
    : `No orders ${[search.status && `are ${ORDER_STATUS_LABELS[search.status].toLowerCase()}`, search.outcome && `have the outcome ${OUTCOME_LABELS[search.outcome]}`].filter(Boolean).join(' and ')}`;

  return (
    <Stack gap="lg" maw={1100}>
      <DetailHeader
        trail={[{ label: 'Reports', to: '/reports' }]}
        current={group.name}
        kicker="Report group"
        title={group.name}
        actions={
          mayDownload && (
            // The group's complete MVRs as one bundle (the dialog counts them), by the orders list's reportGroupId filter.
            <DownloadReportsButton scope={{ kind: 'filter', filter: { reportGroupId: group.id }, description: `the report group “${group.name}”` }} />
          )
        }
      >
        <Text c="dimmed" fz="sm">
          {plural(group.totalOrders, 'order')}
          {group.fileName ? ` from ${group.fileName}` : ''}, created {formatDateTime(group.createdAt)}
        </Text>
        <Anchor fz="sm" renderRoot={(props) => <Link {...props} to="/orders" search={{ reportGroupId: group.id }} />}>
          Search and filter these orders in the orders list
        </Anchor>
      </DetailHeader>

      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="group-progress-heading">
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={2} fz="lg" id="group-progress-heading">
              Progress
            </Title>
            {progress.isFinished ? (
              <Group gap={6}>
                <IconCircleCheck size={18} color="var(--mantine-color-teal-9)" aria-hidden />
                <Text fz="sm" fw={600}>
                  All orders finished
                </Text>
              </Group>
            ) : (
              <Group gap={6}>
                <Loader size={16} aria-hidden />
                <Text fz="sm" c="dimmed">
                  Processing — updates every few seconds
                </Text>
              </Group>
            )}
          </Group>
          <Text fz="xl" fw={700}>
            {finishedText}
            <Text span fz="sm" fw={400} c="dimmed">
              {' '}
              ({progress.percentFinished} %)
            </Text>
          </Text>
          <Progress.Root size="lg" radius="md" role="progressbar" aria-label="Orders finished" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.finished} aria-valuetext={finishedText}>
            <Progress.Section withAria={false} value={progress.total ? (progress.complete / progress.total) * 100 : 0} color="teal.8" />
            <Progress.Section withAria={false} value={progress.total ? (progress.unsuccessful / progress.total) * 100 : 0} color="red.8" />
          </Progress.Root>
          {/* Announced once, when the last order finishes; not on every refresh. */}
          <VisuallyHidden role="status">{progress.isFinished ? `All ${wholeNumber.format(progress.total)} orders finished.` : ''}</VisuallyHidden>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" role="group" aria-label="Orders by status">
            {STATUS_ORDER.map((status) => (
              <Count
                key={status}
                label={ORDER_STATUS_LABELS[status]}
                value={group.progress.byStatus[status] ?? 0}
                color={(status === 'Failed' || status === 'Error') && (group.progress.byStatus[status] ?? 0) > 0 ? 'red.9' : undefined}
              />
            ))}
          </SimpleGrid>
          {view.isRefetchError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Progress could not be refreshed">
              {view.error?.message} Trying again in a few seconds.
            </Alert>
          )}
        </Stack>
      </Paper>

      {progress.isFinished && (
        <Paper component="section" withBorder radius="md" p="md" aria-labelledby="group-outcomes-heading">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="group-outcomes-heading">
              Outcomes
            </Title>
            <Text fz="sm" c="dimmed">
              {plural(progress.complete, 'order')} completed with a report
              {progress.unsuccessful > 0 ? `; ${plural(progress.unsuccessful, 'order')} failed or ended in error (see the orders below).` : '.'}
            </Text>
            {progress.outcomeCounts.length > 0 && (
              <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" role="group" aria-label="Completed orders by outcome">
                {progress.outcomeCounts.map(([outcome, count]) => (
                  <Count key={outcome} label={OUTCOME_LABELS[outcome as Outcome] ?? outcome} value={count} color={outcome === 'Fail' ? 'red.9' : outcome === 'Pass' ? 'teal.9' : undefined} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
      )}

      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="group-orders-heading">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} fz="lg" id="group-orders-heading">
              Orders
            </Title>
            <Group gap="sm" align="flex-end" role="search" aria-label="Filter the orders">
              {(filtered || query.sort !== DEFAULT_GROUP_SORT) && (
                <Button variant="subtle" onClick={() => void setSearch({ status: undefined, outcome: undefined, sort: undefined })}>
                  Show all, as placed
                </Button>
              )}
              {(outcomeOptions.length > 0 || search.outcome) && (
                <Select
                  label="Outcome"
                  placeholder="All outcomes"
                  data={outcomeOptions.map(([outcome, count]) => ({ value: outcome, label: `${OUTCOME_LABELS[outcome as Outcome] ?? outcome} (${wholeNumber.format(count)})` }))}
                  value={search.outcome ?? null}
                  onChange={(value) => void setSearch({ outcome: (value as Outcome | null) ?? undefined })}
                  clearable
                  w={200}
                />
              )}
              <Select
                label="Status"
                placeholder="All statuses"
                data={progress.statusCounts.map(([status, count]) => ({ value: status, label: `${ORDER_STATUS_LABELS[status as OrderStatus] ?? status} (${wholeNumber.format(count)})` }))}
                value={search.status ?? null}
                onChange={(value) => void setSearch({ status: (value as OrderStatus | null) ?? undefined })}
                clearable
                w={200}
              />
            </Group>
          </Group>
          {view.error && !view.data && !view.isFetching ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title="The orders could not be loaded">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{view.error.message}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void view.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : (
            <SortableDataTable<ReportGroupOrder>
              {...priority.tableProps}
              withTableBorder
              borderRadius="md"
              highlightOnHover
              verticalSpacing="xs"
              minHeight={120}
              records={orders?.content ?? []}
              idAccessor="id"
              columns={priority.columns}
              sortStatus={sortStatus}
              onSortStatusChange={(status) => {
                const field = String(status.columnAccessor);
                if (!SORTABLE.includes(field)) return;
                // A newly chosen column starts ascending; clicking the sorted column again flips it.
                void setSearch({ sort: `${field},${field === sortField ? status.direction : 'asc'}` });
              }}
              fetching={view.isFetching && (view.isPlaceholderData || !view.data)}
              loadingText="Loading orders…"
              noRecordsText={noRecordsText}
              page={(orders?.page.number ?? query.page) + 1}
              onPageChange={(page) => void setSearch({ page: page - 1 }, true)}
              totalRecords={orders?.page.totalElements ?? 0}
              recordsPerPage={query.size}
              recordsPerPageOptions={[...GROUP_PAGE_SIZES]}
              onRecordsPerPageChange={(size) => void setSearch({ size: size as ReportGroupSearch['size'] })}
              recordsPerPageLabel="Orders per page"
              paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${wholeNumber.format(totalRecords)} order${totalRecords === 1 ? '' : 's'}`}
              getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
              getPaginationItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              aria-label="Orders of the group"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
