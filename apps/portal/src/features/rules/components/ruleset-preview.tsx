// What saving the draft would change, shown before it is saved: the company's MVRs completed in the
// last 90 days and judged by this ruleset, re-judged with the draft by the server. "2 orders would
// go from Pass to Fail", each change counted, and the orders that would change, each a link.
import { Anchor, Badge, Button, Group, List, Modal, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Outcome } from '@clearlane/contract/orders';
import type { RulesetPreview } from '@clearlane/contract/rulesets';
import { BeforeAfterTable } from '../../../components/before-after-table.tsx';
import { OUTCOME_COLORS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import { exactWhen, orderCount } from './format.ts';

const outcomeWord = (outcome: Outcome | null) => (outcome ? OUTCOME_LABELS[outcome] : 'no outcome');

function OutcomeTag({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return <Text span fz="sm">none</Text>;
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="filled" radius="sm" style={{ minWidth: 'max-content' }}>
      {OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

/** "2 orders would go from Pass to Fail". */
export const transitionSentence = (transition: RulesetPreview['transitions'][number]) =>
  `${orderCount(transition.count)} would go from ${outcomeWord(transition.from)} to ${outcomeWord(transition.to)}`;

export interface RulesetPreviewDialogProps {
  preview: RulesetPreview | null;
  nextVersion: number;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
}

export function RulesetPreviewDialog({ preview, nextVersion, saving, onSave, onClose }: RulesetPreviewDialogProps) {
  return (
    <Modal opened={preview !== null} onClose={onClose} title="Before you save" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {preview && (
        <Stack gap="md">
          <Text fz="sm">
            {preview.judged === 0
              ? `No MVR judged by this ruleset was completed since ${exactWhen(preview.since)}: saving changes no recent outcome.`
              : `Re-judged with your changes: ${orderCount(preview.judged)} completed since ${exactWhen(preview.since)} and judged by this ruleset.`}
          </Text>
          {preview.judged > 0 && (
            <Paper
              withBorder
              radius="md"
              p="sm"
              style={{ borderLeft: `4px solid var(--mantine-color-${preview.changed === 0 ? 'teal-9' : 'orange-9'})` }}
              role="status"
            >
              <Text fw={700} fz="sm">
                {preview.changed === 0 ? 'No outcome would change' : `${orderCount(preview.changed)} would get another outcome`}
              </Text>
              {preview.changed > 0 && (
                <List size="sm" mt={4} data-testid="preview-transitions">
                  {preview.transitions.map((transition) => (
                    <List.Item key={`${transition.from}>${transition.to}`}>{transitionSentence(transition)}</List.Item>
                  ))}
                </List>
              )}
            </Paper>
          )}
          {preview.orders.length > 0 && (
            <ScrollArea.Autosize mah={320} type="auto">
              <BeforeAfterTable
                caption="Orders whose outcome would change"
                captionHidden
                headers={{ field: 'Order', before: 'Now' }}
                rows={preview.orders.map((order) => ({
                  key: order.id,
                  field: (
                    <>
                      <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: order.id }} target="_blank" />} fz="sm" title="Opens in a new tab">
                        {order.subjectLabel}
                      </Anchor>
                      <Text fz="xs" c="dimmed" fw={400}>
                        completed {exactWhen(order.completedAt)}
                      </Text>
                    </>
                  ),
                  before: <OutcomeTag outcome={order.from} />,
                  after: <OutcomeTag outcome={order.to} />,
                }))}
              />
            </ScrollArea.Autosize>
          )}
          {preview.truncated && (
            <Text fz="xs" c="dimmed">
              The first {preview.orders.length} of {orderCount(preview.changed)} are listed, newest first.
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            Saving does not change these orders: each keeps the version that judged it. Orders completed from now on are judged by version {nextVersion}.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep editing
            </Button>
            <Button onClick={onSave} loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
              Save as version {nextVersion}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
