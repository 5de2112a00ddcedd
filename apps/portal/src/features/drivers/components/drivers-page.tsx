// /drivers: the company's drivers. Search, state filter, sort and page live in the URL (drivers-search.ts).
import { Anchor, Badge, Button, EmptyState, Group, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSteeringWheel, IconUserPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import type { Person } from '@clearlane/contract/persons';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useDrivers } from '../../../lib/entities/drivers/get-drivers.ts';
import { DRIVER_FILTER_KEYS, driversQueryOf, STATE_CODES, type DriverSortKey, type DriversSearch } from '../drivers-search.ts';
import { date, dateTime, formatCalendarDate } from './format.ts';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';

const routeApi = getRouteApi('/_authenticated/drivers/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, DriverSortKey> = {
  name: 'lastName',
  licence: 'licenceState',
  dateOfBirth: 'dateOfBirth',
  createdAt: 'createdAt',
};
/** Sorting by first name shows in the Name column. */
const SORT_ALIASES = { firstName: 'name' };

const STATE_FILTER_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: `${LICENCE_FORMATS[code].name} (${code})` })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

export function DriversPage() {
  useDocumentTitle('Drivers · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const context = useUserContext();
  const query = driversQueryOf(search);
  const drivers = useDrivers(query);
  const list = useListView<DriversSearch>({ search, sort: query.sort, sortFields: SORT_FIELD_OF, sortAliases: SORT_ALIASES, filterKeys: DRIVER_FILTER_KEYS });

  const columns: ListColumn<Person>[] = [
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
          <Badge variant="light" color="gray" radius="sm" title={LICENCE_FORMATS[driver.licenceState]?.name} style={{ flexShrink: 0 }}>
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
      wideOnly: true,
      title: 'Date of birth',
      sortable: true,
      render: (driver) => (
        <time dateTime={driver.dateOfBirth} style={{ whiteSpace: 'nowrap' }}>
          {formatCalendarDate(driver.dateOfBirth)}
        </time>
      ),
    },
    {
      accessor: 'externalId',
      wideOnly: true,
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
      wideOnly: true,
      title: 'Added',
      sortable: true,
      render: (driver) => (
        <time dateTime={driver.createdAt} title={dateTime.format(new Date(driver.createdAt))} style={{ whiteSpace: 'nowrap' }}>
          {date.format(new Date(driver.createdAt))}
        </time>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <ListHeader
        title="Drivers"
        description={`The drivers of ${context.user.companyName} you order motor vehicle records for.`}
        action={
          <Can I="create" a="Driver">
            <Button component={Link} to="/drivers/add-driver" leftSection={<IconUserPlus size={18} aria-hidden />}>
              Add driver
            </Button>
          </Can>
        }
      />
      <ListFilters list={list} label="Filter drivers" searchPlaceholder="Name, licence number or external ID" searchWidth={280}>
        <Select
          label="Licence state"
          placeholder="All states"
          data={STATE_FILTER_OPTIONS}
          value={search.licenceState ?? null}
          onChange={(value) => list.setSearch({ licenceState: (value as DriversSearch['licenceState']) ?? undefined })}
          searchable
          clearable
          nothingFoundMessage="No state of that name"
          w={filterWidth(240)}
        />
      </ListFilters>
      <ListTable
        list={list}
        result={drivers}
        columns={columns}
        label="Drivers"
        noun={{ one: 'driver', other: 'drivers' }}
        onRowClick={(driver) => void navigate({ to: '/drivers/$id', params: { id: driver.id } })}
        empty={{
          icon: <IconSteeringWheel size={28} aria-hidden />,
          title: 'No drivers yet',
          description: 'Add your drivers to order their motor vehicle records.',
          actions: (
            <Can I="create" a="Driver">
              <EmptyState.Actions>
                <Button component={Link} to="/drivers/add-driver" variant="light" leftSection={<IconUserPlus size={16} aria-hidden />}>
                  Add your first driver
                </Button>
              </EmptyState.Actions>
            </Can>
          ),
          filteredTitle: 'No drivers match your search',
          filteredDescription: 'Try a different name, licence number or state, or clear the filters.',
        }}
      />
    </Stack>
  );
}
