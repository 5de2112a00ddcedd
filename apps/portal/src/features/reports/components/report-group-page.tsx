// /reports/group/{id}: a batch of orders (a bulk upload). How far it has got — a progress bar,
// "412 of 500 finished", counts by status — refreshed every 2 s until every order has finished;
// then the outcomes; and the orders themselves, each leading to its order page.
import { Alert, Anchor, Badge, Breadcrumbs, Group, Loader, Paper, Progress, Select, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useMemo, useState } from 'react';
import type { Outcome } from '@clearlane/contract/orders';
import type { ReportGroup } from '@clearlane/contract/reports';
import { useReportGroup } from '../api/get-report-group.ts';
import { OutcomeBadge } from './badges.tsx';
import { AnchorLink } from './router-links.tsx';
import { OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import { formatDateTime, plural, wholeNumber } from './format.ts';
import { groupProgress, STATUS_ORDER } from './group-progress.ts';

const routeApi = getRouteApi('/_authenticated/reports/group/$id');

type GroupOrder = ReportGroup['orders'][number];

const ORDER_TYPE_LABELS: Record<string, string> = {
  MVR: 'MVR',
  MVR_WITH_ADJUDICATION: 'MVR, adjudicated',
  PERSON_RISK_ASSESSMENT: 'Person risk',
  BUSINESS_RISK_INFORM_REPORT: 'Business risk',
  VIN_REPORT: 'VIN report',
};
const STATUS_COLORS: Record<string, string> = { New: 'gray.7', Ordered: 'lane.7', Received: 'lane.9', Complete: 'teal.9', Failed: 'red.9', Error: 'red.9' };
const PAGE_SIZES = [25, 50, 100];

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray.7'} variant={status === 'New' ? 'outline' : 'filled'} style={{ minWidth: 'max-content' }}>
      {status}
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
  const { data: group, error, isRefetchError } = useReportGroup(id);
  useDocumentTitle(`${group.name} · Clearlane`);
  const progress = useMemo(() => groupProgress(group), [group]);
  const [statusFilter, setStatusFilter] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);

  const visibleOrders = useMemo(() => (statusFilter ? group.orders.filter((order) => order.status === statusFilter) : group.orders), [group.orders, statusFilter]);
  const lastPage = Math.max(1, Math.ceil(visibleOrders.length / pageSize));
  const currentPage = Math.min(page, lastPage);
  const pageOrders = visibleOrders.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const finishedText = `${wholeNumber.format(progress.finished)} of ${wholeNumber.format(progress.total)} finished`;

  const columns: DataTableColumn<GroupOrder>[] = [
    {
      accessor: 'subjectLabel',
      title: 'Subject',
      render: (order) => (
        <AnchorLink to="/orders/$id" params={{ id: order.id }} fz="sm" fw={600}>
          {order.subjectLabel}
        </AnchorLink>
      ),
    },
    { accessor: 'type', title: 'Order type', render: (order) => ORDER_TYPE_LABELS[order.type] ?? order.type },
    { accessor: 'status', title: 'Status', render: (order) => <StatusBadge status={order.status} /> },
    { accessor: 'outcome', title: 'Outcome', render: (order) => <OutcomeBadge outcome={order.outcome} adjudicable={order.status === 'Complete' && order.type.startsWith('MVR')} /> },
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/reports" fz="sm">
          Reports
        </Anchor>
        <Text fz="sm" aria-current="page">
          {group.name}
        </Text>
      </Breadcrumbs>

      <Stack gap={4}>
        <Text fz="sm" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          Report group
        </Text>
        <Title order={1}>{group.name}</Title>
        <Text c="dimmed" fz="sm">
          {plural(group.totalOrders, 'order')}
          {group.fileName ? ` from ${group.fileName}` : ''}, created {formatDateTime(group.createdAt)}
        </Text>
      </Stack>

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
              <Count key={status} label={status} value={group.progress.byStatus[status] ?? 0} color={(status === 'Failed' || status === 'Error') && (group.progress.byStatus[status] ?? 0) > 0 ? 'red.9' : undefined} />
            ))}
          </SimpleGrid>
          {isRefetchError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Progress could not be refreshed">
              {error?.message} Trying again in a few seconds.
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
            <Select
              label="Status"
              placeholder="All statuses"
              data={progress.statusCounts.map(([status, count]) => ({ value: status, label: `${status} (${wholeNumber.format(count)})` }))}
              value={statusFilter}
              onChange={(value) => {
                setStatusFilter(value);
                setPage(1);
              }}
              clearable
              w={220}
            />
          </Group>
          <DataTable<GroupOrder>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            verticalSpacing="xs"
            minHeight={120}
            records={pageOrders}
            idAccessor="id"
            columns={columns}
            noRecordsText={statusFilter ? `No orders are ${statusFilter.toLowerCase()}` : 'This group has no orders'}
            page={currentPage}
            onPageChange={setPage}
            totalRecords={visibleOrders.length}
            recordsPerPage={pageSize}
            recordsPerPageOptions={PAGE_SIZES}
            onRecordsPerPageChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            recordsPerPageLabel="Orders per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${wholeNumber.format(totalRecords)} order${totalRecords === 1 ? '' : 's'}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            getPaginationItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            aria-label="Orders of the group"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
