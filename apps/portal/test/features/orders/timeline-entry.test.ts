// Each timeline entry says a thing once (issue 13: no "Fail: Failed: …"), for the events written now
// and for those stored before.
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@clearlane/contract/orders';
import { timelineEntry } from '../../../src/features/orders/components/timeline-entry.ts';

const event = (type: string, message: string, data: Record<string, unknown> | null = null): OrderEvent => ({
  id: 'e', type, fromStatus: null, toStatus: null, message, actorId: null, data, createdAt: '2025-06-01T10:00:00.000Z',
});

describe('a timeline entry', () => {
  it('puts an adjudication\'s outcome in its title and its reasons below, each once', () => {
    expect(timelineEntry(event('ADJUDICATED', 'Not met: No major violation in 5 years.', { outcome: 'Fail' }))).toEqual({
      title: 'Adjudicated: Fail', detail: 'Not met: No major violation in 5 years.',
    });
    // Stored before issue 13.
    expect(timelineEntry(event('ADJUDICATED', 'Fail: Failed: No major violation in 5 years.', { outcome: 'Fail' }))).toEqual({
      title: 'Adjudicated: Fail', detail: 'No major violation in 5 years.',
    });
    expect(timelineEntry(event('ADJUDICATED', 'Pass: Every rule passed.', { outcome: 'Pass' }))).toEqual({ title: 'Adjudicated: Pass', detail: 'Every rule passed.' });
    expect(timelineEntry(event('ADJUDICATED', 'NoResults: No driving record was found for this licence.', { outcome: 'NoResults' }))).toEqual({
      title: 'Adjudicated: No results', detail: 'No driving record was found for this licence.',
    });
  });

  it('says what a completion came to without saying "Complete" twice', () => {
    expect(timelineEntry(event('COMPLETED', 'Outcome: Not fulfilled', { outcome: 'NotFulfilled' }))).toEqual({ title: 'Complete', detail: 'Outcome: Not fulfilled' });
    expect(timelineEntry(event('COMPLETED', 'Complete: NotFulfilled', { outcome: 'NotFulfilled' }))).toEqual({ title: 'Complete', detail: 'Outcome: Not fulfilled' });
    expect(timelineEntry(event('COMPLETED', 'Complete', { outcome: null }))).toEqual({ title: 'Complete', detail: null });
    expect(timelineEntry(event('COMPLETED', 'The report is ready', { outcome: null }))).toEqual({ title: 'Complete', detail: 'The report is ready' });
  });

  it('keeps a message that adds something, and names an unknown event "Update"', () => {
    expect(timelineEntry(event('FAILED', 'Failed: the state refused the request'))).toEqual({ title: 'Failed', detail: 'The state refused the request' });
    expect(timelineEntry(event('CREATED', 'Ordered by Aggie Agent'))).toEqual({ title: 'Placed', detail: 'Ordered by Aggie Agent' });
    expect(timelineEntry(event('SOMETHING_NEW', 'A note'))).toEqual({ title: 'Update', detail: 'A note' });
  });
});
