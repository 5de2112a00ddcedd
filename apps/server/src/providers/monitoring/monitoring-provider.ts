// Continuous driver monitoring (issue 9): the provider watches enrolled drivers' records and, asked
// for a batch of them, answers what changed since the last time each was asked. The sandbox is the
// embedded default; a vendor adapter (SambaSafety, Checkr Continuous MVR...) implements the same
// interface. The sweep (modules/monitoring/sweep.ts) turns each change into one alert, keyed by the
// change's `providerChangeId`: the provider must answer the same id for the same change however
// often it is asked, which is what makes a repeated or crashed sweep raise nothing twice.
import type { AlertChange, AlertChangeKind, UsStateCode } from '@clearlane/contract';

export type MonitoringType = 'MvrMonitoring' | 'PersonMonitoring';

/** One enrolment the provider is asked about. */
export interface MonitoredDriver {
  /** Our key of the enrolment, echoed in the answer: `${companyId}/${personId}/${monitoringType}`. */
  subjectKey: string;
  personId: string;
  monitoringType: MonitoringType;
  licenceNumber: string;
  licenceState: UsStateCode;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** When the state confirmed the enrolment: the provider reports changes from then on. */
  activeSince: Date;
  /** The end of the window the last successful ask covered; null when never asked since activation. */
  since: Date | null;
}

export interface MonitoringChangesRequest {
  drivers: MonitoredDriver[];
  /** The end of the window asked about (the sweep's start): changes in (since, asOf]. */
  asOf: Date;
}

/** A change in a driver's record, as the alert will show it. */
export interface MonitoringChange {
  subjectKey: string;
  /** Stable: the same change always has the same id. */
  providerChangeId: string;
  kind: AlertChangeKind;
  /** "New conviction: Speeding 11-15 mph over limit". */
  title: string;
  change: Omit<AlertChange, 'providerChangeId' | 'detectedAt'>;
}

/**
 * Why a driver was not answered for. TRANSIENT: the provider failed (asked again next sweep);
 * NOT_REPORTING: the state is not reporting at the moment (asked again next sweep, nothing is lost
 * since the window stays open).
 */
export interface MonitoringMiss {
  subjectKey: string;
  reason: 'TRANSIENT' | 'NOT_REPORTING';
  message: string;
}

export interface MonitoringChangesAnswer {
  changes: MonitoringChange[];
  /** Drivers the answer does not cover; every other driver asked about was answered (maybe with no change). */
  missed: MonitoringMiss[];
}

export interface MonitoringProvider {
  readonly name: string;
  /** Throws (ProviderError) only when the whole batch failed; per-driver failures are `missed`. */
  changesSince(request: MonitoringChangesRequest): Promise<MonitoringChangesAnswer>;
}
