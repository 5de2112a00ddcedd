// /orders: the company's orders. Filters, sort and page live in the URL (orders-search.ts), so a
// filtered view survives a reload; rows of unfinished orders refresh on their own (useOrders polls).
import { Alert, Anchor, Badge, Box, Button, EmptyState, Group, Menu, Paper, Select, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconAlertCircle, IconBuildingSkyscraper, IconCar, IconChevronDown, IconClipboardList, IconFileSpreadsheet, IconPlus, IconSearch, IconSteeringWheel, IconUserShield, IconX,
} from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useRef, useState } from 'react';
import type { Order } from '@clearlane/contract/orders';
import type { PluginName } from '@clearlane/contract/company';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useOrders } from '../api/get-orders.ts';
import { useTags } from '../api/get-tags.ts';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import {
  DEFAULT_ORDERS_SORT, hasOrderFilters, isReviewedOf, ORDER_FILTER_KEYS, ORDER_STATUS_OPTIONS, ORDER_TYPE_OPTIONS, ORDERS_PAGE_SIZES, ordersQueryOf,
  OUTCOME_OPTIONS, reviewedChoiceOf, type OrderSortKey, type OrdersSearch, type ReviewedChoice,
} from '../orders-search.ts';
import { OrderStatusBadge, OutcomeBadge } from './order-badges.tsx';
import { formatDateTime, preciseTimeFormat } from './format.ts';
import { ReviewedSwitch } from './reviewed-switch.tsx';
import { useAriaSort } from '../../../components/use-aria-sort.ts';

const routeApi = getRouteApi('/_authenticated/orders/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, OrderSortKey> = {
  subjectLabel: 'subjectLabel',
  type: 'type',
  status: 'status',
  outcome: 'outcome',
  createdAt: 'createdAt',
};

// An order type whose plugin is off for the company is not offered (the server would refuse it).
const PLACE_ORDER_LINKS = [
  { to: '/orders/mvr/single-order', label: 'MVR for one driver', icon: IconSteeringWheel },
  { to: '/orders/mvr/multiple-orders', label: 'MVRs from a spreadsheet', icon: IconFileSpreadsheet, plugin: 'bulk-orders' as PluginName },
  { to: '/orders/vin/single-order', label: 'Vehicle (VIN) report', icon: IconCar },
  { to: '/orders/person-risk-assessment/single-order', label: 'Person risk assessment', icon: IconUserShield },
  { to: '/orders/business-risk-assessment/single-order', label: 'Business risk report', icon: IconBuildingSkyscraper, plugin: 'businesses' as PluginName },
] as const;

const REVIEWED_OPTIONS: { value: ReviewedChoice; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Reviewed' },
  { value: 'no', label: 'Not reviewed' },
];

export function OrdersPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const query = ordersQueryOf(search);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useOrders(query);
  const tags = useTags();
  const { plugins } = useUserContext();
  const [text, setText] = useState(search.filter ?? '');
  const tableRef = useRef<HTMLTableElement>(null!);

  const setSearch = (patch: Partial<OrdersSearch>, keepPage = false) =>
    navigate({ search: (previous) => ({ ...previous, ...patch, ...(keepPage ? {} : { page: undefined }) }), replace: true });
  const applyFilter = useDebouncedCallback((value: string) => void setSearch({ filter: value.trim() || undefined }), 300);
  const filtered = hasOrderFilters(search);
  const clearFilters = () => {
    setText('');
    void setSearch(Object.fromEntries(ORDER_FILTER_KEYS.map((key) => [key, undefined])));
  };

  const [sortField = 'createdAt', sortDirection = 'desc'] = (query.sort || DEFAULT_ORDERS_SORT).split(',') as [OrderSortKey, 'asc' | 'desc'];
  const sortStatus: DataTableSortStatus<Order> = { columnAccessor: sortField in SORT_FIELD_OF ? sortField : 'createdAt', direction: sortDirection };

  const columns: DataTableColumn<Order>[] = [
    {
      accessor: 'subjectLabel',
      title: 'Subject',
      sortable: true,
      render: (order) => (
        <Stack gap={4}>
          <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: order.id }} />} fz="sm" fw={600}>
            {order.subjectLabel}
          </Anchor>
          {order.tags.length > 0 && (
            <Group gap={4}>
              {order.tags.map((tag) => (
                <Badge key={tag} size="xs" variant="outline" color="gray.7" radius="sm" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      ),
    },
    { accessor: 'type', title: 'Type', sortable: true, render: (order) => <Text fz="sm">{ORDER_TYPE_LABELS[order.type]}</Text> },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      render: (order) => (
        <Stack gap={2} align="flex-start">
          <OrderStatusBadge status={order.status} />
          {order.subStatus && (
            <Text fz="xs" c="dimmed" lineClamp={1} title={order.subStatus}>
              {order.subStatus}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'outcome',
      title: 'Outcome',
      sortable: true,
      render: (order) =>
        order.outcome ? (
          <OutcomeBadge outcome={order.outcome} />
        ) : (
          <Text span fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'createdAt',
      title: 'Ordered',
      sortable: true,
      render: (order) => (
        <time dateTime={order.createdAt} title={preciseTimeFormat.format(new Date(order.createdAt))} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(order.createdAt)}
        </time>
      ),
    },
    { accessor: 'isReviewed', title: 'Reviewed', width: 100, render: (order) => <ReviewedSwitch order={order} /> },
  ];
  useAriaSort(tableRef, columns as { accessor: string; sortable?: boolean }[], sortStatus as { columnAccessor: string; direction: 'asc' | 'desc' });

  const tagOptions = [...new Set([...(tags.data ?? []).map((tag) => tag.name), ...(search.tag ? [search.tag] : [])])].sort((a, b) => a.localeCompare(b));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Orders</Title>
          <Text c="dimmed">Reports ordered by your company, newest first. Unfinished orders update on their own.</Text>
        </Stack>
        <Can I="create" a="Order">
          <Menu position="bottom-end" width={260}>
            <Menu.Target>
              <Button leftSection={<IconPlus size={18} aria-hidden />} rightSection={<IconChevronDown size={16} aria-hidden />}>
                Place an order
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {PLACE_ORDER_LINKS.filter((link) => !('plugin' in link) || plugins.includes(link.plugin)).map(({ to, label, icon: Icon }) => (
                <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
                  {label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Can>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" role="search" aria-label="Filter orders">
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Driver, business or VIN"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                applyFilter(event.currentTarget.value);
              }}
              rightSection={
                text ? (
                  <Tooltip label="Clear search">
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      color="gray"
                      aria-label="Clear search"
                      onClick={() => {
                        setText('');
                        void setSearch({ filter: undefined });
                      }}
                    >
                      <IconX size={14} aria-hidden />
                    </Button>
                  </Tooltip>
                ) : null
              }
              style={{ flex: '1 1 220px' }}
              maxLength={100}
            />
            <Select
              label="Type"
              placeholder="All types"
              data={ORDER_TYPE_OPTIONS.map((type) => ({ value: type, label: ORDER_TYPE_LABELS[type] }))}
              value={search.type ?? null}
              onChange={(value) => void setSearch({ type: (value as OrdersSearch['type']) ?? undefined })}
              clearable
              w={200}
            />
            <Select
              label="Status"
              placeholder="All statuses"
              data={ORDER_STATUS_OPTIONS.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))}
              value={search.status ?? null}
              onChange={(value) => void setSearch({ status: (value as OrdersSearch['status']) ?? undefined })}
              clearable
              w={150}
            />
            <Select
              label="Outcome"
              placeholder="All outcomes"
              data={OUTCOME_OPTIONS.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome] }))}
              value={search.outcome ?? null}
              onChange={(value) => void setSearch({ outcome: (value as OrdersSearch['outcome']) ?? undefined })}
              clearable
              w={150}
            />
          </Group>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label="Reviewed"
              data={REVIEWED_OPTIONS}
              value={reviewedChoiceOf(search.isReviewed)}
              onChange={(value) => void setSearch({ isReviewed: isReviewedOf((value as ReviewedChoice | null) ?? 'any') })}
              allowDeselect={false}
              w={150}
            />
            <TextInput
              type="date"
              label="Ordered from"
              value={search.from ?? ''}
              max={search.to}
              onChange={(event) => void setSearch({ from: event.currentTarget.value || undefined })}
              w={170}
            />
            <TextInput
              type="date"
              label="Ordered to"
              value={search.to ?? ''}
              min={search.from}
              onChange={(event) => void setSearch({ to: event.currentTarget.value || undefined })}
              w={170}
            />
            <Select
              label="Tag"
              placeholder={tagOptions.length > 0 ? 'Any tag' : 'No tags yet'}
              data={tagOptions}
              value={search.tag ?? null}
              onChange={(value) => void setSearch({ tag: value ?? undefined })}
              searchable
              clearable
              nothingFoundMessage="No such tag"
              w={180}
            />
            {filtered && (
              <Button variant="subtle" onClick={clearFilters}>
                Clear filters
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      {error && !data ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The orders could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isPending ? (
        <OrdersTableSkeleton />
      ) : data && data.content.length === 0 ? (
        <Paper withBorder radius="md" py="xl">
          <EmptyState
            icon={<IconClipboardList size={28} aria-hidden />}
            withIndicatorBackground
            title={filtered ? 'No orders match your filters' : 'No orders yet'}
            description={filtered ? 'Try other filters, or clear them to see every order.' : 'Orders you place appear here with their status and outcome.'}
          >
            <EmptyState.Actions>
              {filtered ? (
                <Button variant="light" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : (
                <Can I="create" a="Order">
                  <Button component={Link} to="/orders/mvr/single-order" variant="light">
                    Order an MVR
                  </Button>
                </Can>
              )}
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : data ? (
        <Box>
          <DataTable<Order>
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
              const field = SORT_FIELD_OF[String(status.columnAccessor)] ?? 'createdAt';
              // A newly chosen column starts ascending; clicking the sorted column again flips it.
              const direction = field === sortField ? status.direction : 'asc';
              void setSearch({ sort: `${field},${direction}` });
            }}
            fetching={isFetching && isPlaceholderData}
            loadingText="Loading orders…"
            page={data.page.number + 1}
            onPageChange={(page) => void setSearch({ page: page - 1 }, true)}
            totalRecords={data.page.totalElements}
            recordsPerPage={data.page.size}
            recordsPerPageOptions={[...ORDERS_PAGE_SIZES]}
            onRecordsPerPageChange={(size) => void setSearch({ size: size as OrdersSearch['size'] })}
            recordsPerPageLabel="Orders per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords} order${totalRecords === 1 ? '' : 's'}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            getPaginationItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            aria-label="Orders"
          />
        </Box>
      ) : null}
    </Stack>
  );
}

function OrdersTableSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading orders">
      <Stack gap="md">
        <Skeleton h={20} w="60%" />
        {Array.from({ length: 6 }, (_, index) => (
          <Group key={index} gap="md" wrap="nowrap">
            <Skeleton h={16} w="28%" />
            <Skeleton h={16} w="16%" />
            <Skeleton h={16} w="10%" />
            <Skeleton h={16} w="10%" />
            <Skeleton h={16} w="18%" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
