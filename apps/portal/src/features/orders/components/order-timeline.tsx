// The order's history, oldest first (the order it happened in), as a list: what happened, who did
// it (a person, or Clearlane and the provider), when, and the notes of a sub-status change.
import { Blockquote, Text } from '@mantine/core';
import {
  IconAlertTriangle, IconCheck, IconCircleCheck, IconCircleX, IconEye, IconEyeOff, IconGavel, IconInbox, IconMail, IconMailForward, IconMailOff, IconNote, IconPlus, IconSend, IconRefresh,
} from '@tabler/icons-react';
import type { OrderEvent } from '@clearlane/contract/orders';
import { EventTimeline, type EventLook } from '../../../components/event-timeline.tsx';
import { timelineEntry } from './timeline-entry.ts';

// Titles and wording: timeline-entry.ts (each entry says a thing once).
const EVENT_LOOKS: Record<string, Omit<EventLook, 'title'>> = {
  CREATED: { icon: IconPlus, color: 'gray.7' },
  ORDERED: { icon: IconSend, color: 'lane.7' },
  RECEIVED: { icon: IconInbox, color: 'indigo.9' },
  ADJUDICATED: { icon: IconGavel, color: 'violet.9' },
  COMPLETED: { icon: IconCircleCheck, color: 'teal.9' },
  FAILED: { icon: IconCircleX, color: 'red.9' },
  ERROR: { icon: IconAlertTriangle, color: 'pink.9' },
  PROVIDER_ERROR: { icon: IconRefresh, color: 'orange.9' },
  REVIEWED: { icon: IconEye, color: 'teal.9' },
  REVIEW_CLEARED: { icon: IconEyeOff, color: 'gray.7' },
  SUB_STATUS_CHANGED: { icon: IconNote, color: 'lane.7' },
  ADVERSE_ACTION_PRE_NOTICE: { icon: IconMail, color: 'orange.9' },
  ADVERSE_ACTION_FINAL_NOTICE: { icon: IconMailForward, color: 'red.9' },
  ADVERSE_ACTION_CANCELLED: { icon: IconMailOff, color: 'gray.7' },
};
const FALLBACK_LOOK = { icon: IconCheck, color: 'gray.7' };

const notesOf = (event: OrderEvent) => {
  const notes = event.data?.changeNotes;
  return typeof notes === 'string' && notes.trim() !== '' ? notes : null;
};

function Notes({ event }: { event: OrderEvent }) {
  const notes = notesOf(event);
  if (!notes) return null;
  return (
    <Blockquote p="xs" mt={4} color="lane.7" fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <Text span fz="xs" fw={700} display="block">
        Notes
      </Text>
      {notes}
    </Blockquote>
  );
}

export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <EventTimeline
      events={events}
      headingId="order-timeline-heading"
      listLabel="Order history, oldest first"
      lookOf={(event) => ({ ...(EVENT_LOOKS[event.type] ?? FALLBACK_LOOK), title: timelineEntry(event).title })}
      detailOf={(event) => timelineEntry(event).detail}
      actorOf={(event) => (event.actorId === null ? 'Clearlane' : null)}
      details={(event) => <Notes event={event} />}
    />
  );
}
