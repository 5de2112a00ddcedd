// /drivers: the company's drivers. Search, state filter, sort and page live in the URL (drivers-search.ts).
import { Alert, Anchor, Badge, Box, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconSearch, IconSteeringWheel, IconUserPlus, IconX } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useRef, useState } from 'react';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import type { Person } from '@clearlane/contract/persons';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useDrivers } from '../api/get-drivers.ts';
import { DRIVERS_PAGE_SIZES, driversQueryOf, STATE_CODES, type DriverSortKey, type DriversSearch } from '../drivers-search.ts';
import { date, dateTime, formatBirthDate } from './format.ts';
import { useAriaSort } from '../../../components/use-aria-sort.ts';

const routeApi = getRouteApi('/_authenticated/drivers/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, DriverSortKey> = {
  name: 'lastName',
  licence: 'licenceState',
  dateOfBirth: 'dateOfBirth',
  createdAt: 'createdAt',
};
const COLUMN_OF_SORT_FIELD: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SORT_FIELD_OF).map(([column, field]) => [field, column])),
  firstName: 'name',
};

const STATE_FILTER_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: `${LICENCE_FORMATS[code].name} (${code})` })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

export function DriversPage() {
  useDocumentTitle('Drivers · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const context = useUserContext();
  const query = driversQueryOf(search);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useDrivers(query);
  const [text, setText] = useState(search.filter ?? '');
  const tableRef = useRef<HTMLTableElement>(null!);

  const setSearch = (patch: Partial<DriversSearch>, keepPage = false) =>
    navigate({ search: (previous) => ({ ...previous, ...patch, ...(keepPage ? {} : { page: undefined }) }), replace: true });
  const applyFilter = useDebouncedCallback((value: string) => void setSearch({ filter: value.trim() || undefined }), 300);
  const filtered = Boolean(search.filter || search.licenceState);
  const clearFilters = () => {
    setText('');
    void setSearch({ filter: undefined, licenceState: undefined });
  };

  const [sortField = 'createdAt', sortDirection = 'desc'] = query.sort.split(',') as [DriverSortKey, 'asc' | 'desc'];
  const sortStatus: DataTableSortStatus<Person> = { columnAccessor: COLUMN_OF_SORT_FIELD[sortField] ?? 'createdAt', direction: sortDirection };

  const columns: DataTableColumn<Person>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (driver) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: driver.id }} />}
          fz="sm"
          fw={600}
          style={{ whiteSpace: 'nowrap' }}
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          {driver.lastName}, {[driver.firstName, driver.middleName].filter(Boolean).join(' ')}
        </Anchor>
      ),
    },
    {
      accessor: 'licence',
      title: 'Licence',
      sortable: true,
      render: (driver) => (
        <Group gap={8} wrap="nowrap">
          <Badge variant="light" color="gray" radius="sm" title={LICENCE_FORMATS[driver.licenceState]?.name}>
            {driver.licenceState}
          </Badge>
          <Text span fz="sm" ff="monospace">
            {driver.licenceNumber}
          </Text>
        </Group>
      ),
    },
    {
      accessor: 'dateOfBirth',
      title: 'Date of birth',
      sortable: true,
      render: (driver) => (
        <time dateTime={driver.dateOfBirth} style={{ whiteSpace: 'nowrap' }}>
          {formatBirthDate(driver.dateOfBirth)}
        </time>
      ),
    },
    {
      accessor: 'externalId',
      title: 'External ID',
      render: (driver) =>
        driver.externalId ? (
          <Text span fz="sm">
            {driver.externalId}
          </Text>
        ) : (
          <Text span fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'createdAt',
      title: 'Added',
      sortable: true,
      render: (driver) => (
        <time dateTime={driver.createdAt} title={dateTime.format(new Date(driver.createdAt))} style={{ whiteSpace: 'nowrap' }}>
          {date.format(new Date(driver.createdAt))}
        </time>
      ),
    },
  ];
  useAriaSort(tableRef, columns as { accessor: string; sortable?: boolean }[], sortStatus as { columnAccessor: string; direction: 'asc' | 'desc' });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Drivers</Title>
          <Text c="dimmed">The drivers of {context.user.companyName} you order motor vehicle records for.</Text>
        </Stack>
        <Can I="create" a="Driver">
          <Button component={Link} to="/drivers/add-driver" leftSection={<IconUserPlus size={18} aria-hidden />}>
            Add driver
          </Button>
        </Can>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter drivers">
          <TextInput
            label="Search"
            placeholder="Name, licence number or external ID"
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
            label="Licence state"
            placeholder="All states"
            data={STATE_FILTER_OPTIONS}
            value={search.licenceState ?? null}
            onChange={(value) => void setSearch({ licenceState: (value as DriversSearch['licenceState']) ?? undefined })}
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
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The drivers could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isPending ? (
        <DriversTableSkeleton />
      ) : data && data.content.length === 0 ? (
        <Paper withBorder radius="md" py="xl">
          <EmptyState
            icon={<IconSteeringWheel size={28} aria-hidden />}
            withIndicatorBackground
            title={filtered ? 'No drivers match your search' : 'No drivers yet'}
            description={
              filtered ? 'Try a different name, licence number or state, or clear the filters.' : 'Add your drivers to order their motor vehicle records.'
            }
          >
            {filtered ? (
              <EmptyState.Actions>
                <Button variant="light" onClick={clearFilters}>
                  Clear filters
                </Button>
              </EmptyState.Actions>
            ) : (
              <Can I="create" a="Driver">
                <EmptyState.Actions>
                  <Button component={Link} to="/drivers/add-driver" variant="light" leftSection={<IconUserPlus size={16} aria-hidden />}>
                    Add your first driver
                  </Button>
                </EmptyState.Actions>
              </Can>
            )}
          </EmptyState>
        </Paper>
      ) : data ? (
        <Box>
          <DataTable<Person>
            tableRef={tableRef}
            withTableBorder
            borderRadius="md"
            highlightOnHover
            verticalSpacing="sm"
            minHeight={160}
            records={data.content}
            idAccessor="id"
            columns={columns}
            onRowClick={({ record }) => void navigate({ to: '/drivers/$id', params: { id: record.id } })}
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              const field = SORT_FIELD_OF[String(status.columnAccessor)] ?? 'createdAt';
              // A newly chosen column starts ascending; clicking the sorted column again flips it.
              const direction = field === sortField ? status.direction : 'asc';
              void setSearch({ sort: `${field},${direction}` });
            }}
            fetching={isFetching && isPlaceholderData}
            loadingText="Loading drivers…"
            page={data.page.number + 1}
            onPageChange={(page) => void setSearch({ page: page - 1 }, true)}
            totalRecords={data.page.totalElements}
            recordsPerPage={data.page.size}
            recordsPerPageOptions={[...DRIVERS_PAGE_SIZES]}
            onRecordsPerPageChange={(size) => void setSearch({ size: size as DriversSearch['size'] })}
            recordsPerPageLabel="Drivers per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords} driver${totalRecords === 1 ? '' : 's'}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            getPaginationItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            aria-label="Drivers"
          />
        </Box>
      ) : null}
    </Stack>
  );
}

function DriversTableSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading drivers">
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
