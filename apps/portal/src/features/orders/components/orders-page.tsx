// /orders: the company's orders. Filters, sort and page live in the URL (orders-search.ts), so a
// filtered view survives a reload; rows of unfinished orders refresh on their own (useOrders polls).
import { Anchor, Badge, Button, EmptyState, Group, Menu, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconClipboardList, IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Order, OrderType } from '@clearlane/contract/orders';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { placeOrderLinksFor } from '../../../lib/place-order-links.ts';
import { useOrders } from '../api/get-orders.ts';
import { useTags } from '../api/get-tags.ts';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import {
  isReviewedOf, ORDER_FILTER_KEYS, ORDER_STATUS_OPTIONS, ORDER_TYPE_OPTIONS, orderTypeParamOf, orderTypesOf, ordersQueryOf, OUTCOME_OPTIONS, reviewedChoiceOf, type OrderSortKey, type OrdersSearch,
  type ReviewedChoice,
} from '../orders-search.ts';
import { OrderStatusBadge, OutcomeBadge } from './order-badges.tsx';
import { OrderResultCell } from '../../../components/order-result/order-result.tsx';
import { formatDateTime, preciseTimeFormat } from './format.ts';
import { ReviewedSwitch } from './reviewed-switch.tsx';
import { SubStatusSettingsButton } from './sub-status-settings-button.tsx';
import { DateRangeFilter } from '../../../components/list-view/date-range-filter.tsx';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';
import { useMayDownloadReports } from '../../../components/report-bundles/download-reports-button.tsx';
import { useState } from 'react';
import { bundleScopeOf, emptySelection, offersAllMatching, selectedCount, selectionIn, viewKeyOf, type OrderSelection } from '../order-selection.ts';
import { OrderSelectionBar } from './order-selection-bar.tsx';

const routeApi = getRouteApi('/_authenticated/orders/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, OrderSortKey> = {
  subjectLabel: 'subjectLabel',
  type: 'type',
  status: 'status',
  outcome: 'outcome',
  createdAt: 'createdAt',
};

const REVIEWED_OPTIONS: { value: ReviewedChoice; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Reviewed' },
  { value: 'no', label: 'Not reviewed' },
];

export function OrdersPage() {
  const search = routeApi.useSearch();
  const query = ordersQueryOf(search);
  const orders = useOrders(query);
  const tags = useTags();
  const { plugins } = useUserContext();
  const list = useListView<OrdersSearch>({ search, sort: query.sort, sortFields: SORT_FIELD_OF, filterKeys: ORDER_FILTER_KEYS });
  // Orders are selected to download their reports as one bundle (issue 10): only with the downloads plugin.
  const maySelect = useMayDownloadReports();
  const viewKey = viewKeyOf(query);
  const [storedSelection, setSelection] = useState<OrderSelection>(() => emptySelection(viewKey));
  const selection = selectionIn(storedSelection, viewKey);
  const pageRows = orders.data?.content ?? [];
  const totalMatching = orders.data?.page.totalElements ?? 0;

  const columns: ListColumn<Order>[] = [
    {
      accessor: 'subjectLabel',
      title: 'Subject',
      sortable: true,
      render: (order) => (
        <Stack gap={4}>
          {/* At most three lines on a phone's narrow column (the whole name is the link's name and its title). */}
          <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: order.id }} />} fz="sm" fw={600} lineClamp={3} title={order.subjectLabel}>
            {order.subjectLabel}
          </Anchor>
          {/* Tags from a tablet's width on; on a phone the order's page shows them, and the rows stay short. */}
          {order.tags.length > 0 && (
            <Group gap={4} visibleFrom="sm">
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
    { accessor: 'type', title: 'Type', sortable: true, priority: 2, render: (order) => <Text fz="sm">{ORDER_TYPE_LABELS[order.type]}</Text> },
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
      render: (order) => <OrderResultCell outcome={order.outcome && <OutcomeBadge outcome={order.outcome} />} summary={order.resultSummary} />,
    },
    {
      accessor: 'createdAt',
      priority: 2,
      title: 'Ordered',
      sortable: true,
      render: (order) => (
        <time dateTime={order.createdAt} title={preciseTimeFormat.format(new Date(order.createdAt))} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(order.createdAt)}
        </time>
      ),
    },
    { accessor: 'isReviewed', title: 'Reviewed', width: 100, priority: 3, render: (order) => <ReviewedSwitch order={order} /> },
  ];
  const tagOptions = [...new Set([...(tags.data ?? []).map((tag) => tag.name), ...(search.tag ? [search.tag] : [])])].sort((a, b) => a.localeCompare(b));

  return (
    <Stack gap="lg">
      <ListHeader
        title="Orders"
        description="Reports ordered by your company, newest first. Unfinished orders update on their own."
        action={
          <Group gap="sm">
          <Can I="manage" a="Order">
            <SubStatusSettingsButton />
          </Can>
          <Can I="create" a="Order">
            <Menu position="bottom-end" width={260}>
              <Menu.Target>
                <Button leftSection={<IconPlus size={18} aria-hidden />} rightSection={<IconChevronDown size={16} aria-hidden />}>
                  Place an order
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {placeOrderLinksFor(plugins).map(({ to, label, icon: Icon }) => (
                  <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
                    {label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Can>
          </Group>
        }
      />
      <ListFilters list={list} label="Filter orders" searchPlaceholder="Name, VIN or reference" searchWidth={220}>
        <MultiSelect
          label="Type"
          placeholder={search.type === undefined ? 'All types' : undefined}
          data={ORDER_TYPE_OPTIONS.map((type) => ({ value: type, label: ORDER_TYPE_LABELS[type] }))}
          value={orderTypesOf(search.type)}
          onChange={(values) => list.setSearch({ type: orderTypeParamOf(values as OrderType[]) })}
          clearable
          w={filterWidth(240)}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={ORDER_STATUS_OPTIONS.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))}
          value={search.status ?? null}
          onChange={(value) => list.setSearch({ status: (value as OrdersSearch['status']) ?? undefined })}
          clearable
          w={filterWidth(150)}
        />
        <Select
          label="Outcome"
          placeholder="All outcomes"
          data={OUTCOME_OPTIONS.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome] }))}
          value={search.outcome ?? null}
          onChange={(value) => list.setSearch({ outcome: (value as OrdersSearch['outcome']) ?? undefined })}
          clearable
          w={filterWidth(150)}
        />
        <Select
          label="Reviewed"
          data={REVIEWED_OPTIONS}
          value={reviewedChoiceOf(search.isReviewed)}
          onChange={(value) => list.setSearch({ isReviewed: isReviewedOf((value as ReviewedChoice | null) ?? 'any') })}
          allowDeselect={false}
          w={filterWidth(150)}
        />
        <DateRangeFilter list={list} fromLabel="Ordered from" toLabel="Ordered to" />
        <Select
          label="Tag"
          placeholder={tagOptions.length > 0 ? 'Any tag' : 'No tags yet'}
          data={tagOptions}
          value={search.tag ?? null}
          onChange={(value) => list.setSearch({ tag: value ?? undefined })}
          searchable
          clearable
          nothingFoundMessage="No such tag"
          w={filterWidth(180)}
        />
      </ListFilters>
      {maySelect && selection.ids.length > 0 && (
        <OrderSelectionBar
          count={selectedCount(selection, totalMatching)}
          allMatching={selection.allMatching}
          offerAllOf={offersAllMatching(selection, pageRows, totalMatching) ? totalMatching : undefined}
          onSelectAll={() => setSelection({ ...selection, allMatching: true })}
          onClear={() => setSelection(emptySelection(viewKey))}
          scope={bundleScopeOf(selection, query, pageRows, totalMatching)}
        />
      )}
      <ListTable
        linksToDetails
        list={list}
        result={orders}
        columns={columns}
        label="Orders"
        selection={
          maySelect
            ? {
                selected: pageRows.filter((order) => selection.ids.includes(order.id)),
                // Unticking a row leaves "all matching": the selection is the rows ticked again.
                onChange: (rows) => setSelection({ viewKey, ids: rows.map((order) => order.id), allMatching: false }),
                rowLabel: (order) => `Select ${order.subjectLabel}, ${ORDER_TYPE_LABELS[order.type]}`,
              }
            : undefined
        }
        noun={{ one: 'order', other: 'orders' }}
        empty={{
          icon: <IconClipboardList size={28} aria-hidden />,
          title: 'No orders yet',
          description: 'Orders you place appear here with their status and outcome.',
          actions: (
            <Can I="create" a="Order">
              <EmptyState.Actions>
                <Button component={Link} to="/orders/mvr/single-order" variant="light">
                  Order an MVR
                </Button>
              </EmptyState.Actions>
            </Can>
          ),
          filteredTitle: 'No orders match your filters',
          filteredDescription: 'Try other filters, or clear them to see every order.',
        }}
      />
    </Stack>
  );
}
