// /reports: the company's reports (completed orders), and on its second tab (?view=groups) the
// report groups. Type filter, sort and page live in the URL (reports-search.ts); each row leads to
// the report, or the group.
import { Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconFileText } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { ReportSummary } from '@clearlane/contract/reports';
import { useReports } from '../api/get-reports.ts';
import { REPORT_FILTER_KEYS, REPORT_TYPE_OPTIONS, reportsQueryOf, type ReportSortKey, type ReportsSearch } from '../reports-search.ts';
import { OutcomeBadge } from './badges.tsx';
import { ResultSummaryText } from '../../../components/order-result/order-result.tsx';
import { When } from './when.tsx';
import { AnchorLink } from './router-links.tsx';
import { REPORT_TYPE_LABELS } from '../../../lib/order-labels.ts';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';
import { ReportGroupsList } from './report-groups-list.tsx';

const routeApi = getRouteApi('/_authenticated/reports/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, ReportSortKey> = {
  reportType: 'reportType',
  subjectLabel: 'subjectLabel',
  completedAt: 'completedAt',
  orderedAt: 'orderedAt',
};

export function ReportsPage() {
  useDocumentTitle('Reports · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return (
    <Stack gap="lg">
      <ListHeader
        title="Reports"
        description={
          search.view === 'groups'
            ? 'Report groups: the orders of each bulk sheet together, with how far they have got.'
            : 'Completed orders of your company: motor vehicle records, vehicle reports and risk assessments.'
        }
      />
      <Tabs
        value={search.view ?? 'reports'}
        // Each list starts from its own defaults: the other's sort, page and filter do not carry over.
        onChange={(value) => void navigate({ search: value === 'groups' ? { view: 'groups' } : {} })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="reports">Reports</Tabs.Tab>
          <Tabs.Tab value="groups">Report groups</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports" pt="lg">
          <ReportsList search={search} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="lg">
          <ReportGroupsList search={search} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ReportsList({ search }: { search: ReportsSearch }) {
  const query = reportsQueryOf(search);
  const reports = useReports(query);
  const list = useListView<ReportsSearch>({
    search,
    sort: query.sort,
    sortFields: SORT_FIELD_OF,
    // Dates start newest first.
    descendingFirst: ['completedAt', 'orderedAt'],
    filterKeys: REPORT_FILTER_KEYS,
  });

  const columns: ListColumn<ReportSummary>[] = [
    {
      accessor: 'reportType',
      wideOnly: true,
      title: 'Report type',
      sortable: true,
      render: (report) => (
        <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {REPORT_TYPE_LABELS[report.reportType]}
        </Text>
      ),
    },
    {
      accessor: 'subjectLabel',
      title: 'Subject',
      sortable: true,
      render: (report) => (
        <AnchorLink to="/reports/$id" params={{ id: report.id }} fz="sm" fw={600}>
          {report.subjectLabel}
        </AnchorLink>
      ),
    },
    {
      accessor: 'outcome',
      title: 'Outcome',
      render: (report) =>
        report.resultSummary ? <ResultSummaryText summary={report.resultSummary} /> : <OutcomeBadge outcome={report.outcome} adjudicable={report.reportType === 'MotorVehicleRecord'} />,
    },
    { accessor: 'completedAt', title: 'Completed', sortable: true, wideOnly: true, render: (report) => <When value={report.completedAt} /> },
    { accessor: 'orderedAt', title: 'Ordered', sortable: true, wideOnly: true, render: (report) => <When value={report.orderedAt} /> },
    {
      accessor: 'isReviewed',
      title: 'Reviewed',
      render: (report) =>
        report.isReviewed ? (
          <Group gap={4} wrap="nowrap">
            <IconCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden />
            <Text span fz="sm">
              Yes
            </Text>
          </Group>
        ) : (
          <Text span fz="sm" c="dimmed">
            No
          </Text>
        ),
    },
  ];
  return (
    <Stack gap="lg">
      <ListFilters list={list} label="Filter reports" clearLabel="Clear filter">
        <Select
          label="Report type"
          placeholder="All report types"
          data={REPORT_TYPE_OPTIONS.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }))}
          value={search.type ?? null}
          onChange={(value) => list.setSearch({ type: (value as ReportsSearch['type']) ?? undefined })}
          clearable
          w={filterWidth(260)}
        />
      </ListFilters>
      <ListTable
        linksToDetails
        list={list}
        result={reports}
        columns={columns}
        label="Reports"
        noun={{ one: 'report', other: 'reports' }}
        clearLabel="Clear filter"
        empty={{
          icon: <IconFileText size={28} aria-hidden />,
          title: 'No reports yet',
          description: 'A report appears here as soon as an order completes. Place an order to get your first one.',
          filteredTitle: search.type ? `No ${REPORT_TYPE_LABELS[search.type].toLowerCase()}s yet` : 'No reports yet',
          filteredDescription: 'No completed order of this type. Choose another report type or clear the filter.',
        }}
      />
    </Stack>
  );
}
