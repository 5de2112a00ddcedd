// The orders and reports of one driver or business, on its page: every order (type, status, outcome,
// when), and the completed ones as reports. Sort and page are local to the tables: the page's URL
// names the subject, and a reload starts from the newest orders, which is what a reader wants.
// Shared by the drivers and businesses features, which differ only in whose orders and a few words.
import { Alert, Anchor, Badge, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileAnalytics, IconReceipt } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import type { Order, OrderSortField } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { ORDER_STATUS_COLORS, ORDER_TYPE_LABELS, OUTCOME_COLORS, OUTCOME_LABELS, REPORT_LABELS } from '../../lib/order-labels.ts';
import { SortableDataTable } from '../sortable-data-table.tsx';
import { useSubjectOrders, type OrderSubject, type SubjectOrdersQuery } from './get-subject-orders.ts';
import { OrderResultCell } from '../order-result/order-result.tsx';

const PAGE_SIZE = 10;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
type Direction = 'asc' | 'desc';

function StatusBadge({ order }: { order: Order }) {
  return (
    <Badge color={ORDER_STATUS_COLORS[order.status]} variant="filled" style={{ minWidth: 'max-content' }}>
      {order.status}
    </Badge>
  );
}

function OutcomeCell({ order }: { order: Order }) {
  const outcome = order.outcome && (
    <Badge color={OUTCOME_COLORS[order.outcome]} variant="filled" style={{ minWidth: 'max-content' }}>
      {OUTCOME_LABELS[order.outcome]}
    </Badge>
  );
  return <OrderResultCell outcome={outcome} summary={order.resultSummary} />;
}

function When({ value }: { value: string | null }) {
  if (!value) return null;
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {dateTime.format(new Date(value))}
    </time>
  );
}

function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: 3 }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton h={16} w="30%" />
          <Skeleton h={16} w="15%" />
          <Skeleton h={16} w="15%" />
          <Skeleton h={16} w="25%" />
        </Group>
      ))}
    </Stack>
  );
}

function LoadError({ what, error, retry }: { what: string; error: Error; retry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title={`The ${what} could not be loaded`}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{error.message}</Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** A table of orders with sortable headers (aria-sort) and its own pagination. */
function OrdersTable({
  label,
  noun,
  data,
  fetching,
  columns,
  sort,
  onSort,
  onPage,
  rowLink,
}: {
  label: string;
  noun: [string, string];
  data: Page<Order>;
  fetching: boolean;
  columns: DataTableColumn<Order>[];
  sort: DataTableSortStatus<Order>;
  onSort: (column: string, direction: Direction) => void;
  onPage: (page: number) => void;
  rowLink: (order: Order) => void;
}) {
  return (
    <SortableDataTable<Order>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="xs"
      records={data.content}
      idAccessor="id"
      columns={columns}
      onRowClick={({ record }) => rowLink(record)}
      sortStatus={sort}
      onSortStatusChange={(status) => {
        const column = String(status.columnAccessor);
        // A newly chosen column starts ascending; clicking the sorted column again flips it.
        onSort(column, column === sort.columnAccessor ? status.direction : 'asc');
      }}
      fetching={fetching}
      page={data.page.number + 1}
      onPageChange={(page) => onPage(page - 1)}
      totalRecords={data.page.totalElements}
      recordsPerPage={data.page.size}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords} ${totalRecords === 1 ? noun[0] : noun[1]}`}
      getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page of ${label.toLowerCase()}` })}
      getPaginationItemProps={(page) => ({ 'aria-label': `Page ${page} of ${label.toLowerCase()}` })}
      aria-label={label}
    />
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** Local sort and page of one table, as the API's query. */
function useTableQuery(subject: OrderSubject, initialSort: `${OrderSortField},${Direction}`, status?: 'Complete') {
  const [sort, setSort] = useState(initialSort);
  const [page, setPage] = useState(0);
  const query: SubjectOrdersQuery = { ...subject, page, size: PAGE_SIZE, sort, ...(status ? { status } : {}) };
  const [field, direction] = sort.split(',') as [OrderSortField, Direction];
  return {
    query,
    field,
    direction,
    setSort: (next: OrderSortField, nextDirection: Direction) => {
      setSort(`${next},${nextDirection}`);
      setPage(0);
    },
    setPage,
  };
}

export interface SubjectOrdersProps {
  subject: OrderSubject;
  /** What the subject is called in the texts and heading ids: "driver", "business". */
  subjectNoun: string;
  /** What the Reports section says its reports are. */
  reportsDescription: string;
  mayViewReports: boolean;
  /** Offered when there are no orders yet, e.g. a link to order a report for the subject. */
  orderAction: ReactNode;
}

export function SubjectOrders({ subject, subjectNoun, reportsDescription, mayViewReports, orderAction }: SubjectOrdersProps) {
  const navigate = useNavigate();
  const orders = useTableQuery(subject, 'createdAt,desc');
  const reports = useTableQuery(subject, 'completedAt,desc', 'Complete');
  const ordersResult = useSubjectOrders(orders.query);
  const reportsResult = useSubjectOrders(reports.query, mayViewReports);

  const orderColumns: DataTableColumn<Order>[] = [
    {
      accessor: 'type',
      title: 'Order',
      sortable: true,
      render: (order) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: order.id }} />}
          fz="sm"
          fw={600}
          style={{ whiteSpace: 'nowrap' }}
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          {ORDER_TYPE_LABELS[order.type]}
        </Anchor>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      render: (order) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge order={order} />
          {order.failureReason && (order.status === 'Failed' || order.status === 'Error') && (
            <Text fz="xs" c="dimmed" lineClamp={2} maw={320}>
              {order.failureReason}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'outcome', title: 'Outcome', sortable: true, render: (order) => <OutcomeCell order={order} /> },
    { accessor: 'createdAt', title: 'Ordered', sortable: true, render: (order) => <When value={order.createdAt} /> },
  ];

  const reportColumns: DataTableColumn<Order>[] = [
    {
      accessor: 'type',
      title: 'Report',
      sortable: true,
      render: (order) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/reports/$id" params={{ id: order.id }} />}
          fz="sm"
          fw={600}
          style={{ whiteSpace: 'nowrap' }}
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          {REPORT_LABELS[order.type]}
        </Anchor>
      ),
    },
    { accessor: 'outcome', title: 'Outcome', sortable: true, render: (order) => <OutcomeCell order={order} /> },
    {
      accessor: 'isReviewed',
      title: 'Reviewed',
      render: (order) => (
        <Text span fz="sm" c={order.isReviewed ? undefined : 'dimmed'}>
          {order.isReviewed ? 'Reviewed' : 'Not reviewed'}
        </Text>
      ),
    },
    { accessor: 'completedAt', title: 'Completed', sortable: true, render: (order) => <When value={order.completedAt} /> },
  ];

  return (
    <>
      <Section id={`${subjectNoun}-orders-heading`} title="Orders" description={`Every report ordered for this ${subjectNoun}, newest first. Open an order to follow it.`}>
        {ordersResult.error && !ordersResult.data ? (
          <LoadError what="orders" error={ordersResult.error} retry={() => void ordersResult.refetch()} />
        ) : !ordersResult.data ? (
          <TableSkeleton label="Loading orders" />
        ) : ordersResult.data.page.totalElements === 0 ? (
          <EmptyState
            icon={<IconReceipt size={24} aria-hidden />}
            withIndicatorBackground
            title="No orders yet"
            description={`Orders placed for this ${subjectNoun} appear here.`}
          >
            {orderAction && <EmptyState.Actions>{orderAction}</EmptyState.Actions>}
          </EmptyState>
        ) : (
          <OrdersTable
            label="Orders"
            noun={['order', 'orders']}
            data={ordersResult.data}
            fetching={ordersResult.isFetching && ordersResult.isPlaceholderData}
            columns={orderColumns}
            sort={{ columnAccessor: orders.field, direction: orders.direction }}
            onSort={(column, direction) => orders.setSort(column as OrderSortField, direction)}
            onPage={orders.setPage}
            rowLink={(order) => void navigate({ to: '/orders/$id', params: { id: order.id } })}
          />
        )}
      </Section>

      {mayViewReports && (
        <Section id={`${subjectNoun}-reports-heading`} title="Reports" description={reportsDescription}>
          {reportsResult.error && !reportsResult.data ? (
            <LoadError what="reports" error={reportsResult.error} retry={() => void reportsResult.refetch()} />
          ) : !reportsResult.data ? (
            <TableSkeleton label="Loading reports" />
          ) : reportsResult.data.page.totalElements === 0 ? (
            <EmptyState
              icon={<IconFileAnalytics size={24} aria-hidden />}
              withIndicatorBackground
              title="No reports yet"
              description={`A report appears here as soon as one of this ${subjectNoun}'s orders completes.`}
            />
          ) : (
            <OrdersTable
              label="Reports"
              noun={['report', 'reports']}
              data={reportsResult.data}
              fetching={reportsResult.isFetching && reportsResult.isPlaceholderData}
              columns={reportColumns}
              sort={{ columnAccessor: reports.field, direction: reports.direction }}
              onSort={(column, direction) => reports.setSort(column as OrderSortField, direction)}
              onPage={reports.setPage}
              rowLink={(order) => void navigate({ to: '/reports/$id', params: { id: order.id } })}
            />
          )}
        </Section>
      )}
    </>
  );
}
