// What the toast of a bulk monitoring change says: how many drivers changed, how many were already
// as asked, and nothing-changed as information rather than success.
import { describe, expect, it } from 'vitest';
import { monitoringChangeMessage } from '../../../src/features/drivers/monitoring-change.ts';

const enrolMvr = { action: 'ADD', monitoringType: 'MvrMonitoring' } as const;
const removePerson = { action: 'REMOVE', monitoringType: 'PersonMonitoring' } as const;

describe('monitoringChangeMessage', () => {
  it('says how many drivers were enrolled, and how many already were', () => {
    expect(monitoringChangeMessage(enrolMvr, { changed: 2, unchanged: 0 })).toEqual({ changedAny: true, message: 'Enrolled 2 drivers in MVR monitoring.' });
    expect(monitoringChangeMessage(enrolMvr, { changed: 1, unchanged: 1 })).toEqual({
      changedAny: true,
      message: 'Enrolled 1 driver in MVR monitoring. 1 driver was already enrolled in MVR monitoring.',
    });
  });

  it('says how many were removed, and how many were not enrolled', () => {
    expect(monitoringChangeMessage(removePerson, { changed: 3, unchanged: 2 }).message).toBe(
      'Removed 3 drivers from Person monitoring. 2 drivers were not enrolled in Person monitoring.',
    );
  });

  it('says when nothing changed', () => {
    expect(monitoringChangeMessage(enrolMvr, { changed: 0, unchanged: 2 })).toEqual({ changedAny: false, message: 'Nothing changed: all 2 drivers were already enrolled in MVR monitoring.' });
    expect(monitoringChangeMessage(removePerson, { changed: 0, unchanged: 1 }).message).toBe('Nothing changed: the driver was not enrolled in Person monitoring.');
  });
});
