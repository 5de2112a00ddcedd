// The "Download reports" dialog: what goes in the bundle (how many of the chosen orders are complete
// MVRs, the only reports a bundle holds), which file (one PDF, a zip of PDFs, condensed text), and
// then the request. A refusal names the orders the server would not take. Once the bundle is on its
// way a toast links to /downloads, and the shell's watcher says when it is ready.
// Loaded on its own chunk when a "Download reports" button is first pressed.
import { Alert, Anchor, Button, Group, List, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { DownloadDetail } from '@clearlane/contract/downloads';
import { ApiError } from '../../lib/api-error.ts';
import { useUserContext } from '../../lib/current-user.ts';
import { MAX_BUNDLE_ORDERS, useBundleableCount } from '../../lib/entities/downloads/bundleable-orders.ts';
import { useGenerateDownload } from '../../lib/entities/downloads/generate-download.ts';
import { notify } from '../../lib/toasts/notify.ts';
import { watchDownload } from '../../lib/watched-downloads.ts';
import {
  BUNDLE_FORMAT_KINDS, BUNDLE_FORMATS, bundleableOrdersOf, bundleRequestOf, bundleTargetOf, orderRefusalsOf, type BundleFormat, type BundleScope,
} from './bundle-request.ts';

const count = new Intl.NumberFormat();
const reports = (n: number) => `${count.format(n)} ${n === 1 ? 'report' : 'reports'}`;

export interface DownloadReportsDialogProps {
  opened: boolean;
  onClose: () => void;
  scope: BundleScope;
  /** Called once the server has taken the request (the orders page clears its selection). */
  onStarted?: (download: DownloadDetail) => void;
}

/** How many of the chosen orders can go in a bundle: counted here for rows, by the orders list for filters. */
function useQualifying(scope: BundleScope) {
  const counted = useBundleableCount(scope.kind === 'filter' ? scope.filter : undefined);
  if (scope.kind === 'orders') {
    return { pending: false, error: null, qualifying: bundleableOrdersOf(scope.orders).length, capped: false, chosen: scope.orders.length };
  }
  return { pending: counted.isPending, error: counted.error, qualifying: counted.data?.count ?? 0, capped: counted.data?.capped ?? false, chosen: undefined };
}

function QualifyingSummary({ scope, qualifying, chosen }: { scope: BundleScope; qualifying: number; chosen: number | undefined }) {
  if (scope.kind === 'filter') {
    return (
      <Text fz="sm">
        <Text span fw={700}>
          {reports(qualifying)}
        </Text>{' '}
        of {scope.description}: every complete MVR among them.
      </Text>
    );
  }
  const left = (chosen ?? 0) - qualifying;
  return (
    <Text fz="sm">
      <Text span fw={700}>
        {count.format(qualifying)} of the {count.format(chosen ?? 0)} selected {chosen === 1 ? 'order' : 'orders'}
      </Text>{' '}
      {qualifying === 1 ? 'is a complete MVR and goes' : 'are complete MVRs and go'} in the bundle.
      {left > 0 && ` The other ${count.format(left)} ${left === 1 ? 'is' : 'are'} left out: not an MVR, or not complete yet.`}
    </Text>
  );
}

export function DownloadReportsDialog({ opened, onClose, scope, onStarted }: DownloadReportsDialogProps) {
  const [format, setFormat] = useState<BundleFormat>('merged');
  const formatIds = useId();
  const { user } = useUserContext();
  const navigate = useNavigate();
  const generate = useGenerateDownload();
  const { pending, error: countError, qualifying, capped, chosen } = useQualifying(scope);

  const tooMany = capped || qualifying > MAX_BUNDLE_ORDERS;
  const nothing = !pending && !countError && qualifying === 0;

  const close = () => {
    generate.reset();
    onClose();
  };

  const submit = () => {
    generate.mutate(bundleRequestOf(bundleTargetOf(scope), format), {
      onSuccess: (download) => {
        watchDownload(user.id, download.id);
        notify.success(`${reports(download.orderCount)} as ${BUNDLE_FORMATS[format].asFile}. We will tell you when the file is ready.`, {
          title: 'Preparing your download',
          // Bottom right: never over the page's heading (issue 13).
          position: 'bottom-right',
          duration: 8_000,
          // About the bundle on its way, not this page: it stays if the user moves on.
          scope: 'app',
          action: { label: 'View downloads', onClick: () => void navigate({ to: '/downloads' }) },
        });
        onStarted?.(download);
        close();
      },
    });
  };

  const refusal = generate.error;
  const refusals = refusal instanceof ApiError ? orderRefusalsOf(refusal.problem) : [];
  const labelOf = new Map(scope.kind === 'orders' ? scope.orders.map((order) => [order.id, order.subjectLabel]) : []);

  return (
    <Modal opened={opened} onClose={close} title="Download reports" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {pending ? (
          <Group gap="xs" aria-busy="true">
            <Loader size="xs" aria-hidden />
            <Text fz="sm" c="dimmed">
              Counting the complete MVRs of {scope.kind === 'filter' ? scope.description : 'your selection'}…
            </Text>
          </Group>
        ) : countError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title="The orders could not be counted">
            {countError.message}
          </Alert>
        ) : (
          <QualifyingSummary scope={scope} qualifying={qualifying} chosen={chosen} />
        )}

        {nothing && (
          <Alert color="orange.9" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Nothing to bundle">
            Only complete MVR reports can be bundled, and there is none {scope.kind === 'filter' ? `in ${scope.description}` : 'in your selection'}. Select MVR orders whose
            status is Complete.
          </Alert>
        )}
        {tooMany && (
          <Alert color="orange.9" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Too many reports for one bundle">
            A bundle holds at most {count.format(MAX_BUNDLE_ORDERS)} reports. Narrow the selection with the filters (a date range, a tag) and make several bundles.
          </Alert>
        )}

        <Radio.Group value={format} onChange={(value) => setFormat(value as BundleFormat)} label="What to download" required>
          <Stack gap="xs" mt="xs">
            {BUNDLE_FORMAT_KINDS.map((kind) => (
              // Named by its label and described by its sentence, so a screen reader reads the choice first.
              <Radio.Card key={kind} value={kind} radius="md" p="sm" withBorder aria-label={BUNDLE_FORMATS[kind].label} aria-describedby={`${formatIds}-${kind}`}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Text fw={600} fz="sm">
                      {BUNDLE_FORMATS[kind].label}
                    </Text>
                    <Text fz="xs" c="dimmed" id={`${formatIds}-${kind}`}>
                      {BUNDLE_FORMATS[kind].description}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>

        {refusal && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title="The download was not started">
            <Stack gap="xs">
              <Text fz="sm">{refusal.message}</Text>
              {refusals.length > 0 && (
                <>
                  <Text fz="sm" fw={600}>
                    {refusals.length === 1 ? 'The order refused:' : `The ${count.format(refusals.length)} orders refused:`}
                  </Text>
                  <List size="sm" spacing={2}>
                    {refusals.slice(0, 20).map(({ id, reason }) => (
                      <List.Item key={id}>
                        <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id }} />} fz="sm">
                          {labelOf.get(id) ?? `Order ${id}`}
                        </Anchor>
                        {reason && `: ${reason}`}
                      </List.Item>
                    ))}
                  </List>
                  {refusals.length > 20 && <Text fz="sm">…and {count.format(refusals.length - 20)} more.</Text>}
                </>
              )}
            </Stack>
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={generate.isPending} disabled={pending || Boolean(countError) || nothing || tooMany}>
            Prepare {pending || nothing ? 'download' : reports(qualifying)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
