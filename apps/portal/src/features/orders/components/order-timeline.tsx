// The order's history, oldest first (the order it happened in), as a list: what happened, who did
// it (a person, or Clearlane and the provider), when, and the notes of a sub-status change.
import { Blockquote, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle, IconCheck, IconCircleCheck, IconCircleX, IconEye, IconEyeOff, IconGavel, IconInbox, IconMail, IconMailForward, IconMailOff, IconNote, IconPlus, IconSend, IconRefresh,
  type Icon,
} from '@tabler/icons-react';
import type { OrderEvent } from '@clearlane/contract/orders';
import { formatDateTime, preciseTimeFormat } from './format.ts';

const EVENT_LOOKS: Record<string, { title: string; icon: Icon; color: string }> = {
  CREATED: { title: 'Placed', icon: IconPlus, color: 'gray.7' },
  ORDERED: { title: 'Ordered', icon: IconSend, color: 'lane.7' },
  RECEIVED: { title: 'Received', icon: IconInbox, color: 'indigo.9' },
  ADJUDICATED: { title: 'Adjudicated', icon: IconGavel, color: 'dark.6' },
  COMPLETED: { title: 'Complete', icon: IconCircleCheck, color: 'teal.9' },
  FAILED: { title: 'Failed', icon: IconCircleX, color: 'red.9' },
  ERROR: { title: 'Error', icon: IconAlertTriangle, color: 'pink.9' },
  PROVIDER_ERROR: { title: 'Provider did not answer', icon: IconRefresh, color: 'orange.9' },
  REVIEWED: { title: 'Reviewed', icon: IconEye, color: 'teal.9' },
  REVIEW_CLEARED: { title: 'Review cleared', icon: IconEyeOff, color: 'gray.7' },
  SUB_STATUS_CHANGED: { title: 'Sub-status changed', icon: IconNote, color: 'lane.7' },
  ADVERSE_ACTION_PRE_NOTICE: { title: 'Pre-adverse action notice', icon: IconMail, color: 'orange.9' },
  ADVERSE_ACTION_FINAL_NOTICE: { title: 'Final adverse action notice', icon: IconMailForward, color: 'red.9' },
  ADVERSE_ACTION_CANCELLED: { title: 'Adverse action cancelled', icon: IconMailOff, color: 'gray.7' },
};
const FALLBACK_LOOK = { title: 'Update', icon: IconCheck, color: 'gray.7' };

const notesOf = (event: OrderEvent) => {
  const notes = event.data?.changeNotes;
  return typeof notes === 'string' && notes.trim() !== '' ? notes : null;
};

export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-timeline-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="order-timeline-heading">
          Timeline
        </Title>
        <Text fz="xs" c="dimmed" mt={-8}>
          Oldest first.
        </Text>
        <Box component="ol" aria-label="Order history, oldest first" m={0} p={0} style={{ listStyle: 'none' }}>
          {events.map((event, index) => {
            const look = EVENT_LOOKS[event.type] ?? FALLBACK_LOOK;
            const notes = notesOf(event);
            const last = index === events.length - 1;
            return (
              <li key={event.id}>
                <Group gap="sm" align="stretch" wrap="nowrap">
                  <Stack gap={0} align="center">
                    <ThemeIcon size={26} radius="xl" color={look.color} aria-hidden>
                      <look.icon size={15} />
                    </ThemeIcon>
                    {!last && <Box style={{ flex: 1, width: 2, background: 'var(--mantine-color-gray-3)', minHeight: 12 }} />}
                  </Stack>
                  <Stack gap={2} pb={last ? 0 : 'md'} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600}>
                      {look.title}
                    </Text>
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {event.message}
                    </Text>
                    {notes && (
                      <Blockquote p="xs" mt={4} color="lane.7" fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        <Text span fz="xs" fw={700} display="block">
                          Notes
                        </Text>
                        {notes}
                      </Blockquote>
                    )}
                    <Text fz="xs" c="dimmed">
                      <time dateTime={event.createdAt} title={preciseTimeFormat.format(new Date(event.createdAt))}>
                        {formatDateTime(event.createdAt)}
                      </time>
                      {event.actorId === null && ' · Clearlane'}
                    </Text>
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Box>
      </Stack>
    </Paper>
  );
}
