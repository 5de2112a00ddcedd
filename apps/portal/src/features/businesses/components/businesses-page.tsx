// /businesses: the company's businesses. Search, state filter, sort and page live in the URL (businesses-search.ts).
import { Alert, Anchor, Box, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconSearch, IconBuildingPlus, IconBuildingSkyscraper, IconX } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useRef, useState } from 'react';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import type { Business } from '@clearlane/contract/businesses';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useBusinesses } from '../api/get-businesses.ts';
import { BUSINESSES_PAGE_SIZES, businessesQueryOf, STATE_CODES, type BusinessSortKey, type BusinessesSearch } from '../businesses-search.ts';
import { date, dateTime, einOf } from './format.ts';
import { useAriaSort } from '../../../components/use-aria-sort.ts';

const routeApi = getRouteApi('/_authenticated/businesses/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, BusinessSortKey> = {
  name: 'name',
  state: 'state',
  createdAt: 'createdAt',
};
const COLUMN_OF_SORT_FIELD: Record<string, string> = Object.fromEntries(Object.entries(SORT_FIELD_OF).map(([column, field]) => [field, column]));

const STATE_FILTER_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: `${LICENCE_FORMATS[code].name} (${code})` })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

export function BusinessesPage() {
  useDocumentTitle('Businesses · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const context = useUserContext();
  const query = businessesQueryOf(search);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useBusinesses(query);
  const [text, setText] = useState(search.filter ?? '');
  const tableRef = useRef<HTMLTableElement>(null!);

  const setSearch = (patch: Partial<BusinessesSearch>, keepPage = false) =>
    navigate({ search: (previous) => ({ ...previous, ...patch, ...(keepPage ? {} : { page: undefined }) }), replace: true });
  const applyFilter = useDebouncedCallback((value: string) => void setSearch({ filter: value.trim() || undefined }), 300);
  const filtered = Boolean(search.filter || search.state);
  const clearFilters = () => {
    setText('');
    void setSearch({ filter: undefined, state: undefined });
  };

  const [sortField = 'createdAt', sortDirection = 'desc'] = query.sort.split(',') as [BusinessSortKey, 'asc' | 'desc'];
  const sortStatus: DataTableSortStatus<Business> = { columnAccessor: COLUMN_OF_SORT_FIELD[sortField] ?? 'createdAt', direction: sortDirection };

  const columns: DataTableColumn<Business>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (business) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/businesses/$id" params={{ id: business.id }} />}
          fz="sm"
          fw={600}
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          {business.name}
        </Anchor>
      ),
    },
    {
      accessor: 'ein',
      title: 'EIN',
      render: (business) => (
        <Text span fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {einOf(business.ein)}
        </Text>
      ),
    },
    {
      accessor: 'dotNumber',
      title: 'USDOT',
      render: (business) =>
        business.dotNumber ? (
          <Text span fz="sm" ff="monospace">
            {business.dotNumber}
          </Text>
        ) : (
          <Text span fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'state',
      title: 'Location',
      sortable: true,
      render: (business) => (
        <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {business.city ? `${business.city}, ` : ''}
          {business.state}
        </Text>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Added',
      sortable: true,
      render: (business) => (
        <time dateTime={business.createdAt} title={dateTime.format(new Date(business.createdAt))} style={{ whiteSpace: 'nowrap' }}>
          {date.format(new Date(business.createdAt))}
        </time>
      ),
    },
  ];
  useAriaSort(tableRef, columns as { accessor: string; sortable?: boolean }[], sortStatus as { columnAccessor: string; direction: 'asc' | 'desc' });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Businesses</Title>
          <Text c="dimmed">The businesses of {context.user.companyName} you order risk assessments for.</Text>
        </Stack>
        <Can I="create" a="Business">
          <Button component={Link} to="/businesses/add-business" leftSection={<IconBuildingPlus size={18} aria-hidden />}>
            Add business
          </Button>
        </Can>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter businesses">
          <TextInput
            label="Search"
            placeholder="Name, EIN or USDOT number"
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
            style={{ flex: '1 1 280px' }}
            maxLength={100}
          />
          <Select
            label="State"
            placeholder="All states"
            data={STATE_FILTER_OPTIONS}
            value={search.state ?? null}
            onChange={(value) => void setSearch({ state: (value as BusinessesSearch['state']) ?? undefined })}
            searchable
            clearable
            nothingFoundMessage="No state of that name"
            w={240}
          />
          {filtered && (
            <Button variant="subtle" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </Group>
      </Paper>

      {error && !data ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The businesses could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isPending ? (
        <BusinessesTableSkeleton />
      ) : data && data.content.length === 0 ? (
        <Paper withBorder radius="md" py="xl">
          <EmptyState
            icon={<IconBuildingSkyscraper size={28} aria-hidden />}
            withIndicatorBackground
            title={filtered ? 'No businesses match your search' : 'No businesses yet'}
            description={
              filtered
                ? 'Try a different name, EIN, USDOT number or state, or clear the filters.'
                : 'Add the businesses you want to order risk assessments for.'
            }
          >
            {filtered ? (
              <EmptyState.Actions>
                <Button variant="light" onClick={clearFilters}>
                  Clear filters
                </Button>
              </EmptyState.Actions>
            ) : (
              <Can I="create" a="Business">
                <EmptyState.Actions>
                  <Button component={Link} to="/businesses/add-business" variant="light" leftSection={<IconBuildingPlus size={16} aria-hidden />}>
                    Add your first business
                  </Button>
                </EmptyState.Actions>
              </Can>
            )}
          </EmptyState>
        </Paper>
      ) : data ? (
        <Box>
          <DataTable<Business>
            tableRef={tableRef}
            withTableBorder
            borderRadius="md"
            highlightOnHover
            verticalSpacing="sm"
            minHeight={160}
            records={data.content}
            idAccessor="id"
            columns={columns}
            onRowClick={({ record }) => void navigate({ to: '/businesses/$id', params: { id: record.id } })}
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              const field = SORT_FIELD_OF[String(status.columnAccessor)] ?? 'createdAt';
              // A newly chosen column starts ascending; clicking the sorted column again flips it.
              const direction = field === sortField ? status.direction : 'asc';
              void setSearch({ sort: `${field},${direction}` });
            }}
            fetching={isFetching && isPlaceholderData}
            loadingText="Loading businesses…"
            page={data.page.number + 1}
            onPageChange={(page) => void setSearch({ page: page - 1 }, true)}
            totalRecords={data.page.totalElements}
            recordsPerPage={data.page.size}
            recordsPerPageOptions={[...BUSINESSES_PAGE_SIZES]}
            onRecordsPerPageChange={(size) => void setSearch({ size: size as BusinessesSearch['size'] })}
            recordsPerPageLabel="Businesses per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords} business${totalRecords === 1 ? '' : 'es'}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            getPaginationItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            aria-label="Businesses"
          />
        </Box>
      ) : null}
    </Stack>
  );
}

function BusinessesTableSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading businesses">
      <Stack gap="md">
        <Skeleton h={20} w="60%" />
        {Array.from({ length: 6 }, (_, index) => (
          <Group key={index} gap="md" wrap="nowrap">
            <Skeleton h={16} w="22%" />
            <Skeleton h={16} w="20%" />
            <Skeleton h={16} w="14%" />
            <Skeleton h={16} w="14%" />
            <Skeleton h={16} w="14%" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
