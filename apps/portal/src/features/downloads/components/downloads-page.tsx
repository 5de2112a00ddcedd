// /downloads: the report bundles of the company (the requester's own; Managers and admins see
// everyone's). Bundles being built show a progress bar that moves (the list is asked again every 2 s
// while one is, and left alone once none is); a ready one has its Download button; a failed one says
// why; an expired one says that its file was removed. Sort and page live in the URL.
import { Badge, Button, EmptyState, Group, Progress, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconClipboardList, IconDownload, IconFileZip, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Download } from '@clearlane/contract/downloads';
import { ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, WIDE_SCREEN, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';
import { useMayDownloadReports } from '../../../components/report-bundles/download-reports-button.tsx';
import { useAbility } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useDownloads } from '../../../lib/entities/downloads/get-downloads.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { DOWNLOAD_FILTER_KEYS, downloadsQueryOf, type DownloadSortKey, type DownloadsSearch } from '../downloads-search.ts';
import { BundleDownloadButton } from './bundle-download-button.tsx';
import { exactTime, fileKindOf, percentOf, progressText, relativeTime, reportCount, STATUS_COLORS, STATUS_LABELS } from './format.ts';

const routeApi = getRouteApi('/_authenticated/downloads');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, DownloadSortKey> = { status: 'status', size: 'size', createdAt: 'createdAt', expiresAt: 'expiresAt' };

/** Days a built file is kept (DOWNLOAD_RETENTION_DAYS of the contract, spelled out: it builds zod schemas at load). */
const RETENTION_DAYS: typeof import('@clearlane/contract/downloads').DOWNLOAD_RETENTION_DAYS = 7;

function FileIcon({ download }: { download: Download }) {
  const Icon = download.textOnly && download.mergeIntoSingleReport ? IconFileText : download.mergeIntoSingleReport ? IconFileTypePdf : IconFileZip;
  return <Icon size={22} aria-hidden color="var(--mantine-color-gray-7)" style={{ flexShrink: 0 }} />;
}

/** A time as "in 6 days", with the exact date beside it (and in the tooltip). */
function When({ iso, prefix = '' }: { iso: string; prefix?: string }) {
  const exact = exactTime.format(new Date(iso));
  return (
    <Stack gap={0}>
      <time dateTime={iso} title={exact} style={{ whiteSpace: 'nowrap' }}>
        <Text span fz="sm">
          {prefix}
          {relativeTime(iso)}
        </Text>
      </time>
      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {exact}
      </Text>
    </Stack>
  );
}

function StatusCell({ download }: { download: Download }) {
  const badge = (
    <Badge color={STATUS_COLORS[download.status]} variant={download.status === 'Expired' ? 'outline' : 'filled'} radius="sm" style={{ minWidth: 'max-content' }}>
      {STATUS_LABELS[download.status]}
    </Badge>
  );
  if (download.status === 'Processing') {
    const text = progressText(download.progress);
    return (
      <Stack gap={4} miw={140}>
        {badge}
        <Progress.Root
          size="md"
          radius="sm"
          role="progressbar"
          aria-label={`Progress of ${download.fileName}`}
          aria-valuemin={0}
          aria-valuemax={download.progress.total}
          aria-valuenow={download.progress.done}
          aria-valuetext={`${text} done`}
        >
          <Progress.Section withAria={false} value={percentOf(download.progress)} animated />
        </Progress.Root>
        <Text fz="xs" c="dimmed">
          {text} done
        </Text>
      </Stack>
    );
  }
  // A failed bundle says why; an expired one that its file is gone. Either way: ask again.
  const note =
    download.status === 'Failed'
      ? { text: `${download.failureReason ?? 'The bundle could not be built.'} Ask for it again from the orders.`, color: 'red.9' }
      : download.status === 'Expired'
        ? { text: `Files are kept ${RETENTION_DAYS} days; this one was removed. Ask for it again from the orders.`, color: 'dimmed' }
        : undefined;
  if (note) {
    return (
      <Stack gap={4} maw={320}>
        {badge}
        <Text fz="xs" c={note.color}>
          {note.text}
        </Text>
      </Stack>
    );
  }
  return badge;
}

export function DownloadsPage() {
  useDocumentTitle('Downloads · Clearlane');
  const search = routeApi.useSearch();
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const { user } = useUserContext();
  const seesEveryone = useAbility().can('manage', 'Reports');
  // Bundles are made from the orders: the way there only for those who can go there.
  const mayChooseOrders = useMayDownloadReports();
  const query = downloadsQueryOf(search);
  const downloads = useDownloads(query);
  const list = useListView<DownloadsSearch>({
    search,
    sort: query.sort,
    sortFields: SORT_FIELD_OF,
    // The newest, the largest and the latest to expire first are what people look for.
    descendingFirst: ['createdAt', 'size', 'expiresAt'],
    filterKeys: DOWNLOAD_FILTER_KEYS,
  });

  const columns: ListColumn<Download>[] = [
    {
      accessor: 'fileName',
      title: 'Bundle',
      render: (download) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <FileIcon download={download} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
              {download.fileName}
            </Text>
            <Text fz="xs" c="dimmed">
              {reportCount(download.orderCount)} · {fileKindOf(download)}
              {/* On a phone the size and dates step aside: the essentials are said here. */}
              {!wide && download.size !== null && ` · ${formatBytes(download.size)}`}
              {!wide && download.status === 'Complete' && ` · expires ${relativeTime(download.expiresAt)}`}
            </Text>
            {download.requestedBy.id !== user.id && (
              <Text fz="xs" c="dimmed">
                Asked for by {download.requestedBy.name}
              </Text>
            )}
            {/* On a phone this is the only column: the status and the file are here too. */}
            {!wide && (
              <Group gap="sm" mt={4} align="flex-start" justify="space-between" wrap="wrap">
                <StatusCell download={download} />
                {download.status === 'Complete' && download.url && <BundleDownloadButton download={{ ...download, url: download.url }} compact />}
              </Group>
            )}
          </Stack>
        </Group>
      ),
    },
    { accessor: 'status', title: 'Status', sortable: true, wideOnly: true, render: (download) => <StatusCell download={download} /> },
    {
      accessor: 'size',
      title: 'Size',
      sortable: true,
      wideOnly: true,
      render: (download) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }} c={download.size === null ? 'dimmed' : undefined}>
          {download.size === null ? '—' : formatBytes(download.size)}
        </Text>
      ),
    },
    { accessor: 'createdAt', title: 'Asked for', sortable: true, wideOnly: true, render: (download) => <When iso={download.createdAt} /> },
    {
      accessor: 'expiresAt',
      title: 'Expires',
      sortable: true,
      wideOnly: true,
      render: (download) =>
        download.status === 'Failed' ? (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ) : (
          <When iso={download.expiresAt} prefix={download.status === 'Expired' ? 'Removed ' : ''} />
        ),
    },
    {
      accessor: 'url',
      title: 'File',
      textAlign: 'right',
      wideOnly: true,
      render: (download) => (download.status === 'Complete' && download.url ? <BundleDownloadButton download={{ ...download, url: download.url }} /> : null),
    },
  ];

  return (
    <Stack gap="lg">
      <ListHeader
        title="Downloads"
        description={
          seesEveryone
            ? `Report bundles asked for at ${user.companyName}, newest first. Each file is kept ${RETENTION_DAYS} days.`
            : `The report bundles you asked for, newest first. Each file is kept ${RETENTION_DAYS} days.`
        }
        action={
          mayChooseOrders && (
            <Button component={Link} to="/orders" variant="default" leftSection={<IconClipboardList size={18} aria-hidden />}>
              Choose orders
            </Button>
          )
        }
      />
      <ListTable
        list={list}
        result={downloads}
        columns={columns}
        label="Downloads"
        noun={{ one: 'download', other: 'downloads' }}
        empty={{
          icon: <IconDownload size={28} aria-hidden />,
          title: 'No downloads yet',
          description: `Select MVR orders on the Orders page (or open a report group or a driver) and choose “Download reports”: one PDF, a zip of PDFs or the condensed texts. The file is prepared here and kept ${RETENTION_DAYS} days.`,
          actions: mayChooseOrders && (
            <EmptyState.Actions>
              <Button component={Link} to="/orders" variant="light">
                Go to orders
              </Button>
            </EmptyState.Actions>
          ),
          filteredTitle: 'No downloads',
          filteredDescription: 'No download matches this view.',
        }}
      />
    </Stack>
  );
}
