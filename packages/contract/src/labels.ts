// One name for one thing (issue 13): how report kinds, order types, the MVR's documents and the
// Texas record types are named to people. The portal, the server's PDFs and text, the bulk template
// and mails all read these, so a report is not a "Vehicle (VIN) report" on one page and a "Vehicle
// History Report" in its PDF. Sentence case; the MVR documents keep SPEC.md §3's own names.
import { MVR_REPORT_FORMATS, type ORDER_TYPES, type OUTCOMES, type REPORT_TYPES } from './enums.ts';
import type { TexasRecordType } from './domain/mvr.ts';

type OrderType = (typeof ORDER_TYPES)[number];
type ReportType = (typeof REPORT_TYPES)[number];
type Outcome = (typeof OUTCOMES)[number];

/** An order's outcome in words (badges, filters, the timeline, documents). */
export const OUTCOME_LABELS: Record<Outcome, string> = {
  Pass: 'Pass',
  Fail: 'Fail',
  Indeterminate: 'Indeterminate',
  NoResults: 'No results',
  NotFulfilled: 'Not fulfilled',
};

/** What each kind of report is called: in lists, on its page and as its PDF's title. */
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  MotorVehicleRecord: 'Motor vehicle record',
  VehicleReport: 'Vehicle history report',
  PersonRiskAssessment: 'Person risk assessment',
  BusinessRiskAssessment: 'Business risk report',
  DriverActivityReport: 'Driver activity report',
};

/** What each order type is called (an MVR order says whether a ruleset judges it; the others are named by their report). */
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  MVR: 'MVR',
  MVR_WITH_ADJUDICATION: 'MVR, adjudicated',
  PERSON_RISK_ASSESSMENT: REPORT_TYPE_LABELS.PersonRiskAssessment,
  BUSINESS_RISK_INFORM_REPORT: REPORT_TYPE_LABELS.BusinessRiskAssessment,
  VIN_REPORT: REPORT_TYPE_LABELS.VehicleReport,
};

/** The documents of an order, by the names their files, buttons and PDF titles carry. */
export const DOCUMENT_LABELS = {
  /** SPEC.md §3's MVR_STANDARD_REPORT. */
  mvrStandard: MVR_REPORT_FORMATS.MVR_STANDARD_REPORT.label,
  /** SPEC.md §3's MVR_CONDENSED_REPORT. */
  mvrCondensed: MVR_REPORT_FORMATS.MVR_CONDENSED_REPORT.label,
  /** The condensed report as plain text. */
  mvrCondensedText: `${MVR_REPORT_FORMATS.MVR_CONDENSED_REPORT.label}, text`,
  violation: 'Violation report',
  vehicle: REPORT_TYPE_LABELS.VehicleReport,
  personRisk: REPORT_TYPE_LABELS.PersonRiskAssessment,
  businessRisk: REPORT_TYPE_LABELS.BusinessRiskAssessment,
} as const;

/** Texas issues several record types (SPEC.md §3 "TX is a special subset"): the order form, the MVR and its documents say the same. */
export const TEXAS_RECORD_TYPE_LABELS: Record<TexasRecordType, string> = {
  TYPE_1_STATUS: 'Type 1: licence status only',
  TYPE_2_THREE_YEAR: 'Type 2: 3-year driving record',
  TYPE_3_CERTIFIED_THREE_YEAR: 'Type 3: certified 3-year driving record',
  TYPE_AR_CERTIFIED_ALL: 'Type AR: certified complete driving record',
};

/** A stored Texas record type in words; a value from before the list (or a typo in an old order's input) as it is. */
export const texasRecordTypeLabel = (value: string): string => TEXAS_RECORD_TYPE_LABELS[value as TexasRecordType] ?? value;
