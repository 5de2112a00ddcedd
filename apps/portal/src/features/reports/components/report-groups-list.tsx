// The Reports page's "Report groups" list (?view=groups): every batch of a bulk sheet with how far
// it has got — a bar and "412 of 500 done" — and how many failed, newest first; sort and page live
// in the URL like every list's. Each name leads to the group's page. Refreshed every 2 s while a
// group on screen is still working.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconStack2, IconUpload } from '@tabler/icons-react';
import type { ReportGroupSummary } from '@clearlane/contract/reports';
import { Can } from '../../../lib/ability.tsx';
import { ListTable, WIDE_SCREEN, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';
import { reportGroupsQueryOf, useReportGroups } from '../api/get-report-groups.ts';
import type { ReportsSearch } from '../reports-search.ts';
import { groupProgress } from './group-progress.ts';
import { wholeNumber } from './format.ts';
import { When } from './when.tsx';
import { AnchorLink, ButtonLink } from './router-links.tsx';

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, string> = { name: 'name', totalOrders: 'totalOrders', createdAt: 'createdAt' };

function GroupProgressCell({ group }: { group: ReportGroupSummary }) {
  const progress = groupProgress(group);
  const done = `${wholeNumber.format(progress.finished)} of ${wholeNumber.format(progress.total)} done`;
  return (
    <Stack gap={4} miw={110}>
      <Progress.Root size="md" radius="xl" role="progressbar" aria-label={`${group.name}: ${done}`} aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.finished}>
        <Progress.Section withAria={false} value={progress.total ? (progress.complete / progress.total) * 100 : 0} color="teal.8" />
        <Progress.Section withAria={false} value={progress.total ? (progress.unsuccessful / progress.total) * 100 : 0} color="red.8" />
      </Progress.Root>
      <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {done}
        {!progress.isFinished && (
          <Text span fz="sm" c="dimmed">
            {' '}
            · working
          </Text>
        )}
      </Text>
    </Stack>
  );
}

function FailedCell({ group }: { group: ReportGroupSummary }) {
  const { unsuccessful } = groupProgress(group);
  return unsuccessful === 0 ? (
    <Text span fz="sm" c="dimmed">
      None
    </Text>
  ) : (
    <Text span fz="sm" fw={700} c="red.9">
      {wholeNumber.format(unsuccessful)}
    </Text>
  );
}

export function ReportGroupsList({ search }: { search: ReportsSearch }) {
  const query = reportGroupsQueryOf(search);
  const groups = useReportGroups(query);
  // On a phone the Created column is left out: the date goes under the name, so two uploads of one file tell apart.
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const list = useListView<ReportsSearch>({ search, sort: query.sort, sortFields: SORT_FIELD_OF, descendingFirst: ['createdAt', 'totalOrders'], filterKeys: [] });

  const columns: ListColumn<ReportGroupSummary>[] = [
    {
      accessor: 'name',
      title: 'Group',
      sortable: true,
      render: (group) => (
        <Stack gap={0}>
          <AnchorLink to="/reports/group/$id" params={{ id: group.id }} fz="sm" fw={600}>
            {group.name}
          </AnchorLink>
          {/* A sheet's group is named after its file: the file is shown only when the name does not say it. */}
          {group.fileName && !group.name.includes(group.fileName) && (
            <Text span fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {group.fileName}
            </Text>
          )}
          {!wide && (
            <Text span fz="xs" c="dimmed">
              <When value={group.createdAt} wrap />
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'progress', title: 'Progress', render: (group) => <GroupProgressCell group={group} /> },
    { accessor: 'failed', title: 'Failed', render: (group) => <FailedCell group={group} /> },
    { accessor: 'totalOrders', title: 'Orders', sortable: true, wideOnly: true, textAlign: 'right', render: (group) => wholeNumber.format(group.totalOrders) },
    {
      accessor: 'createdAt',
      title: 'Created',
      sortable: true,
      wideOnly: true,
      render: (group) => <When value={group.createdAt} />,
    },
  ];

  return (
    <ListTable
      linksToDetails
      list={list}
      result={groups}
      columns={columns}
      label="Report groups"
      noun={{ one: 'report group', other: 'report groups' }}
      empty={{
        icon: <IconStack2 size={28} aria-hidden />,
        title: 'No report groups yet',
        description: 'Uploading a sheet of MVR orders makes a report group: its orders, their progress and their reports together.',
        actions: (
          <Can I="create" a="Order">
            <Group justify="center">
              <ButtonLink to="/orders/mvr/multiple-orders" variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
                Upload a sheet
              </ButtonLink>
            </Group>
          </Can>
        ),
        filteredTitle: 'No report groups yet',
        filteredDescription: 'No report group matches.',
      }}
    />
  );
}
