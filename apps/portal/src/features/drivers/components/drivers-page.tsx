// /drivers: the company's drivers with their qualification and monitoring. Search, filters, sort and
// page live in the URL (drivers-search.ts). With the monitoring plugin, users who may create
// Monitoring select drivers to enrol them or remove them at once.
import { Anchor, Badge, Button, EmptyState, Group, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconSteeringWheel, IconUserPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import type { Person } from '@clearlane/contract/persons';
import { useState } from 'react';
import { Can, useAbility } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useDrivers } from '../../../lib/entities/drivers/get-drivers.ts';
import { MONITORING_FILTER_LABELS, MONITORING_FILTER_OPTIONS, QUALIFICATION_LABELS, QUALIFICATION_OPTIONS } from '../../../lib/monitoring-labels.ts';
import { DRIVER_FILTER_KEYS, driversQueryOf, STATE_CODES, type DriverSortKey, type DriversSearch } from '../drivers-search.ts';
import { BulkMonitoringBar } from './bulk-monitoring-bar.tsx';
import { LastMvrCell, MonitoringCell, QualificationCell, ReviewDueCell } from './driver-list-cells.tsx';
import { date, dateTime, formatCalendarDate } from './format.ts';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, WIDE_SCREEN, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';

const routeApi = getRouteApi('/_authenticated/drivers/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, DriverSortKey> = {
  name: 'lastName',
  licence: 'licenceState',
  dateOfBirth: 'dateOfBirth',
  createdAt: 'createdAt',
  qualification: 'qualification',
  reviewDue: 'annualReviewDueOn',
  lastMvr: 'lastMvrDate',
};
/** Sorting by first name shows in the Name column. */
const SORT_ALIASES = { firstName: 'name' };

const STATE_FILTER_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: `${LICENCE_FORMATS[code].name} (${code})` })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

/** A yes/no filter as its control shows it ("any" = not filtered), and back. */
type YesNoChoice = 'any' | 'yes' | 'no';
const choiceOf = (value: boolean | undefined): YesNoChoice => (value === undefined ? 'any' : value ? 'yes' : 'no');
const flagOf = (choice: string | null): boolean | undefined => (choice === 'yes' ? true : choice === 'no' ? false : undefined);

export function DriversPage() {
  useDocumentTitle('Drivers · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const context = useUserContext();
  const ability = useAbility();
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const query = driversQueryOf(search);
  const drivers = useDrivers(query);
  const list = useListView<DriversSearch>({
    search,
    sort: query.sort,
    sortFields: SORT_FIELD_OF,
    sortAliases: SORT_ALIASES,
    // The latest MVR first; the soonest review first (ascending) is the default of its column.
    descendingFirst: ['createdAt', 'lastMvrDate'],
    filterKeys: DRIVER_FILTER_KEYS,
  });
  const monitoring = context.plugins.includes('monitoring') && ability.can('view', 'Monitoring');
  const mayEnrol = monitoring && ability.can('create', 'Monitoring');
  // A selection belongs to the view it was made in: another page, filter or sort starts with none.
  const viewKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ viewKey: string; drivers: Person[] }>({ viewKey, drivers: [] });
  const selected = selection.viewKey === viewKey ? selection.drivers : [];
  const select = (next: Person[]) => setSelection({ viewKey, drivers: next });

  const columns: ListColumn<Person>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (driver) => (
        <Stack gap={2}>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: driver.id }} />}
            fz="sm"
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
          >
            {driver.lastName}, {[driver.firstName, driver.middleName].filter(Boolean).join(' ')}
          </Anchor>
          {/* On a phone the licence column steps aside: the licence is written under the name. */}
          {!wide && (
            <Text fz="xs" c="dimmed" ff="monospace">
              {driver.licenceState} {driver.licenceNumber}
            </Text>
          )}
          {driver.externalId && (
            <Text fz="xs" c="dimmed">
              {driver.externalId}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'licence',
      title: 'Licence',
      wideOnly: true,
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
      accessor: 'qualification',
      title: 'Qualification',
      sortable: true,
      width: 190,
      render: (driver) => <QualificationCell driver={driver} />,
    },
    ...(monitoring ? [{ accessor: 'monitoring', title: 'Monitoring', wideOnly: true, render: (driver: Person) => <MonitoringCell driver={driver} /> }] : []),
    { accessor: 'reviewDue', title: 'Next review', sortable: true, wideOnly: true, render: (driver) => <ReviewDueCell driver={driver} /> },
    { accessor: 'lastMvr', title: 'Last MVR', sortable: true, wideOnly: true, render: (driver) => <LastMvrCell driver={driver} /> },
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
        <Select
          label="Qualification"
          placeholder="Any"
          data={QUALIFICATION_OPTIONS.map((status) => ({ value: status, label: QUALIFICATION_LABELS[status] }))}
          value={search.qualification ?? null}
          onChange={(value) => list.setSearch({ qualification: (value as DriversSearch['qualification']) ?? undefined })}
          clearable
          w={filterWidth(170)}
        />
        <Select
          label="Annual review"
          data={[
            { value: 'any', label: 'Any' },
            { value: 'yes', label: 'Due or overdue' },
            { value: 'no', label: 'Not due' },
          ]}
          value={choiceOf(search.reviewDue)}
          onChange={(value) => list.setSearch({ reviewDue: flagOf(value) })}
          allowDeselect={false}
          w={filterWidth(160)}
        />
        {monitoring && (
          <>
            <Select
              label="Monitoring"
              placeholder="Any"
              data={MONITORING_FILTER_OPTIONS.map((value) => ({ value, label: MONITORING_FILTER_LABELS[value] }))}
              value={search.monitoring ?? null}
              onChange={(value) => list.setSearch({ monitoring: (value as DriversSearch['monitoring']) ?? undefined })}
              clearable
              w={filterWidth(180)}
            />
            <Select
              label="Open alerts"
              data={[
                { value: 'any', label: 'Any' },
                { value: 'yes', label: 'With open alerts' },
                { value: 'no', label: 'None open' },
              ]}
              value={choiceOf(search.openAlerts)}
              onChange={(value) => list.setSearch({ openAlerts: flagOf(value) })}
              allowDeselect={false}
              w={filterWidth(170)}
            />
          </>
        )}
      </ListFilters>
      {mayEnrol && selected.length > 0 && <BulkMonitoringBar personIds={selected.map((driver) => driver.id)} onDone={() => select([])} />}
      <ListTable
        linksToDetails
        list={list}
        result={drivers}
        columns={columns}
        label="Drivers"
        noun={{ one: 'driver', other: 'drivers' }}
        onRowClick={(driver) => void navigate({ to: '/drivers/$id', params: { id: driver.id } })}
        selection={mayEnrol ? { selected, onChange: select, rowLabel: (driver) => `Select ${driver.lastName}, ${driver.firstName}` } : undefined}
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
          filteredDescription: 'Try a different name, licence number, state or status, or clear the filters.',
        }}
      />
    </Stack>
  );
}
