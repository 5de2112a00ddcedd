// What continuous MVR monitoring covers in each state, and how long a state takes to confirm an
// enrolment. Kept as data (issue 9): the sweep reads it to decide when a pending enrolment becomes
// active, and the portal shows it on the driver's monitoring panel. The figures follow what US
// monitoring vendors publish: most states report convictions and licence status; a few report the
// licence status only; states with an employer pull-notice programme take days to confirm.
import type { UsStateCode } from './driver-licence-formats.ts';

/** CONVICTIONS: new violations, DMV actions and licence status. LICENCE_STATUS: status changes only. */
export type MonitoringCoverage = 'CONVICTIONS' | 'LICENCE_STATUS';

export interface StateMonitoringCoverage {
  covers: MonitoringCoverage;
  /** Days from enrolment until the state confirms it; the driver shows "enrolment pending" until then. */
  enrolmentDays: number;
}

const CONVICTIONS_AT_ONCE: StateMonitoringCoverage = { covers: 'CONVICTIONS', enrolmentDays: 0 };

/** States that differ from "convictions, confirmed at the first sweep". */
const EXCEPTIONS: Partial<Record<UsStateCode, StateMonitoringCoverage>> = {
  CA: { covers: 'CONVICTIONS', enrolmentDays: 3 }, // Employer Pull Notice enrolment with the DMV
  NY: { covers: 'CONVICTIONS', enrolmentDays: 2 }, // LENS (Licence Event Notification Service)
  PA: { covers: 'LICENCE_STATUS', enrolmentDays: 1 },
  MA: { covers: 'LICENCE_STATUS', enrolmentDays: 0 },
  NH: { covers: 'LICENCE_STATUS', enrolmentDays: 0 },
  WA: { covers: 'CONVICTIONS', enrolmentDays: 5 },
  VA: { covers: 'LICENCE_STATUS', enrolmentDays: 1 },
};

export function monitoringCoverageOf(state: UsStateCode): StateMonitoringCoverage {
  return EXCEPTIONS[state] ?? CONVICTIONS_AT_ONCE;
}

export const MONITORING_COVERAGE_LABELS: Record<MonitoringCoverage, string> = {
  CONVICTIONS: 'New convictions, DMV actions and licence status',
  LICENCE_STATUS: 'Licence status changes only',
};
