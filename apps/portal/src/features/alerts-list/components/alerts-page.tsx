// /drivers/alerts: the company's driver alerts. Filters, sort and page live in the URL
// (alerts-search.ts), so the home page links straight into "open, high severity".
import { Anchor, Badge, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconBellCheck } from '@tabler/icons-react';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import type { DriverAlert } from '@clearlane/contract/monitoring';
import { DriverPicker } from '../../../components/subject-pickers.tsx';
import { DateRangeFilter } from '../../../components/list-view/date-range-filter.tsx';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, WIDE_SCREEN, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';
import { useUserContext } from '../../../lib/current-user.ts';
import { useDriverAlerts } from '../../../lib/entities/alerts/get-driver-alerts.ts';
import { useOptionalDriver } from '../../../lib/entities/drivers/get-driver.ts';
import {
  ALERT_SEVERITY_OPTIONS, ALERT_TYPE_LABELS, ALERT_TYPE_OPTIONS, driverAlertPath, SEVERITY_COLORS, SEVERITY_LABELS, WARNING_ORANGE,
} from '../../../lib/monitoring-labels.ts';
import { MonitoringSettingsButton } from './monitoring-settings-button.tsx';
import { acknowledgedOf, ALERT_FILTER_KEYS, alertsQueryOf, alertStatusChoiceOf, type AlertsSearch, type AlertSortKey, type AlertStatusChoice } from '../alerts-search.ts';

const routeApi = getRouteApi('/_authenticated/drivers/alerts');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, AlertSortKey> = {
  severity: 'severity',
  personName: 'personName',
  createdAt: 'createdAt',
  acknowledgedAt: 'acknowledgedAt',
};

const STATUS_OPTIONS: { value: AlertStatusChoice; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
];

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function AlertsPage() {
  useDocumentTitle('Driver alerts · Clearlane');
  const search = routeApi.useSearch();
  const router = useRouter();
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const context = useUserContext();
  const query = alertsQueryOf(search);
  const alerts = useDriverAlerts(query);
  const driver = useOptionalDriver(search.personId);
  const list = useListView<AlertsSearch>({
    search,
    sort: query.sort,
    sortFields: SORT_FIELD_OF,
    // Newest first and most severe first (the API ranks HIGH > MEDIUM > LOW) are what people look for.
    descendingFirst: ['createdAt', 'severity', 'acknowledgedAt'],
    filterKeys: ALERT_FILTER_KEYS,
  });

  const columns: ListColumn<DriverAlert>[] = [
    {
      accessor: 'severity',
      title: 'Severity',
      sortable: true,
      width: 110,
      render: (alert) => (
        <Badge color={SEVERITY_COLORS[alert.severity]} variant="filled" radius="sm">
          {SEVERITY_LABELS[alert.severity]}
        </Badge>
      ),
    },
    {
      accessor: 'title',
      title: 'Alert',
      render: (alert) => (
        <Stack gap={2}>
          <Anchor
            // The alert page belongs to the driver pages: its path is built, not typed (lib/monitoring-labels.ts).
            renderRoot={(props) => <Link {...props} to={driverAlertPath(alert.personId, alert.id) as never} />}
            fz="sm"
            fw={600}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
          >
            {alert.title}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {ALERT_TYPE_LABELS[alert.type]}
            {/* On a phone the driver column steps aside: the driver is named here. */}
            {!wide && ` · ${alert.personName}`}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'personName',
      title: 'Driver',
      sortable: true,
      wideOnly: true,
      render: (alert) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: alert.personId }} />}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          {alert.personName}
        </Anchor>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Raised',
      sortable: true,
      wideOnly: true,
      render: (alert) => (
        <Stack gap={2} align="flex-start">
          <time dateTime={alert.createdAt} title={dateTime.format(new Date(alert.createdAt))} style={{ whiteSpace: 'nowrap' }}>
            {date.format(new Date(alert.createdAt))}
          </time>
          {alert.escalatedAfterDays > 0 && !alert.acknowledgedAt && (
            <Badge size="xs" variant="outline" color="red.9" radius="sm">
              Open over {alert.escalatedAfterDays} days
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'acknowledgedAt',
      title: 'Status',
      sortable: true,
      render: (alert) =>
        alert.acknowledgedAt ? (
          <Stack gap={0}>
            <Text fz="sm">Acknowledged</Text>
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {date.format(new Date(alert.acknowledgedAt))}
              {alert.acknowledgedByName ? ` by ${alert.acknowledgedByName}` : ''}
            </Text>
          </Stack>
        ) : (
          <Badge variant="outline" color={WARNING_ORANGE} radius="sm">
            Open
          </Badge>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <ListHeader
        title="Driver alerts"
        description={`What monitoring found about the drivers of ${context.user.companyName}: new convictions, suspensions and expiries, newest first.`}
        action={<MonitoringSettingsButton />}
      />
      <ListFilters list={list} label="Filter alerts">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={alertStatusChoiceOf(search.acknowledged)}
          onChange={(value) => list.setSearch({ acknowledged: acknowledgedOf((value as AlertStatusChoice | null) ?? 'any') })}
          allowDeselect={false}
          w={filterWidth(150)}
        />
        <Select
          label="Severity"
          placeholder="Any severity"
          data={ALERT_SEVERITY_OPTIONS.map((severity) => ({ value: severity, label: SEVERITY_LABELS[severity] }))}
          value={search.severity ?? null}
          onChange={(value) => list.setSearch({ severity: (value as AlertsSearch['severity']) ?? undefined })}
          clearable
          w={filterWidth(150)}
        />
        <Select
          label="Type"
          placeholder="Any type"
          data={ALERT_TYPE_OPTIONS.map((type) => ({ value: type, label: ALERT_TYPE_LABELS[type] }))}
          value={search.type ?? null}
          onChange={(value) => list.setSearch({ type: (value as AlertsSearch['type']) ?? undefined })}
          clearable
          w={filterWidth(220)}
        />
        <DriverPicker
          label="Driver"
          placeholder="Any driver"
          nothingFound="No driver matches."
          picked={search.personId && driver.data?.id === search.personId ? driver.data : undefined}
          onPick={(picked) => list.setSearch({ personId: picked?.id })}
          w={filterWidth(260)}
        />
        <DateRangeFilter list={list} fromLabel="Raised from" toLabel="Raised to" />
      </ListFilters>
      <ListTable
        list={list}
        result={alerts}
        columns={columns}
        label="Driver alerts"
        noun={{ one: 'alert', other: 'alerts' }}
        onRowClick={(alert) => void router.navigate({ href: driverAlertPath(alert.personId, alert.id) })}
        empty={{
          icon: <IconBellCheck size={28} aria-hidden />,
          title: 'No alerts yet',
          description: 'When monitoring finds a change in an enrolled driver’s record, or a licence or medical certificate is about to expire, it shows here.',
          filteredTitle: 'No alerts match your filters',
          filteredDescription: 'Try other filters, or clear them to see every alert.',
        }}
      />
    </Stack>
  );
}
