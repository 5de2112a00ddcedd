// The claim's history, oldest first: filed, edited (the fields changed, with before and after),
// reports attached, judged and detached, status changes, requests to publish, publications.
import { Text } from '@mantine/core';
import {
  IconArrowsExchange, IconCheck, IconFilePlus, IconGavel, IconLink, IconLinkOff, IconPencil, IconRefresh, IconShieldCheck, IconClock,
} from '@tabler/icons-react';
import type { ClaimEvent } from '@clearlane/contract/claims';
import { EventTimeline, type EventLook } from '../../../components/event-timeline.tsx';
import { ChangesTable, type ChangeForm, type FieldChange } from './claim-changes.tsx';

const EVENT_LOOKS: Record<string, EventLook> = {
  CREATED: { title: 'Filed', icon: IconFilePlus, color: 'gray.7' },
  UPDATED: { title: 'Edited', icon: IconPencil, color: 'lane.7' },
  ORDER_ATTACHED: { title: 'Report attached', icon: IconLink, color: 'indigo.9' },
  ORDER_DETACHED: { title: 'Report detached', icon: IconLinkOff, color: 'orange.9' },
  ORDER_JUDGED: { title: 'Report judged', icon: IconGavel, color: 'violet.9' },
  STATUS_CHANGED: { title: 'Status changed', icon: IconArrowsExchange, color: 'lane.7' },
  PUBLISH_REQUESTED: { title: 'Publish when possible', icon: IconClock, color: 'teal.9' },
  PUBLISH_REQUEST_WITHDRAWN: { title: 'Publish request withdrawn', icon: IconClock, color: 'gray.7' },
  UPDATE_STARTED: { title: 'Update started', icon: IconRefresh, color: 'orange.9' },
  PUBLISHED: { title: 'Published', icon: IconShieldCheck, color: 'cyan.9' },
};
const FALLBACK_LOOK: EventLook = { title: 'Update', icon: IconCheck, color: 'gray.7' };

const isFieldChange = (value: unknown): value is FieldChange => value !== null && typeof value === 'object' && typeof (value as FieldChange).path === 'string';

/** The fields an edit changed, as the event recorded them (at most 50, long texts cut). */
export function changesOf(event: ClaimEvent): FieldChange[] {
  const changes = event.data?.changes;
  return Array.isArray(changes) ? changes.filter(isFieldChange) : [];
}

function Details({ event, form }: { event: ClaimEvent; form: ChangeForm | undefined }) {
  const changes = changesOf(event);
  if (changes.length === 0) return null;
  const count = typeof event.data?.changeCount === 'number' ? event.data.changeCount : changes.length;
  return (
    <>
      <ChangesTable changes={changes} form={form} caption="Fields changed by this edit" captionHidden size="xs" />
      {count > changes.length && (
        <Text fz="xs" c="dimmed">
          And {count - changes.length} more.
        </Text>
      )}
    </>
  );
}

export function ClaimTimeline({ events, form }: { events: ClaimEvent[]; form: ChangeForm | undefined }) {
  return (
    <EventTimeline
      events={events}
      headingId="claim-timeline-heading"
      listLabel="Claim history, oldest first"
      lookOf={(event) => EVENT_LOOKS[event.type] ?? FALLBACK_LOOK}
      actorOf={(event) => event.actorName ?? (event.actorId === null ? 'Clearlane' : null)}
      details={(event) => <Details event={event} form={form} />}
    />
  );
}

