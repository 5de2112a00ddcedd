// The order's history, oldest first (the order it happened in), as a list: what happened, who did
// it (a person, or Clearlane and the provider), when, and the notes of a sub-status change.
import { Blockquote, Text } from '@mantine/core';
import {
  IconAlertTriangle, IconCheck, IconCircleCheck, IconCircleX, IconEye, IconEyeOff, IconGavel, IconInbox, IconNote, IconPlus, IconSend, IconRefresh,
} from '@tabler/icons-react';
import type { OrderEvent } from '@clearlane/contract/orders';
import { EventTimeline, type EventLook } from '../../../components/event-timeline.tsx';

const EVENT_LOOKS: Record<string, EventLook> = {
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
};
const FALLBACK_LOOK: EventLook = { title: 'Update', icon: IconCheck, color: 'gray.7' };

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
      lookOf={(event) => EVENT_LOOKS[event.type] ?? FALLBACK_LOOK}
      actorOf={(event) => (event.actorId === null ? 'Clearlane' : null)}
      details={(event) => <Notes event={event} />}
    />
  );
}
