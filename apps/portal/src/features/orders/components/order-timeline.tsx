// The order's history, oldest first (the order it happened in), as a list: what happened, who did
// it (a person, or Clearlane and the provider), when, and the notes of a sub-status change.
import { Blockquote, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle, IconCheck, IconCircleCheck, IconCircleX, IconEye, IconEyeOff, IconGavel, IconInbox, IconNote, IconPlus, IconSend, IconRefresh,
  type Icon,
} from '@tabler/icons-react';
import type { OrderEvent } from '@clearlane/contract/orders';
import { formatDateTime, preciseTimeFormat } from './format.ts';
import { timelineEntry } from './timeline-entry.ts';

// Titles and wording: timeline-entry.ts (each entry says a thing once).
const EVENT_LOOKS: Record<string, { icon: Icon; color: string }> = {
  CREATED: { icon: IconPlus, color: 'gray.7' },
  ORDERED: { icon: IconSend, color: 'lane.7' },
  RECEIVED: { icon: IconInbox, color: 'indigo.9' },
  ADJUDICATED: { icon: IconGavel, color: 'dark.6' },
  COMPLETED: { icon: IconCircleCheck, color: 'teal.9' },
  FAILED: { icon: IconCircleX, color: 'red.9' },
  ERROR: { icon: IconAlertTriangle, color: 'pink.9' },
  PROVIDER_ERROR: { icon: IconRefresh, color: 'orange.9' },
  REVIEWED: { icon: IconEye, color: 'teal.9' },
  REVIEW_CLEARED: { icon: IconEyeOff, color: 'gray.7' },
  SUB_STATUS_CHANGED: { icon: IconNote, color: 'lane.7' },
};
const FALLBACK_LOOK = { icon: IconCheck, color: 'gray.7' };

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
            const { title, detail } = timelineEntry(event);
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
                      {title}
                    </Text>
                    {detail && (
                      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                        {detail}
                      </Text>
                    )}
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
