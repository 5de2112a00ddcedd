// How the driver pages name and colour order types, statuses, outcomes and reports. Colours are
// shade 7–9 so white text on a filled badge passes WCAG AA; every badge also says its value in words.
import type { OrderStatus, OrderType, Outcome } from '@clearlane/contract/orders';

export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  MVR: 'MVR',
  MVR_WITH_ADJUDICATION: 'MVR, adjudicated',
  PERSON_RISK_ASSESSMENT: 'Person risk assessment',
  BUSINESS_RISK_INFORM_REPORT: 'Business risk report',
  VIN_REPORT: 'Vehicle (VIN) report',
};

/** The report an order of each type produces, as its detail page names it. */
export const REPORT_LABELS: Record<OrderType, string> = {
  MVR: 'Motor vehicle record',
  MVR_WITH_ADJUDICATION: 'Motor vehicle record',
  PERSON_RISK_ASSESSMENT: 'Person risk assessment',
  BUSINESS_RISK_INFORM_REPORT: 'Business risk assessment',
  VIN_REPORT: 'Vehicle report',
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  New: 'gray.7',
  Ordered: 'lane.7',
  Received: 'indigo.9',
  Complete: 'teal.9',
  Failed: 'red.9',
  Error: 'pink.9',
};

export const OUTCOME_LABELS: Record<Outcome, string> = {
  Pass: 'Pass',
  Fail: 'Fail',
  Indeterminate: 'Indeterminate',
  NoResults: 'No results',
  NotFulfilled: 'Not fulfilled',
};

export const OUTCOME_COLORS: Record<Outcome, string> = {
  Pass: 'teal.9',
  Fail: 'red.9',
  Indeterminate: 'grape.9',
  NoResults: 'gray.7',
  NotFulfilled: 'violet.9',
};
