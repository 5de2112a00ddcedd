// The bar over the orders list while orders are selected: how many, "Select all N matching" once the
// whole page is ticked (as a mail client offers), "Clear selection", and "Download reports".
import { Button, Group, Paper, Text } from '@mantine/core';
import { DownloadReportsButton } from '../../../components/report-bundles/download-reports-button.tsx';
import type { BundleScope } from '../../../components/report-bundles/bundle-request.ts';

const integer = new Intl.NumberFormat();
const orders = (n: number) => `${integer.format(n)} ${n === 1 ? 'order' : 'orders'}`;

export interface OrderSelectionBarProps {
  /** Orders selected (all matching ones when allMatching). */
  count: number;
  allMatching: boolean;
  /** How many match the filters, when "Select all" is worth offering. */
  offerAllOf?: number;
  onSelectAll: () => void;
  onClear: () => void;
  scope: BundleScope;
}

export function OrderSelectionBar({ count, allMatching, offerAllOf, onSelectAll, onClear, scope }: OrderSelectionBarProps) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-lane-light)" role="region" aria-label="Selected orders">
      <Group gap="sm" justify="space-between" align="center">
        <Group gap="xs" align="center">
          <Text fw={600} fz="sm" aria-live="polite">
            {allMatching ? `All ${orders(count)} matching your filters are selected` : offerAllOf !== undefined ? `All ${orders(count)} on this page are selected` : `${orders(count)} selected`}
          </Text>
          {offerAllOf !== undefined && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAll}>
              Select all {orders(offerAllOf)} matching
            </Button>
          )}
          <Button variant="default" size="compact-sm" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
        <DownloadReportsButton scope={scope} variant="filled" onStarted={onClear} />
      </Group>
    </Paper>
  );
}
