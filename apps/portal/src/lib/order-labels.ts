// How the portal names and colours order types, statuses, outcomes and reports: one vocabulary for
// the orders, reports, drivers, businesses and home pages (features may not import each other, so
// it lives here).
// Colours are shade 7–9 so white text on them passes WCAG AA; every badge also says its value in
// words (never colour alone).
import { REPORT_TYPE_LABELS } from '@clearlane/contract/labels';
import type { RiskLevel } from '@clearlane/contract/domain/risk-reports';
import type { OrderStatus, OrderType, Outcome } from '@clearlane/contract/orders';

// One name for one thing (issue 13): the contract's labels, which the server's documents use too.
export { DOCUMENT_LABELS, ORDER_TYPE_LABELS, OUTCOME_LABELS, REPORT_TYPE_LABELS, TEXAS_RECORD_TYPE_LABELS, texasRecordTypeLabel } from '@clearlane/contract/labels';

/** The report an order of each type produces (the contract's REPORT_TYPE_OF_ORDER), by its report type's name. */
export const REPORT_LABELS: Record<OrderType, string> = {
  MVR: REPORT_TYPE_LABELS.MotorVehicleRecord,
  MVR_WITH_ADJUDICATION: REPORT_TYPE_LABELS.MotorVehicleRecord,
  PERSON_RISK_ASSESSMENT: REPORT_TYPE_LABELS.PersonRiskAssessment,
  BUSINESS_RISK_INFORM_REPORT: REPORT_TYPE_LABELS.BusinessRiskAssessment,
  VIN_REPORT: REPORT_TYPE_LABELS.VehicleReport,
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  New: 'New',
  Ordered: 'Ordered',
  Received: 'Received',
  Complete: 'Complete',
  Failed: 'Failed',
  Error: 'Error',
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  New: 'gray.7',
  Ordered: 'lane.7',
  Received: 'indigo.9',
  Complete: 'teal.9',
  Failed: 'red.9',
  Error: 'pink.9',
};

export const OUTCOME_COLORS: Record<Outcome, string> = {
  Pass: 'teal.9',
  Fail: 'red.9',
  Indeterminate: 'grape.9',
  NoResults: 'gray.7',
  NotFulfilled: 'violet.9',
};

/** What each outcome means, for the detail page. */
export const OUTCOME_MEANINGS: Record<Outcome, string> = {
  Pass: 'Every rule of the ruleset was met.',
  Fail: 'At least one rule of the ruleset was not met.',
  Indeterminate: 'The record did not say enough to decide every rule.',
  NoResults: 'The provider found no record for this subject.',
  NotFulfilled: 'The state or provider did not fulfil this request.',
};

export { FINISHED_STATUSES, isPending, PENDING_POLL_MS } from './order-status.ts';

/** The steps an order goes through, in order, for the progress indicator. */
export const ORDER_STEPS = ['New', 'Ordered', 'Received', 'Complete'] as const satisfies readonly OrderStatus[];

/** Where an order of each type is placed, for "place the order again". */
export const PLACE_ORDER_PATHS: Record<OrderType, string> = {
  MVR: '/orders/mvr/single-order',
  MVR_WITH_ADJUDICATION: '/orders/mvr/single-order',
  PERSON_RISK_ASSESSMENT: '/orders/person-risk-assessment/single-order',
  BUSINESS_RISK_INFORM_REPORT: '/orders/business-risk-assessment/single-order',
  VIN_REPORT: '/orders/vin/single-order',
};

/** A provider's risk level (risk assessments), in words and colour; amber, not orange-9, for AA contrast. */
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { LOW: 'Low', MODERATE: 'Moderate', HIGH: 'High', SEVERE: 'Severe' };
export const RISK_LEVEL_COLORS: Record<RiskLevel, string> = { LOW: 'teal.9', MODERATE: '#a14000', HIGH: 'red.9', SEVERE: 'grape.9' };
