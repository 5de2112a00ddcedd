// What one timeline entry says: a title from the event's type (with the outcome an adjudication
// came to) and the event's message without the words the title already said. Orders placed before
// issue 13 carry messages like "Fail: Failed: …" and "Complete: Fail"; they read once too.
import type { OrderEvent } from '@clearlane/contract/orders';
import { OUTCOMES } from '@clearlane/contract/enums';
import { OUTCOME_LABELS } from '@clearlane/contract/labels';

type Outcome = (typeof OUTCOMES)[number];

export const EVENT_TITLES: Record<string, string> = {
  CREATED: 'Placed',
  ORDERED: 'Ordered',
  RECEIVED: 'Received',
  ADJUDICATED: 'Adjudicated',
  COMPLETED: 'Complete',
  FAILED: 'Failed',
  ERROR: 'Error',
  PROVIDER_ERROR: 'Provider did not answer',
  REVIEWED: 'Reviewed',
  REVIEW_CLEARED: 'Review cleared',
  SUB_STATUS_CHANGED: 'Sub-status changed',
  ADVERSE_ACTION_PRE_NOTICE: 'Pre-adverse action notice',
  ADVERSE_ACTION_FINAL_NOTICE: 'Final adverse action notice',
  ADVERSE_ACTION_CANCELLED: 'Adverse action cancelled',
};
export const FALLBACK_TITLE = 'Update';

const outcomeOf = (event: OrderEvent): Outcome | null => {
  const outcome = event.data?.outcome;
  return typeof outcome === 'string' && (OUTCOMES as readonly string[]).includes(outcome) ? (outcome as Outcome) : null;
};

// Words that say the same as a title word ("Fail", "Failed"; "Complete", "Completed").
const stem = (words: string) => words.replace(/\s+/g, '').toLowerCase().replace(/(ed|s)$/, '').replace(/e$/, '');

export interface TimelineEntry {
  title: string;
  /** What the message adds to the title; null when it adds nothing. */
  detail: string | null;
}

export function timelineEntry(event: OrderEvent): TimelineEntry {
  const outcome = outcomeOf(event);
  const base = EVENT_TITLES[event.type] ?? FALLBACK_TITLE;
  const title = event.type === 'ADJUDICATED' && outcome ? `${base}: ${OUTCOME_LABELS[outcome]}` : base;
  const said = new Set(
    [...title.split(/[\s:]+/), ...(outcome ? [outcome, OUTCOME_LABELS[outcome]] : [])].filter((word) => word !== '').map(stem),
  );
  let detail = event.message.trim();
  // Leading "Word:" labels the title (or the outcome) already says are left out, one after another.
  for (let match = /^([A-Za-z][A-Za-z ]*?):\s*/.exec(detail); match && said.has(stem(match[1]!)); match = /^([A-Za-z][A-Za-z ]*?):\s*/.exec(detail)) {
    detail = detail.slice(match[0].length);
  }
  // An old COMPLETED message's outcome ("Complete: NotFulfilled" → "NotFulfilled") in words.
  if (event.type === 'COMPLETED' && outcome && (detail === outcome || detail === OUTCOME_LABELS[outcome])) detail = `Outcome: ${OUTCOME_LABELS[outcome]}`;
  if (detail === '' || said.has(stem(detail.replace(/\.$/, '')))) return { title, detail: null };
  return { title, detail: detail.charAt(0).toUpperCase() + detail.slice(1) };
}
