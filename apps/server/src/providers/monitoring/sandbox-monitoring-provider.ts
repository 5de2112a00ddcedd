// The sandbox monitoring provider: the embedded default. Like the MVR sandbox, the last digit of the
// licence number decides what happens (README has the table), so every alert can be produced on
// purpose. A driver's change "happens" the moment the state confirms the enrolment (activeSince), so
// it is reported by the first sweep after the enrolment becomes ACTIVE and by no later one; its id is
// derived from the enrolment, so asking again (a repeated or crashed sweep) answers the same id.
// States that report licence status only (domain/monitoring-coverage.ts) report no convictions or
// accidents, as a real state would not.
import { monitoringCoverageOf, type AlertChangeKind } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { DatabaseLedger } from '../ledger.ts';
import { daysAgo, lastDigit, SandboxBase } from '../sandbox-shared.ts';
import type {
  MonitoredDriver, MonitoringChange, MonitoringChangesAnswer, MonitoringChangesRequest, MonitoringMiss, MonitoringProvider,
} from './monitoring-provider.ts';

/** Last digit of the licence number → what MVR monitoring reports. README documents this table. */
export const SANDBOX_MVR_MONITORING: Record<string, AlertChangeKind | 'QUIET' | 'NOT_REPORTING' | 'TRANSIENT_ERROR'> = {
  '0': 'QUIET',
  '1': 'QUIET',
  '2': 'NEW_VIOLATION',
  '3': 'MAJOR_CONVICTION',
  '4': 'SUSPENSION',
  '5': 'LICENCE_EXPIRED',
  '6': 'NEW_ACCIDENT',
  '7': 'NOT_REPORTING',
  '8': 'TRANSIENT_ERROR',
  '9': 'QUIET',
};

/** Kinds only a state that reports convictions reports. */
const CONVICTION_KINDS: ReadonlySet<AlertChangeKind> = new Set(['NEW_VIOLATION', 'MAJOR_CONVICTION', 'NEW_ACCIDENT']);

type ChangeBody = Omit<MonitoringChange, 'subjectKey' | 'providerChangeId'>;

const value = (label: string, before: string | null, after: string | null) => ({ label, before, after });

/** What each change looks like; dates are relative to the day the change happened. */
function mvrChange(kind: AlertChangeKind, driver: MonitoredDriver): ChangeBody {
  const at = driver.activeSince;
  const state = driver.licenceState;
  switch (kind) {
    case 'NEW_VIOLATION': {
      const violation = { date: daysAgo(at, 30), convictionDate: daysAgo(at, 2), code: 'S93', description: 'Speeding 11-15 mph over limit', category: 'MOVING', points: 3 };
      return {
        kind, title: `New conviction: ${violation.description}`,
        change: {
          summary: `${state} reported a conviction for a moving violation (${violation.code}, ${violation.points} points) on ${violation.convictionDate}.`,
          values: [value('Moving violations in 3 years', '2', '3'), value('Points', '6', '9')],
          violation, dmvAction: null,
        },
      };
    }
    case 'MAJOR_CONVICTION': {
      const violation = { date: daysAgo(at, 40), convictionDate: daysAgo(at, 3), code: 'A21', description: 'Driving under the influence of alcohol', category: 'MAJOR', points: 8 };
      return {
        kind, title: `Major conviction: ${violation.description}`,
        change: {
          summary: `${state} reported a major conviction (${violation.code}, DUI) on ${violation.convictionDate}.`,
          values: [value('Major violations in 5 years', '0', '1'), value('Points', '0', '8')],
          violation, dmvAction: null,
        },
      };
    }
    case 'SUSPENSION': {
      const dmvAction = { type: 'SUSPENSION', effectiveDate: daysAgo(at, 1), endDate: daysAgo(at, -180), reason: 'Accumulated points' };
      return {
        kind, title: `Licence suspended: ${dmvAction.reason}`,
        change: {
          summary: `${state} suspended the licence from ${dmvAction.effectiveDate} to ${dmvAction.endDate} (${dmvAction.reason.toLowerCase()}).`,
          values: [value('Licence status', 'VALID', 'SUSPENDED')],
          violation: null, dmvAction,
        },
      };
    }
    case 'LICENCE_EXPIRED': {
      const expiredOn = daysAgo(at, 1);
      return {
        kind, title: `Licence expired on ${expiredOn}`,
        change: {
          summary: `${state} reports the licence expired on ${expiredOn} and was not renewed.`,
          values: [value('Licence status', 'VALID', 'EXPIRED'), value('Licence expires on', null, expiredOn)],
          violation: null, dmvAction: null,
        },
      };
    }
    case 'NEW_ACCIDENT':
      return {
        kind, title: 'New accident: two-vehicle collision, at fault',
        change: {
          summary: `${state} reported an at-fault two-vehicle collision without injuries on ${daysAgo(at, 12)}.`,
          values: [value('Accidents in 3 years', '0', '1'), value('At-fault accidents in 3 years', '0', '1')],
          violation: null, dmvAction: null,
        },
      };
    default:
      throw new Error(`The sandbox has no MVR change of kind ${kind}`);
  }
}

function personRecordChange(driver: MonitoredDriver): ChangeBody {
  const filedOn = daysAgo(driver.activeSince, 5);
  return {
    kind: 'PERSON_RECORD_CHANGE', title: 'New court record: misdemeanour',
    change: {
      summary: `A misdemeanour case (reckless endangerment) was filed on ${filedOn} in a county court of ${driver.licenceState}.`,
      values: [value('Criminal records', '0', '1')],
      violation: null, dmvAction: null,
    },
  };
}

export class SandboxMonitoringProvider extends SandboxBase implements MonitoringProvider {
  readonly name = 'sandbox';

  async changesSince(request: MonitoringChangesRequest): Promise<MonitoringChangesAnswer> {
    const changes: MonitoringChange[] = [];
    const missed: MonitoringMiss[] = [];
    const retried = await Promise.all(request.drivers.map((driver) => this.failsThisTime(driver)));
    request.drivers.forEach((driver, index) => {
      const outcome = SANDBOX_MVR_MONITORING[lastDigit(driver.licenceNumber)] ?? 'QUIET';
      if (retried[index]) {
        missed.push({ subjectKey: driver.subjectKey, reason: 'TRANSIENT', message: 'The monitoring provider did not answer for this driver (sandbox provider error); asked again next sweep.' });
        return;
      }
      if (driver.monitoringType === 'MvrMonitoring' && outcome === 'NOT_REPORTING') {
        missed.push({ subjectKey: driver.subjectKey, reason: 'NOT_REPORTING', message: `${driver.licenceState} is not reporting at the moment (sandbox).` });
        return;
      }
      // The change happened when the enrolment became active: reported once, by the first ask whose window holds it.
      const happenedInWindow = (driver.since === null || driver.since < driver.activeSince) && driver.activeSince <= request.asOf;
      if (!happenedInWindow) return;
      const body = this.changeOf(driver, outcome);
      if (body) changes.push({ subjectKey: driver.subjectKey, providerChangeId: changeIdOf(driver, body.kind), ...body });
    });
    return { changes, missed };
  }

  private changeOf(driver: MonitoredDriver, outcome: (typeof SANDBOX_MVR_MONITORING)[string]): ChangeBody | null {
    if (driver.monitoringType === 'PersonMonitoring') return lastDigit(driver.licenceNumber) === '6' ? personRecordChange(driver) : null;
    if (outcome === 'QUIET' || outcome === 'NOT_REPORTING' || outcome === 'TRANSIENT_ERROR') return null;
    if (CONVICTION_KINDS.has(outcome) && monitoringCoverageOf(driver.licenceState).covers !== 'CONVICTIONS') return null;
    return mvrChange(outcome, driver);
  }

  /**
   * Digit 8: the provider fails the first time it is asked about an enrolment and answers (with no
   * change) the next time, so a sweep shows a transient error that the next sweep recovers from.
   * The ledger remembers the asks across sweeps and processes.
   */
  private async failsThisTime(driver: MonitoredDriver): Promise<boolean> {
    if (lastDigit(driver.licenceNumber) !== '8') return false;
    const calls = await this.ledger.record(`monitoring:${driver.subjectKey}:${driver.activeSince.getTime()}`);
    return calls === 1;
  }
}

/** Derived from the enrolment (its activation) and the change: the same change, the same id. */
function changeIdOf(driver: MonitoredDriver, kind: AlertChangeKind): string {
  return `SBX-MON-${driver.personId}-${driver.monitoringType === 'MvrMonitoring' ? 'MVR' : 'PERSON'}-${kind}-${driver.activeSince.getTime()}`;
}

/** The sandbox with its ledger in the database, so digit 8's "failed once" holds across sweeps and processes. */
export function sandboxMonitoringProvider(db: Executor): SandboxMonitoringProvider {
  return new SandboxMonitoringProvider({ ledger: new DatabaseLedger(db, 'sandbox-monitoring') });
}
