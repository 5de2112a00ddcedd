// A history of events, oldest first (the order it happened in), as a list: what happened (a title
// with its icon and colour), the event's own words, its details, who did it and when. The order and
// claim pages each say how their event types look.
import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EventLook {
  title: string;
  icon: Icon;
  color: string;
}

export interface TimelineEvent {
  id: string;
  message: string;
  createdAt: string;
}

export interface EventTimelineProps<E extends TimelineEvent> {
  events: E[];
  /** The section's heading id (its accessible name). */
  headingId: string;
  /** The list's accessible name ("Order history, oldest first"). */
  listLabel: string;
  lookOf: (event: E) => EventLook;
  /** Who did it, after the time ("Clearlane", a person's name); nothing when not said. */
  actorOf?: (event: E) => string | null;
  /** What the event carries beyond its words (notes, the fields changed). */
  details?: (event: E) => ReactNode;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const preciseTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function EventTimeline<E extends TimelineEvent>({ events, headingId, listLabel, lookOf, actorOf, details }: EventTimelineProps<E>) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Timeline
        </Title>
        <Text fz="xs" c="dimmed" mt={-8}>
          Oldest first.
        </Text>
        <Box component="ol" aria-label={listLabel} m={0} p={0} style={{ listStyle: 'none' }}>
          {events.map((event, index) => {
            const look = lookOf(event);
            const last = index === events.length - 1;
            const actor = actorOf?.(event);
            return (
              <li key={event.id}>
                <Group gap="sm" align="stretch" wrap="nowrap">
                  <Stack gap={0} align="center">
                    <ThemeIcon size={26} radius="xl" color={look.color} aria-hidden>
                      <look.icon size={15} />
                    </ThemeIcon>
                    {!last && <Box style={{ flex: 1, width: 2, background: 'var(--mantine-color-gray-3)', minHeight: 12 }} />}
                  </Stack>
                  <Stack gap={2} pb={last ? 0 : 'md'} style={{ minWidth: 0, flex: 1 }}>
                    <Text fz="sm" fw={600}>
                      {look.title}
                    </Text>
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {event.message}
                    </Text>
                    {details?.(event)}
                    <Text fz="xs" c="dimmed">
                      <time dateTime={event.createdAt} title={preciseTimeFormat.format(new Date(event.createdAt))}>
                        {dateTimeFormat.format(new Date(event.createdAt))}
                      </time>
                      {actor && ` · ${actor}`}
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
